import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { packs, warehouses } from './catalogue'
import { purchases, suppliers } from './purchases'
import { websites } from './sites'
import { stockBatches } from './stock'

/**
 * What the shop orders from, returns to and pays its suppliers (issue 33, docs/decisions/0058-supplier-books.md).
 * Money in paise.
 */

export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'part_received', 'received', 'cancelled'] as const
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number]

/**
 * The last number of each of a website's purchase series ('purchase_order', 'debit_note'), taken with an upsert that
 * locks the row until the transaction ends: numbers run 1..N with no gap, a rolled-back one is given back.
 */
export const purchaseCounters = pgTable(
  'purchase_counters',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.kind] })],
)

/** An order to a supplier: draft → sent → part received → received, or cancelled. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    status: text('status').$type<PurchaseOrderStatus>().notNull().default('draft'),
    note: text('note').notNull().default(''),
    expectedOn: date('expected_on', { mode: 'string' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_seq_uq').on(t.websiteId, t.seq),
    index('purchase_orders_supplier_idx').on(t.supplierId),
    check('purchase_orders_status_ck', sql.raw(`status in (${PURCHASE_ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
  ],
)

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id),
    quantity: integer('quantity').notNull(),
    /** billed units received against the line so far (free units not counted) */
    received: integer('received').notNull().default(0),
    /** the price agreed for one unit, before GST */
    costPaise: integer('cost_paise').notNull(),
    gstRate: integer('gst_rate').notNull().default(0),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_pack_uq').on(t.orderId, t.packId),
    check('purchase_order_lines_quantity_ck', sql`${t.quantity} > 0 and ${t.received} >= 0`),
  ],
)

/** Goods sent back to a supplier: a debit note, numbered in its own gapless series per website. */
export const debitNotes = pgTable(
  'debit_notes',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    reason: text('reason').notNull(),
    /** true: CGST + SGST; false: IGST */
    intraState: boolean('intra_state').notNull().default(true),
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('debit_notes_seq_uq').on(t.websiteId, t.seq), index('debit_notes_supplier_idx').on(t.supplierId)],
)

export const debitNoteLines = pgTable(
  'debit_note_lines',
  {
    id: serial('id').primaryKey(),
    debitNoteId: integer('debit_note_id')
      .notNull()
      .references(() => debitNotes.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id').references(() => stockBatches.id, { onDelete: 'set null' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id),
    batch: text('batch').notNull(),
    quantity: integer('quantity').notNull(),
    costPaise: integer('cost_paise').notNull(),
    gstRate: integer('gst_rate').notNull().default(0),
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
  },
  (t) => [index('debit_note_lines_note_idx').on(t.debitNoteId), check('debit_note_lines_quantity_ck', sql`${t.quantity} > 0`)],
)

export const SUPPLIER_PAYMENT_METHODS = ['cash', 'upi', 'bank', 'cheque'] as const
export type SupplierPaymentMethod = (typeof SUPPLIER_PAYMENT_METHODS)[number]

/**
 * The supplier's own khata: append-only. A bill received (+, the shop owes more), a payment made (−), a debit note
 * (−). `suppliers.balance_paise` is kept equal to the sum, changed under the supplier row's lock.
 */
export const supplierEntries = pgTable(
  'supplier_entries',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'purchase' | 'payment' | 'debit_note'>().notNull(),
    /** + the shop owes more, − less */
    amountPaise: integer('amount_paise').notNull(),
    balanceAfterPaise: integer('balance_after_paise').notNull(),
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    debitNoteId: integer('debit_note_id').references(() => debitNotes.id, { onDelete: 'set null' }),
    method: text('method').$type<SupplierPaymentMethod>(),
    reference: text('reference'),
    paidOn: date('paid_on', { mode: 'string' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('supplier_entries_supplier_idx').on(t.supplierId, t.id),
    check('supplier_entries_kind_ck', sql`${t.kind} in ('purchase', 'payment', 'debit_note')`),
    check('supplier_entries_amount_ck', sql`${t.amountPaise} <> 0`),
  ],
)
