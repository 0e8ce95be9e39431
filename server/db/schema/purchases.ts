import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { packs, warehouses } from './catalogue'
import { websites } from './sites'

/** Who the shop buys from (issue 33): GSTIN checked as the shop's own (common/rules/gstin.ts). */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gstin: text('gstin'),
    /** one of INDIAN_STATES: decides CGST + SGST (the shop's state) or IGST on its bills */
    state: text('state'),
    phone: text('phone'),
    address: text('address').notNull().default(''),
    /** days of credit the supplier gives */
    paymentTermsDays: integer('payment_terms_days').notNull().default(0),
    /** what the shop owes the supplier: the sum of its entries (supplier-books.ts), changed under this row's lock */
    balancePaise: integer('balance_paise').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suppliers_site_name_idx').on(t.websiteId, t.name)],
)

/** A supplier's bill received into a warehouse: its lines became stock batches. Money in paise. */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    billNumber: text('bill_number'),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    /** true: the supplier is in the shop's state (CGST + SGST); false: IGST */
    intraState: boolean('intra_state').notNull().default(true),
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the purchase order it was received against (supplier-books.ts), if any */
    purchaseOrderId: integer('purchase_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchases_site_date_idx').on(t.websiteId, t.billDate), index('purchases_supplier_idx').on(t.supplierId)],
)

export const purchaseLines = pgTable(
  'purchase_lines',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id),
    quantity: integer('quantity').notNull(),
    freeQuantity: integer('free_quantity').notNull().default(0),
    /** price of one billed unit before discount and GST */
    costPaise: integer('cost_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    gstRate: integer('gst_rate').notNull().default(0),
    batch: text('batch').notNull(),
    expiry: date('expiry', { mode: 'string' }),
    mrpPaise: integer('mrp_paise'),
    /** quantity × cost − discount */
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    /** the batch it made */
    batchId: integer('batch_id'),
  },
  (t) => [index('purchase_lines_purchase_idx').on(t.purchaseId), check('purchase_lines_quantity_ck', sql`${t.quantity} > 0 and ${t.freeQuantity} >= 0`)],
)
