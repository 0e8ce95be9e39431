import { and, count, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm'
import { type Db, outer, type Tx } from '../../../db/client'
import { customerProfiles, users } from '../../../db/schema/accounts'
import { orderCounters, orderDeliveries, orderEvents, orderItems, orders } from '../../../db/schema/orders'
import type { OrderPaymentStatus, OrderStatus } from '../../../db/schema/orders'
import { databaseErrorOf } from '../../../platform/db-errors'

type Conn = Db | Tx

export type OrderRow = typeof orders.$inferSelect

export type ItemRow = typeof orderItems.$inferSelect

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
/** The lines, answering their ids in the order given. */
export async function insertItemsAnsweringIds(tx: Tx, rows: (typeof orderItems.$inferInsert)[]): Promise<number[]> {
  return (await tx.insert(orderItems).values(rows).returning({ id: orderItems.id })).map((i) => i.id)
}
export const insertDeliveries = (tx: Tx, rows: (typeof orderDeliveries.$inferInsert)[]) =>
  rows.length ? tx.insert(orderDeliveries).values(rows) : Promise.resolve()

/** `userId`: the staff member who made the move (null: the shopper or the system) */
export const insertEvent = (tx: Conn, orderId: number, kind: string, note = '', userId: number | null = null) =>
  tx.insert(orderEvents).values({ orderId, kind, note, userId })

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
    if (databaseErrorOf(err)?.code === '55P03') throw new OrderBusy()
    throw err
  }
}

export async function listOwnOrders(db: Conn, websiteId: number, userId: number, limit: number, offset: number) {
  const where = and(eq(orders.websiteId, websiteId), eq(orders.userId, userId))
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        items: sql<number>`(select coalesce(sum(quantity), 0)::int from order_items where order_id = ${outer(orders.id)})`,
        placedBy: sql<string | null>`(select name from users where id = ${outer(orders.agentId)})`,
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

/** A conditional change of state: only one caller moves an order from `from`. */
export async function updateOrderIf(
  tx: Conn,
  id: number,
  from: { status?: OrderStatus[]; paymentStatus?: OrderPaymentStatus[]; held?: boolean },
  set: Partial<
    Pick<
      OrderRow,
      | 'status'
      | 'paymentStatus'
      | 'releasedAt'
      | 'holdExpiresAt'
      | 'deliveryPerson'
      | 'cashCollectedPaise'
      | 'upiCollectedPaise'
      | 'paidAtDoor'
      | 'duePaise'
      | 'deliveredAt'
    >
  >,
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
/** Unpaid orders past their hold, by id from `afterId` on (a round pages past those it kept). */
export function expiredHolds(db: Conn, now: Date, limit = 50, afterId = 0) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.paymentStatus, ['pending', 'failed']), isNull(orders.releasedAt), lt(orders.holdExpiresAt, now), gt(orders.id, afterId)))
    .orderBy(orders.id)
    .limit(limit)
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

/** The order's customer as its website knows them (docs/decisions/0034), never the account's own name, phone and email. */
export async function customerOf(db: Conn, websiteId: number, userId: number) {
  const rows = await db
    .select({ id: customerProfiles.userId, name: customerProfiles.name, phone: customerProfiles.phone, email: customerProfiles.email })
    .from(customerProfiles)
    .where(and(eq(customerProfiles.websiteId, websiteId), eq(customerProfiles.userId, userId)))
  return rows[0] ?? null
}
