import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { TaxDocumentContent } from '../../../common/contracts/invoices'
import { orders } from './orders'
import { websites } from './sites'

/**
 * A website's GST registration (docs/decisions/0030-gst-invoices.md): who the supplier on its invoices is. No row:
 * the website is not registered and issues no tax invoices.
 */
export const taxSettings = pgTable('tax_settings', {
  websiteId: integer('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  tradeName: text('trade_name').notNull().default(''),
  gstin: text('gstin').notNull(),
  /** one of INDIAN_STATES; its GST state code is the GSTIN's first two digits */
  state: text('state').notNull(),
  address: text('address').notNull(),
  invoicePrefix: text('invoice_prefix').notNull().default('INV'),
  creditNotePrefix: text('credit_note_prefix').notNull().default('CN'),
  /** the delivery charge as a service of its own */
  deliverySac: text('delivery_sac').notNull().default('9968'),
  deliveryGstRate: integer('delivery_gst_rate').notNull().default(18),
  /** the Tally ledgers the export books to, those staff named (the rest keep their defaults: invoices/tally.ts) */
  tallyLedgers: jsonb('tally_ledgers').$type<Record<string, string>>(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export type TaxDocumentKind = 'invoice' | 'credit_note'

/**
 * The last number of each series: per website, kind and financial year ("2026-27"). Taken with an upsert that
 * locks the row until the issuing transaction ends, so numbers are consecutive and a rolled-back issue gives its
 * number back.
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TaxDocumentKind>().notNull(),
    financialYear: text('financial_year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.kind, t.financialYear] })],
)

/** Tax invoices and credit notes, their content frozen as issued. */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').$type<TaxDocumentKind>().notNull(),
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    /** a credit note's invoice */
    invoiceId: integer('invoice_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    placeOfSupply: text('place_of_supply').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    content: jsonb('content').$type<TaxDocumentContent>().notNull(),
  },
  (t) => [
    uniqueIndex('tax_documents_series_uq').on(t.websiteId, t.kind, t.financialYear, t.seq),
    uniqueIndex('tax_documents_number_uq').on(t.websiteId, t.kind, t.number),
    // one tax invoice per order
    uniqueIndex('tax_documents_invoice_uq').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    index('tax_documents_order_idx').on(t.orderId, t.id),
    index('tax_documents_period_idx').on(t.websiteId, t.issuedAt),
    check('tax_documents_kind_ck', sql`${t.kind} in ('invoice', 'credit_note')`),
  ],
)
