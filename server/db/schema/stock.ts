import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { packs, products, warehouses } from './catalogue'
import { orders } from './orders'
import { websites } from './sites'

export const STOCK_REASONS = [
  'opening',
  'received',
  'sold',
  'returned',
  'damaged',
  'count_correction',
  'order_hold',
  'order_release',
  'import',
  'expired',
  'supplier_return',
] as const
export type StockReason = (typeof STOCK_REASONS)[number]

/**
 * Every change of a `stock` row, written by the stock service in the transaction of the change: per pack and
 * warehouse, the sums of the changes equal the row (docs/decisions/0015-stock-ledger-and-warehouses.md).
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    onHandChange: integer('on_hand_change').notNull(),
    reservedChange: integer('reserved_change').notNull(),
    onHandAfter: integer('on_hand_after').notNull(),
    reservedAfter: integer('reserved_after').notNull(),
    reason: text('reason').$type<StockReason>().notNull(),
    /** null: the system (checkout, the hold sweeper, a migration) */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_ledger_pack_idx').on(t.packId, t.warehouseId, t.id),
    index('stock_ledger_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    check('stock_ledger_reason_ck', sql.raw(`reason in (${STOCK_REASONS.map((r) => `'${r}'`).join(', ')})`)),
  ],
)

/**
 * A product's stock over all its packs and warehouses, kept in step by the stock service (the staff product list
 * filters and sorts by it). Apart from `products`, so stock moves never lock the row staff edit with versions.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    available: integer('available').generatedAlwaysAs(sql`on_hand - reserved`),
  },
  (t) => [index('product_stock_site_available_idx').on(t.websiteId, t.available, t.productId)],
)

/** A pack's low-stock mark: a stock row with this many or fewer available (and some) is low. */
export const stockThresholds = pgTable('stock_thresholds', {
  packId: integer('pack_id')
    .primaryKey()
    .references(() => packs.id, { onDelete: 'cascade' }),
  websiteId: integer('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  lowAt: integer('low_at').notNull(),
})

/**
 * Stock of a pack at a warehouse held by batch (issue 33, docs/decisions/0048-batches-and-expiry.md): per (pack,
 * warehouse) the batches' quantities sum to the `stock` row's on hand and their reserved to its reserved, kept so by
 * the stock service (moves.ts), which changes them under the stock row's lock. "Opening": stock from before batches
 * (and anything added without one), no expiry, cost unknown.
 */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    batch: text('batch').notNull(),
    /** the last day it may be sold; null: does not expire */
    expiry: date('expiry', { mode: 'string' }),
    quantity: integer('quantity').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    /** cost of one unit in paise, after discount, before GST; null: not known (opening stock) */
    costPaise: integer('cost_paise'),
    /** the MRP printed on the batch */
    mrpPaise: integer('mrp_paise'),
    /** the purchase bill line it came in on */
    purchaseLineId: integer('purchase_line_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_batches_pack_idx').on(t.packId, t.warehouseId, t.expiry),
    index('stock_batches_site_expiry_idx').on(t.websiteId, t.expiry).where(sql`${t.quantity} > 0`),
    check('stock_batches_quantity_ck', sql`${t.reserved} >= 0 and ${t.quantity} >= ${t.reserved}`),
  ],
)

/**
 * What each ledger row did to each batch: the batches a sale took (and so its cost), a hold's batches that its
 * release and delivery give back or take, a return's batches. `taken`: units the order took from the batch (a hold
 * or a counter sale: +, a release: −), the basis of the sale's cost.
 */
export const stockBatchMoves = pgTable(
  'stock_batch_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ledgerId: bigint('ledger_id', { mode: 'number' })
      .notNull()
      .references(() => stockLedger.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'cascade' }),
    onHandChange: integer('on_hand_change').notNull(),
    reservedChange: integer('reserved_change').notNull(),
    taken: integer('taken').notNull().default(0),
    /** the batch's unit cost at the move (null: unknown) */
    costPaise: integer('cost_paise'),
  },
  (t) => [index('stock_batch_moves_ledger_idx').on(t.ledgerId), index('stock_batch_moves_batch_idx').on(t.batchId)],
)
