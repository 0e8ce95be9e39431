import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { packs, warehouses } from './catalogue'
import { orderItems, orders } from './orders'
import { websites } from './sites'

/**
 * The shop counter (docs/decisions/0024-point-of-sale.md). A register sells from one warehouse of its website, from
 * the same stock rows as the storefront; its sales are orders with channel `pos`.
 */
export const posRegisters = pgTable(
  'pos_registers',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pos_registers_name_uq').on(t.websiteId, t.name)],
)

/** Notes and coins counted at close, by face value in rupees. */
export type CashCount = Record<string, number>

/** A cashier's shift on a register: at most one open per register (the partial unique index). */
export const posShifts = pgTable(
  'pos_shifts',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    registerId: integer('register_id')
      .notNull()
      .references(() => posRegisters.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openingPaise: integer('opening_paise').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /** at close: what the drawer should hold, what was counted (and how) */
    expectedPaise: integer('expected_paise'),
    countedPaise: integer('counted_paise'),
    counted: jsonb('counted').$type<CashCount>(),
  },
  (t) => [uniqueIndex('pos_shifts_one_open_uq').on(t.registerId).where(sql`${t.closedAt} is null`), index('pos_shifts_website_idx').on(t.websiteId, t.id)],
)

/** Cash put in or taken out of the drawer during a shift, with why. */
export const posCashMoves = pgTable(
  'pos_cash_moves',
  {
    id: serial('id').primaryKey(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => posShifts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'in' | 'out'>().notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pos_cash_moves_shift_idx').on(t.shiftId), check('pos_cash_moves_kind_ck', sql`${t.kind} in ('in', 'out')`)],
)

/**
 * One row per client id (made by the POS): the first request claims it, a retry finds it and gets the same answer;
 * the same id with another body is refused (the request's hash is kept, as checkout keeps its keys' hashes).
 */
export const posSales = pgTable(
  'pos_sales',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    requestHash: text('request_hash').notNull(),
    shiftId: integer('shift_id').references(() => posShifts.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** paise: line discounts and the order discount together */
    discountPaise: integer('discount_paise').notNull().default(0),
    changePaise: integer('change_paise').notNull().default(0),
    /** paise off by the website's coupon (the order keeps its code and redemption) */
    couponPaise: integer('coupon_paise').notNull().default(0),
    offline: boolean('offline').notNull().default(false),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pos_sales_client_uq').on(t.websiteId, t.clientId), index('pos_sales_shift_idx').on(t.shiftId)],
)

/** What each line of a sale came to after its discounts (a return refunds from this). */
export const posSaleLines = pgTable(
  'pos_sale_lines',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => posSales.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    packId: integer('pack_id').notNull(),
    quantity: integer('quantity').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    /** price × quantity less the line's discount and its share of the order discount */
    netPaise: integer('net_paise').notNull(),
  },
  (t) => [index('pos_sale_lines_sale_idx').on(t.saleId)],
)

/** `khata`: put on the customer's credit book (docs/decisions/0047-khata.md); never in the drawer */
export const POS_METHODS = ['cash', 'upi', 'card', 'khata'] as const
export type PosMethod = (typeof POS_METHODS)[number]

/** Money taken for a sale (cash net of change) or given back for a return (negative, with the return's id). */
export const posPayments = pgTable(
  'pos_payments',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id').notNull(),
    shiftId: integer('shift_id').references(() => posShifts.id, { onDelete: 'set null' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    returnId: integer('return_id'),
    method: text('method').$type<PosMethod>().notNull(),
    /** + taken, − refunded */
    amountPaise: integer('amount_paise').notNull(),
    /** cash handed over (before change); the amount for other methods */
    tenderedPaise: integer('tendered_paise').notNull(),
    reference: text('reference'),
    /** the dynamic UPI QR that took this payment */
    upiQrId: integer('upi_qr_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pos_payments_shift_idx').on(t.shiftId),
    index('pos_payments_order_idx').on(t.orderId),
    check('pos_payments_method_ck', sql`${t.method} in ('cash', 'upi', 'card', 'khata')`),
  ],
)

/** Goods brought back against a receipt. */
export const posReturns = pgTable(
  'pos_returns',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shiftId: integer('shift_id').references(() => posShifts.id, { onDelete: 'set null' }),
    refundPaise: integer('refund_paise').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pos_returns_order_idx').on(t.orderId)],
)

export const posReturnLines = pgTable(
  'pos_return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => posReturns.id, { onDelete: 'cascade' }),
    saleLineId: integer('sale_line_id')
      .notNull()
      .references(() => posSaleLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    refundPaise: integer('refund_paise').notNull(),
  },
  (t) => [index('pos_return_lines_line_idx').on(t.saleLineId)],
)

/** An offline sale that sold more than the shelf had by the time it arrived: recorded, never dropped. */
export const posStockDiscrepancies = pgTable(
  'pos_stock_discrepancies',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    saleId: integer('sale_id')
      .notNull()
      .references(() => posSales.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id').notNull(),
    sold: integer('sold').notNull(),
    /** units sold that the stock row did not have */
    shortBy: integer('short_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pos_discrepancies_website_idx').on(t.websiteId, t.id)],
)

export const UPI_QR_STATUSES = ['pending', 'paid', 'expired'] as const
export type UpiQrStatus = (typeof UPI_QR_STATUSES)[number]

/**
 * A dynamic UPI QR shown at the counter (Razorpay QR Codes API, single use, fixed amount), paid when its
 * `qr_code.credited` webhook arrives; a sale then takes it as a `upi` payment, once (`order_id` is set under the
 * row's lock: one QR pays one sale).
 */
export const posUpiQrs = pgTable(
  'pos_upi_qrs',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    shiftId: integer('shift_id').references(() => posShifts.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull().default('razorpay'),
    /** the key id it was made with (the website's own keys or the process's) */
    account: text('account'),
    providerQrId: text('provider_qr_id').notNull(),
    imageUrl: text('image_url').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    closeBy: timestamp('close_by', { withTimezone: true }).notNull(),
    status: text('status').$type<UpiQrStatus>().notNull().default('pending'),
    providerPaymentId: text('provider_payment_id'),
    paidPaise: integer('paid_paise'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** the sale it paid */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_upi_qrs_provider_uq').on(t.provider, t.providerQrId),
    uniqueIndex('pos_upi_qrs_order_uq').on(t.orderId),
    index('pos_upi_qrs_website_idx').on(t.websiteId, t.id),
    check('pos_upi_qrs_status_ck', sql`${t.status} in ('pending', 'paid', 'expired')`),
  ],
)
