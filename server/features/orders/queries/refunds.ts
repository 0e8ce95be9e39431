import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { users } from '../../../db/schema/accounts'
import { AUTOMATIC_REFUND_REASONS, orders, paymentRefunds, type RefundState } from '../../../db/schema/orders'

type Conn = Db | Tx

export type RefundRow = typeof paymentRefunds.$inferSelect

/** A refund of one captured provider payment; null when that payment has one already (the unique key decides). */
export async function insertRefund(tx: Tx, row: typeof paymentRefunds.$inferInsert): Promise<RefundRow | null> {
  const rows = await tx.insert(paymentRefunds).values(row).onConflictDoNothing().returning()
  return rows[0] ?? null
}
export async function findRefundById(db: Conn, id: number): Promise<RefundRow | null> {
  const rows = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).limit(1)
  return rows[0] ?? null
}
/** `site`: the website a webhook's address names (null: any, the process's own address), see `WebhookSite` */
const inSite = (site: number | null) => (site === null ? undefined : eq(paymentRefunds.websiteId, site))

/** The system's refund of a captured payment (amount mismatch, released, duplicate, cancelled): at most one per website. */
export async function findRefundByPayment(db: Conn, site: number | null, provider: string, providerPaymentId: string): Promise<RefundRow | null> {
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        inSite(site),
        eq(paymentRefunds.provider, provider),
        eq(paymentRefunds.providerPaymentId, providerPaymentId),
        inArray(paymentRefunds.reason, [...AUTOMATIC_REFUND_REASONS]),
      ),
    )
    .limit(1)
  return rows[0] ?? null
}
/** A refund by our reference (sent to the provider as Razorpay's receipt / Cashfree's refund_id) or the provider's id. */
export async function findRefundByIds(
  db: Conn,
  site: number | null,
  provider: string,
  ids: { reference?: string; providerRefundId?: string },
): Promise<RefundRow | null> {
  const by = ids.reference
    ? eq(paymentRefunds.reference, ids.reference)
    : ids.providerRefundId
      ? eq(paymentRefunds.providerRefundId, ids.providerRefundId)
      : null
  if (!by) return null
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(and(inSite(site), eq(paymentRefunds.provider, provider), by))
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

/** The staff member who made each staff refund of an order, by refund id. */
export async function refundersOf(db: Conn, orderId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: paymentRefunds.id, name: users.name })
    .from(paymentRefunds)
    .innerJoin(users, eq(users.id, paymentRefunds.userId))
    .where(eq(paymentRefunds.orderId, orderId))
  return new Map(rows.map((r) => [r.id, r.name ?? '']))
}
