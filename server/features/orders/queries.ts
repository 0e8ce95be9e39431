import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm'
import type { AdminOrderQuery } from '../../../common/contracts/admin-orders'
import type { Db, Tx } from '../../db/client'
import {
  orderCounters,
  orderDeliveries,
  orderEvents,
  orderItems,
  orders,
  outbox,
  packs,
  paymentEvents,
  paymentRefunds,
  payments,
  users,
  warehouses,
} from '../../db/schema/index'
import { AUTOMATIC_REFUND_REASONS, type OrderPaymentStatus, type OrderStatus, type PaymentRowStatus, type RefundState } from '../../db/schema/orders'

export type OrderRow = typeof orders.$inferSelect
export type PaymentRow = typeof payments.$inferSelect
export type RefundRow = typeof paymentRefunds.$inferSelect
export type ItemRow = typeof orderItems.$inferSelect
type Conn = Db | Tx

/** The next number of a website (the counter row is locked until the order's transaction ends). */
export async function nextOrderNumber(tx: Tx, websiteId: number): Promise<number> {
  const [row] = await tx
    .insert(orderCounters)
    .values({ websiteId, last: 1 })
    .onConflictDoUpdate({ target: orderCounters.websiteId, set: { last: sql`${orderCounters.last} + 1` } })
    .returning({ last: orderCounters.last })
  return row.last
}

export async function insertOrder(tx: Tx, row: typeof orders.$inferInsert): Promise<OrderRow> {
  const [created] = await tx.insert(orders).values(row).returning()
  return created
}
export const insertItems = (tx: Tx, rows: (typeof orderItems.$inferInsert)[]) => tx.insert(orderItems).values(rows)
export const insertDeliveries = (tx: Tx, rows: (typeof orderDeliveries.$inferInsert)[]) =>
  rows.length ? tx.insert(orderDeliveries).values(rows) : Promise.resolve()
/** `userId`: the staff member who made the move (null: the shopper or the system) */
export const insertEvent = (tx: Conn, orderId: number, kind: string, note = '', userId: number | null = null) =>
  tx.insert(orderEvents).values({ orderId, kind, note, userId })
export const insertOutbox = (tx: Conn, kind: string, payload: Record<string, unknown>) => tx.insert(outbox).values({ kind, payload })

/** A key is the shopper's on one website: the same key elsewhere is another order. */
export async function findByIdempotencyKey(db: Conn, websiteId: number, userId: number, key: string): Promise<OrderRow | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1)
  return rows[0] ?? null
}

/** Keyed by website and user as well as id: another's order is simply not found (SECURITY AZ-03). */
export async function findOwnOrder(db: Conn, websiteId: number, userId: number, id: number): Promise<OrderRow | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.websiteId, websiteId), eq(orders.userId, userId)))
    .limit(1)
  return rows[0] ?? null
}

export async function findOwnOrderByNumber(db: Conn, websiteId: number, userId: number, orderNumber: string): Promise<OrderRow | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.websiteId, websiteId), eq(orders.userId, userId)))
    .limit(1)
  return rows[0] ?? null
}

export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | null> {
  const rows = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
  return rows[0] ?? null
}

export async function lockSiteOrderByNumber(tx: Tx, websiteId: number, orderNumber: string): Promise<OrderRow | null> {
  const rows = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.orderNumber, orderNumber)))
    .for('update')
  return rows[0] ?? null
}

/** The order's row lock was not free within the wait given to `lockOrderWithin`. */
export class OrderBusy extends Error {}

/** lockOrder for a caller that may wait only `ms` (PostgreSQL's lock_timeout, for this transaction only). */
export async function lockOrderWithin(tx: Tx, id: number, ms: number): Promise<OrderRow | null> {
  await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.floor(ms))}`))
  try {
    return await lockOrder(tx, id)
  } catch (err) {
    if (pgCode(err) === '55P03') throw new OrderBusy()
    throw err
  }
}

/** The SQLSTATE of a database error, also when drizzle wraps it (its `cause`). */
function pgCode(err: unknown): unknown {
  if (!err || typeof err !== 'object') return undefined
  const e = err as { code?: unknown; cause?: unknown }
  return e.code ?? pgCode(e.cause)
}

export async function listOwnOrders(db: Conn, websiteId: number, userId: number, limit: number, offset: number) {
  const where = and(eq(orders.websiteId, websiteId), eq(orders.userId, userId))
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        items: sql<number>`(select coalesce(sum(quantity), 0)::int from order_items where order_id = ${orders.id})`,
        placedBy: sql<string | null>`(select name from users where id = ${orders.agentId})`,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function setHoldExpiry(tx: Tx, id: number, until: Date) {
  await tx
    .update(orders)
    .set({ holdExpiresAt: until, updatedAt: new Date() })
    .where(and(eq(orders.id, id), isNull(orders.releasedAt)))
}

/** the name of the agent who placed an order */
export async function userName(db: Conn, userId: number): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1)
  return row?.name ?? null
}

/** Orders that count as placed for first-order coupons: all but the cancelled. */
export async function countPlacedOrders(db: Conn, websiteId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.userId, userId), ne(orders.status, 'cancelled')))
  return row?.n ?? 0
}

export const itemsOf = (db: Conn, orderId: number) => db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))
/** The lines that still hold units (a line staff removed before packing stays listed with quantity 0). */
export const heldItemsOf = async (db: Conn, orderId: number) => (await itemsOf(db, orderId)).filter((i) => i.quantity > 0)
/** A line's new quantity; what was ordered is kept the first time it changes. */
export async function setItemQuantity(tx: Tx, id: number, quantity: number) {
  await tx
    .update(orderItems)
    .set({ quantity, orderedQuantity: sql`coalesce(${orderItems.orderedQuantity}, ${orderItems.quantity})` })
    .where(eq(orderItems.id, id))
}
/** The order's money after its lines changed. */
export async function setOrderTotals(tx: Tx, id: number, t: Pick<OrderRow, 'itemsPaise' | 'discountPaise' | 'deliveryPaise' | 'totalPaise'>) {
  await tx
    .update(orders)
    .set({ ...t, updatedAt: new Date() })
    .where(eq(orders.id, id))
}
/** A delivery none of whose lines is left. */
export const deleteDelivery = (tx: Tx, orderId: number, warehouseId: number) =>
  tx.delete(orderDeliveries).where(and(eq(orderDeliveries.orderId, orderId), eq(orderDeliveries.warehouseId, warehouseId)))
/** In delivery-charge order, the order checkout takes slots in (so a release or retake never waits in a cycle with it). */
export const deliveriesOf = (db: Conn, orderId: number) =>
  db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId)).orderBy(asc(orderDeliveries.deliveryChargeId))
export const eventsOf = (db: Conn, orderId: number) => db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))
export const paymentsOf = (db: Conn, orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.attempt))

/** A conditional change of state: only one caller moves an order from `from`. */
export async function updateOrderIf(
  tx: Conn,
  id: number,
  from: { status?: OrderStatus[]; paymentStatus?: OrderPaymentStatus[]; held?: boolean },
  set: Partial<Pick<OrderRow, 'status' | 'paymentStatus' | 'releasedAt' | 'holdExpiresAt' | 'deliveryPerson' | 'cashCollectedPaise'>>,
): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, id),
        from.status ? inArray(orders.status, from.status) : undefined,
        from.paymentStatus ? inArray(orders.paymentStatus, from.paymentStatus) : undefined,
        from.held === true ? isNull(orders.releasedAt) : from.held === false ? sql`${orders.releasedAt} is not null` : undefined,
      ),
    )
    .returning({ id: orders.id })
  return rows.length === 1
}

/** Unpaid online orders whose hold ran out and still hold stock. */
export function expiredHolds(db: Conn, now: Date, limit = 50) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.paymentStatus, ['pending', 'failed']), isNull(orders.releasedAt), lt(orders.holdExpiresAt, now)))
    .limit(limit)
}

export async function insertPayment(tx: Tx, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [created] = await tx.insert(payments).values(row).returning()
  return created
}
export async function findPaymentByProviderOrder(db: Conn, provider: string, providerOrderId: string): Promise<PaymentRow | null> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)))
    .limit(1)
  return rows[0] ?? null
}
/** The attempt a provider reference names (website, order number, attempt number). */
export async function findPaymentByReference(db: Conn, provider: string, websiteId: number, orderNumber: string, attempt: number): Promise<PaymentRow | null> {
  const rows = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.websiteId, websiteId), eq(orders.orderNumber, orderNumber), eq(payments.attempt, attempt), eq(payments.provider, provider)))
    .limit(1)
  return rows[0]?.payment ?? null
}
export async function setProviderOrder(db: Conn, id: number, providerOrderId: string, account: string | null = null) {
  await db
    .update(payments)
    .set({ providerOrderId, account, updatedAt: new Date() })
    .where(and(eq(payments.id, id), isNull(payments.providerOrderId)))
}
export async function updatePaymentIf(
  tx: Conn,
  id: number,
  from: PaymentRowStatus[],
  set: Partial<Pick<PaymentRow, 'status' | 'providerPaymentId'>>,
  providerPaymentId?: string,
) {
  const rows = await tx
    .update(payments)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(eq(payments.id, id), inArray(payments.status, from), providerPaymentId === undefined ? undefined : eq(payments.providerPaymentId, providerPaymentId)),
    )
    .returning({ id: payments.id })
  return rows.length === 1
}

/** A refund of one captured provider payment; null when that payment has one already (the unique key decides). */
export async function insertRefund(tx: Tx, row: typeof paymentRefunds.$inferInsert): Promise<RefundRow | null> {
  const rows = await tx.insert(paymentRefunds).values(row).onConflictDoNothing().returning()
  return rows[0] ?? null
}
export async function findRefundById(db: Conn, id: number): Promise<RefundRow | null> {
  const rows = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).limit(1)
  return rows[0] ?? null
}
/** The system's refund of a captured payment (amount mismatch, released, duplicate, cancelled): at most one. */
export async function findRefundByPayment(db: Conn, provider: string, providerPaymentId: string): Promise<RefundRow | null> {
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.provider, provider),
        eq(paymentRefunds.providerPaymentId, providerPaymentId),
        inArray(paymentRefunds.reason, [...AUTOMATIC_REFUND_REASONS]),
      ),
    )
    .limit(1)
  return rows[0] ?? null
}
/** A refund by our reference (sent to the provider as Razorpay's receipt / Cashfree's refund_id) or the provider's id. */
export async function findRefundByIds(db: Conn, provider: string, ids: { reference?: string; providerRefundId?: string }): Promise<RefundRow | null> {
  const by = ids.reference
    ? eq(paymentRefunds.reference, ids.reference)
    : ids.providerRefundId
      ? eq(paymentRefunds.providerRefundId, ids.providerRefundId)
      : null
  if (!by) return null
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.provider, provider), by))
    .limit(1)
  return rows[0] ?? null
}
export const refundsOf = (db: Conn, orderId: number) =>
  db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(asc(paymentRefunds.id))

/** A conditional change of a refund's state: only one caller moves it from `from`. */
export async function updateRefundIf(db: Conn, id: number, from: RefundState[], set: Partial<Pick<RefundRow, 'status' | 'providerRefundId'>>) {
  const rows = await db
    .update(paymentRefunds)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(paymentRefunds.id, id), inArray(paymentRefunds.status, from)))
    .returning({ id: paymentRefunds.id })
  return rows.length === 1
}

/** A website's refunds, newest first, with their order numbers (the staff list). */
export async function listRefunds(db: Conn, websiteId: number, limit: number, offset: number) {
  const where = eq(paymentRefunds.websiteId, websiteId)
  const [rows, [total]] = await Promise.all([
    db
      .select({ refund: paymentRefunds, orderNumber: orders.orderNumber })
      .from(paymentRefunds)
      .innerJoin(orders, eq(orders.id, paymentRefunds.orderId))
      .where(where)
      .orderBy(desc(paymentRefunds.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(paymentRefunds).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** Stores a webhook once; null when the provider sent this event before. */
export async function insertPaymentEvent(tx: Tx, row: typeof paymentEvents.$inferInsert) {
  const rows = await tx.insert(paymentEvents).values(row).onConflictDoNothing().returning({ id: paymentEvents.id })
  return rows[0]?.id ?? null
}
export async function markEventProcessed(tx: Tx, id: number, outcome: string) {
  await tx.update(paymentEvents).set({ processedAt: new Date(), outcome }).where(eq(paymentEvents.id, id))
}

export type OutboxRow = typeof outbox.$inferSelect

/**
 * Claims one due message for `leaseMs` (FOR UPDATE SKIP LOCKED + a lease): several workers never take the same row,
 * and a worker that dies mid-send leaves it to be claimed again when the lease runs out.
 */
export async function claimOutbox(db: Db, leaseMs: number): Promise<OutboxRow | null> {
  const rows = await db.execute(sql`
    update outbox set claimed_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
    where id = (
      select id from outbox
      where sent_at is null and available_at <= now() and (claimed_until is null or claimed_until < now())
      order by id limit 1 for update skip locked)
    returning id, kind, payload, attempts`)
  const row = (rows as unknown as { rows: { id: number; kind: string; payload: Record<string, unknown>; attempts: number }[] }).rows[0]
  return row ? ({ ...row, availableAt: new Date(), claimedUntil: null, sentAt: null, lastError: null, createdAt: new Date() } as OutboxRow) : null
}

export async function markOutboxSent(db: Db, id: number) {
  await db
    .update(outbox)
    .set({ sentAt: new Date(), claimedUntil: null })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt)))
}

export async function retryOutboxLater(db: Db, id: number, delayMs: number, error: string) {
  await db
    .update(outbox)
    .set({ claimedUntil: null, availableAt: new Date(Date.now() + delayMs), lastError: error.slice(0, 500) })
    .where(eq(outbox.id, id))
}

export async function findPaymentById(db: Conn, id: number): Promise<PaymentRow | null> {
  const rows = await db.select().from(payments).where(eq(payments.id, id)).limit(1)
  return rows[0] ?? null
}
export async function findOrderById(db: Conn, id: number): Promise<OrderRow | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
  return rows[0] ?? null
}

/** Keyed by website as well as id: another website's order is not found. */
export async function findSiteOrder(db: Conn, websiteId: number, id: number): Promise<OrderRow | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.websiteId, websiteId)))
    .limit(1)
  return rows[0] ?? null
}

/** The timeline with the name of the staff member behind each move. */
export const eventsWithWho = (db: Conn, orderId: number) =>
  db
    .select({ kind: orderEvents.kind, note: orderEvents.note, at: orderEvents.createdAt, by: users.name })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.userId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id))

/** The staff member who made each staff refund of an order, by refund id. */
export async function refundersOf(db: Conn, orderId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: paymentRefunds.id, name: users.name })
    .from(paymentRefunds)
    .innerJoin(users, eq(users.id, paymentRefunds.userId))
    .where(eq(paymentRefunds.orderId, orderId))
  return new Map(rows.map((r) => [r.id, r.name ?? '']))
}

export async function customerOf(db: Conn, userId: number) {
  const rows = await db.select({ id: users.id, name: users.name, phone: users.phone, email: users.email }).from(users).where(eq(users.id, userId))
  return rows[0] ?? null
}

/** Dates are India's calendar days (the shops are in India). */
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'Asia/Kolkata')`
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The staff list's filters; `withStatus` false for the per-status counts (the tabs). */
function staffWhere(websiteId: number, query: AdminOrderQuery, withStatus: boolean): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(orders.websiteId, websiteId)]
  if (withStatus && query.status) parts.push(eq(orders.status, query.status))
  if (query.payment_status) parts.push(eq(orders.paymentStatus, query.payment_status))
  if (query.payment_method) parts.push(eq(orders.paymentMethod, query.payment_method))
  if (query.from) parts.push(gte(orders.createdAt, dayStart(query.from)))
  if (query.to) parts.push(lt(orders.createdAt, sql`${dayStart(query.to)} + interval '1 day'`))
  if (query.pincode) parts.push(sql`${orders.address}->>'pincode' = ${query.pincode}`)
  if (query.channel) parts.push(eq(orders.channel, query.channel))
  if (query.slot_date)
    parts.push(
      sql`exists (select 1 from ${orderDeliveries} d where d.order_id = ${orders.id} and d.date = ${query.slot_date}${query.slot ? sql` and d.start_time = ${query.slot}` : sql``})`,
    )
  if (query.q) {
    const like = likeOf(query.q)
    const digits = query.q.replace(/\D/g, '')
    // Two id sets, each found through its own trigram indexes (docs/decisions/0018): the order's own number and
    // address snapshot, and the account's name and phone. One OR across both would read every order of the website.
    parts.push(sql`${orders.id} in (
      select o.id from orders o where o.website_id = ${websiteId} and (o.order_number ilike ${like} or o.address->>'name' ilike ${like}${
        digits.length >= 4 ? sql` or o.address->>'mobile' like ${likeOf(digits.slice(-10))}` : sql``
      })
      union all
      select o.id from users u join orders o on o.user_id = u.id and o.website_id = ${websiteId} where u.name ilike ${like} or u.phone like ${like}
    )`)
  }
  return and(...parts)
}

const STAFF_SORTS = { created_at: orders.id, total: orders.totalPaise, order_number: orders.orderNumber } as const

export async function listSiteOrders(db: Conn, websiteId: number, query: AdminOrderQuery, sort: { column: keyof typeof STAFF_SORTS; desc: boolean }) {
  const where = staffWhere(websiteId, query, true)
  const column = STAFF_SORTS[sort.column]
  const [rows, counts] = await Promise.all([
    db
      .select({
        order: orders,
        customer: sql<string | null>`(select u.name from users u where u.id = ${orders.userId})`,
        slot: sql<
          string | null
        >`(select d.date || ' ' || d.start_time || '–' || d.end_time from order_deliveries d where d.order_id = ${orders.id} order by d.delivery_charge_id limit 1)`,
      })
      .from(orders)
      .where(where)
      .orderBy(sort.desc ? desc(column) : asc(column), desc(orders.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    // the tabs' counts answer the total too: the same filters, grouped by status (one count of the website, not two)
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(staffWhere(websiteId, query, false))
      .groupBy(orders.status),
  ])
  const total = query.status ? (counts.find((c) => c.status === query.status)?.n ?? 0) : counts.reduce((sum, c) => sum + c.n, 0)
  return { rows, total, counts }
}

/**
 * The lines of a website's confirmed orders (confirmed, not yet packed) delivered on `date` in the slot starting at
 * `start` (every slot of the day when null): each line with its order, its delivery window, the pack's SKU and the
 * warehouse's name. A line belongs to the delivery of its warehouse.
 */
export function openSlotLines(db: Conn, websiteId: number, date: string, start: string | null) {
  return db
    .select({
      order: orders,
      item: orderItems,
      startTime: orderDeliveries.startTime,
      endTime: orderDeliveries.endTime,
      sku: packs.sku,
      warehouse: warehouses.name,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(orderDeliveries, and(eq(orderDeliveries.orderId, orderItems.orderId), eq(orderDeliveries.warehouseId, orderItems.warehouseId)))
    .leftJoin(packs, eq(packs.id, orderItems.packId))
    .leftJoin(warehouses, eq(warehouses.id, orderItems.warehouseId))
    .where(
      and(
        eq(orders.websiteId, websiteId),
        eq(orders.status, 'confirmed'),
        gt(orderItems.quantity, 0),
        eq(orderDeliveries.date, date),
        start ? eq(orderDeliveries.startTime, start) : undefined,
      ),
    )
    .orderBy(asc(orderDeliveries.startTime), asc(orders.id), asc(orderItems.id))
}

/** The day's delivery windows that have orders of the website (any status): the orders list's slot filter. */
export function deliveryWindowsOn(db: Conn, websiteId: number, date: string) {
  return db
    .selectDistinct({ start: orderDeliveries.startTime, end: orderDeliveries.endTime })
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
    .where(and(eq(orders.websiteId, websiteId), eq(orderDeliveries.date, date)))
    .orderBy(asc(orderDeliveries.startTime), asc(orderDeliveries.endTime))
}

/** The day's delivery windows that have confirmed orders of the website. */
export function slotWindowsOn(db: Conn, websiteId: number, date: string) {
  return db
    .selectDistinct({ start: orderDeliveries.startTime, end: orderDeliveries.endTime })
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
    .where(and(eq(orders.websiteId, websiteId), eq(orders.status, 'confirmed'), eq(orderDeliveries.date, date)))
    .orderBy(asc(orderDeliveries.startTime), asc(orderDeliveries.endTime))
}

/** Outbox messages not yet sent, and how long the oldest one that is due has waited (metrics). */
export async function outboxLag(db: Db): Promise<{ pending: number; oldestDueSeconds: number }> {
  const result = await db.execute(sql`
    select count(*)::int as pending,
      coalesce(extract(epoch from now() - min(available_at) filter (where available_at <= now())), 0)::float8 as oldest
    from outbox where sent_at is null`)
  const [row] = (result as unknown as { rows: { pending: number; oldest: number }[] }).rows
  return { pending: Number(row?.pending ?? 0), oldestDueSeconds: Number(row?.oldest ?? 0) }
}
