import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core'
import { ORDER_CHANNELS, type OrderChannel } from '../../../common/contracts/admin-orders'
import { users } from './accounts'
import { websites } from './sites'

/** The order's own lifecycle; payment and fulfilment move separately (docs/decisions/0007-checkout-and-orders.md). */
export type OrderStatus = 'placed' | 'confirmed' | 'packed' | 'out_for_delivery' | 'delivered' | 'cancelled' | 'expired'
export type PaidAtDoor = 'cash' | 'upi' | 'part' | 'nothing'
export type OrderPaymentStatus = 'cod' | 'pending' | 'paid' | 'failed' | 'refund_pending' | 'refunded'
export type PaymentRowStatus = 'created' | 'paid' | 'failed' | 'refund_pending' | 'refunded'
export type PaymentVia = 'checkout' | 'link'
/**
 * why captured money goes back: paid the wrong amount, arrived after the order was released, a second payment,
 * cancelled (the system's, at most one per captured payment); staff (a refund made by staff, full or partial) and
 * order_changed (a line reduced or removed before packing), any number while money is left (docs/decisions/0018)
 */
export type RefundReason = 'amount_mismatch' | 'order_released' | 'duplicate' | 'cancelled' | 'staff' | 'order_changed'
/** the system's reasons: one refund per captured payment, kept so by a partial unique index */
export const AUTOMATIC_REFUND_REASONS = ['amount_mismatch', 'order_released', 'duplicate', 'cancelled'] as const
export type RefundState = 'pending' | 'processed' | 'failed'

/** A business buyer of a B2B sale: their GSTIN (checked at checkout) and legal name, as the invoice shows them (issue 34). */
export interface OrderBuyer {
  gstin: string
  name: string
}

export interface AddressSnapshot {
  name: string
  mobile: string
  house: string
  street: string
  area: string
  landmark: string
  city: string
  state: string
  pincode: string
}

/** The next order number of each website (human-readable numbers per website). */
export const orderCounters = pgTable('order_counters', {
  websiteId: integer('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  last: integer('last').notNull().default(0),
})

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** the customer; null: a walk-in sale at the counter (no customer, never the cashier's own purchase) */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentStatus: text('payment_status').$type<OrderPaymentStatus>().notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** the storefront's checkout leaves the default; the POS and agents' orders say theirs */
    channel: text('channel').$type<OrderChannel>().notNull().default('web'),
    /** the sales agent who placed it for the customer (agent mode, docs/decisions/0034) */
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    itemsPaise: integer('items_paise').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    deliveryPaise: integer('delivery_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    couponCode: text('coupon_code'),
    couponRedemptionId: integer('coupon_redemption_id'),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    /** a registered business buying (B2B): its GSTIN decides the place of supply; null: an unregistered buyer (B2C) */
    buyer: jsonb('buyer').$type<OrderBuyer>(),
    notes: text('notes'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha-256 of the placement request without its key: a retry must send the same (null on orders placed before it was kept) */
    requestHash: text('request_hash'),
    /** an unpaid online order holds stock, slot and coupon until then */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** set once stock, slot and coupon went back (expired or cancelled); null while they are held */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** who took it out (staff, on the move to out for delivery) */
    deliveryPerson: jsonb('delivery_person').$type<{ name: string; phone: string }>(),
    /** cash taken at the door (COD, on delivery) */
    cashCollectedPaise: integer('cash_collected_paise'),
    /** how a cash-on-delivery order was paid at the door: cash, upi, part (some of it) or nothing (null: not delivered, or paid online) */
    paidAtDoor: text('paid_at_door').$type<PaidAtDoor>(),
    /** UPI taken at the door (COD, on delivery) */
    upiCollectedPaise: integer('upi_collected_paise'),
    /** what the shopper still owes after delivery (part or nothing paid at the door) */
    duePaise: integer('due_paise').notNull().default(0),
    /** when it was marked delivered (a day's cash handover per delivery person is by this day) */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.websiteId, t.orderNumber),
    uniqueIndex('orders_idempotency_uq').on(t.websiteId, t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.websiteId, t.userId, t.id),
    index('orders_site_status_idx').on(t.websiteId, t.status, t.id),
    // the admin home: today's orders, and the orders waiting per status (docs/decisions/0020)
    index('orders_website_created_idx').on(t.websiteId, t.createdAt),
    index('orders_website_status_idx').on(t.websiteId, t.status, t.paymentStatus),
    index('orders_hold_idx').on(t.holdExpiresAt).where(sql`${t.releasedAt} is null and ${t.paymentStatus} = 'pending'`),
    // the staff orders list on 100,000 orders (docs/decisions/0018, bench/admin-orders.ts): search by any part of the
    // number, name or mobile; the pincode filter; the sort by total
    index('orders_number_trgm_idx').using('gin', sql`${t.orderNumber} gin_trgm_ops`),
    index('orders_name_trgm_idx').using('gin', sql`(${t.address}->>'name') gin_trgm_ops`),
    index('orders_mobile_trgm_idx').using('gin', sql`(${t.address}->>'mobile') gin_trgm_ops`),
    index('orders_pincode_idx').on(t.websiteId, sql`(${t.address}->>'pincode')`, t.id),
    index('orders_total_idx').on(t.websiteId, t.totalPaise, t.id),
    index('orders_channel_idx').on(t.websiteId, t.channel, t.status),
    index('orders_agent_idx').on(t.websiteId, t.agentId, t.createdAt).where(sql`${t.agentId} is not null`),
    // a day's cash handover: the orders delivered that day
    index('orders_delivered_idx').on(t.websiteId, t.deliveredAt).where(sql`${t.deliveredAt} is not null`),
    check('orders_paid_at_door_ck', sql`${t.paidAtDoor} is null or ${t.paidAtDoor} in ('cash', 'upi', 'part', 'nothing')`),
    check('orders_due_ck', sql`${t.duePaise} >= 0`),
    check('orders_channel_ck', sql.raw(`channel in (${ORDER_CHANNELS.map((c) => `'${c}'`).join(', ')})`)),
  ],
)

/** What was bought, as it was at order time. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packId: integer('pack_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    productId: integer('product_id').notNull(),
    slug: text('slug').notNull(),
    image: text('image').notNull().default(''),
    productName: text('product_name').notNull(),
    packName: text('pack_name').notNull(),
    quantity: integer('quantity').notNull(),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    /** what the shopper ordered, once staff changed the line before packing (null: unchanged; quantity 0: removed) */
    orderedQuantity: integer('ordered_quantity'),
    /** what the units the line took from stock cost, in paise (weighted over their batches; null: not known) */
    costPaise: integer('cost_paise'),
  },
  // an order's lines (the order page, reports' top products and categories: docs/decisions/0023-reports.md)
  // … and 'often bought together' on the product page: the orders that hold a product (issue 18)
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId, t.orderId)],
)

/** One delivery per delivery group: its slot (taken from delivery_slots) and its charge. */
export const orderDeliveries = pgTable(
  'order_deliveries',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deliveryChargeId: integer('delivery_charge_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    slotId: integer('slot_id').notNull(),
    date: text('date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    chargePaise: integer('charge_paise').notNull(),
  },
  // the orders list's slot filter finds a day's (and window's) orders here first
  (t) => [primaryKey({ columns: [t.orderId, t.deliveryChargeId] }), index('order_deliveries_slot_idx').on(t.date, t.startTime, t.orderId)],
)

/** The status history shown as the order's timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    note: text('note').notNull().default(''),
    /** the staff member who made the move; null: the shopper or the system */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
)

/** One provider order per attempt (PAYMENTS.md A). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id').notNull(),
    provider: text('provider').notNull(),
    attempt: integer('attempt').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    /** the key id / client id the provider order was made with (a website's own keys or the shop's; null: the shop's) */
    account: text('account'),
    /**
     * ours at the provider (Razorpay receipt, Cashfree order_id, payment link reference), with random characters so
     * that it cannot be guessed; null: an attempt made before, whose reference is website, order number and attempt
     */
    reference: text('reference'),
    /**
     * what the provider order id names: a checkout order (`checkout`) or a payment link an agent sent (`link`), so that
     * the release job asks the provider the right question before letting go of an unpaid order (docs/decisions/0060)
     */
    via: text('via').$type<PaymentVia>().notNull().default('checkout'),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').$type<PaymentRowStatus>().notNull().default('created'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_attempt_uq').on(t.orderId, t.attempt),
    uniqueIndex('payments_provider_order_uq').on(t.provider, t.providerOrderId),
    // per website: ids named by a website's own (forgeable by its staff) webhooks never block another website's rows
    uniqueIndex('payments_provider_payment_uq').on(t.websiteId, t.provider, t.providerPaymentId),
    uniqueIndex('payments_reference_uq').on(t.provider, t.reference),
  ],
)

/**
 * Money going back through the provider, written before the provider is called (PAYMENTS.md B.7). At most one row
 * of the system's reasons per captured provider payment: the partial unique key makes such a refund happen once,
 * whoever sees the payment first (webhook, confirm, a replay). Staff refunds and line edits add rows of their own
 * (`staff`, `order_changed`), their sum kept within what was paid under the order's row lock. `payment_id` is the
 * attempt the money came through; null for cash given back on a cash-on-delivery order (provider `cash`).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id').notNull(),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** what goes back: all that was captured for the system's reasons, part of it for staff and line edits */
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    status: text('status').$type<RefundState>().notNull().default('pending'),
    /** ours, sent as Razorpay's receipt / Cashfree's refund_id, so a retried call finds the refund made before */
    reference: text('reference').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** staff: why (their words, for the staff page and the audit log) and who */
    note: text('note'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the order lines and units it gives back (null: an amount, or the whole payment) */
    lines: jsonb('lines').$type<RefundLine[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_payment_uq')
      .on(t.websiteId, t.provider, t.providerPaymentId)
      .where(sql`${t.reason} in ('amount_mismatch', 'order_released', 'duplicate', 'cancelled')`),
    uniqueIndex('payment_refunds_reference_uq').on(t.provider, t.reference),
    index('payment_refunds_website_idx').on(t.websiteId, t.id),
    index('payment_refunds_order_idx').on(t.orderId),
  ],
)

/** units of one order line given back by a refund */
export interface RefundLine {
  itemId: number
  quantity: number
}

/**
 * The webhook inbox: stored by provider event id before processing, so a replay is seen and skipped; per website
 * address (null: the process's), so that an event id sent to one website's address never silences another's.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    websiteId: integer('website_id'),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    rawBody: text('raw_body').notNull(),
    outcome: text('outcome').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [unique('payment_events_uq').on(t.provider, t.websiteId, t.eventId).nullsNotDistinct()],
)

/** The transactional outbox: written in the same transaction as its cause, delivered by a worker. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_pending_idx').on(t.availableAt).where(sql`${t.sentAt} is null`)],
)
