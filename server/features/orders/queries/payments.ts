import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { orders, paymentEvents, payments } from '../../../db/schema/orders'
import type { PaymentRowStatus, PaymentVia } from '../../../db/schema/orders'

type Conn = Db | Tx

export type PaymentRow = typeof payments.$inferSelect

export const paymentsOf = (db: Conn, orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.attempt))

export async function insertPayment(tx: Tx, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [created] = await tx.insert(payments).values(row).returning()
  return created
}
/** `site`: the website a webhook's address names (null: any, the process's own address), see `WebhookSite` */
const inSite = (site: number | null) => (site === null ? undefined : eq(payments.websiteId, site))

export async function findPaymentByProviderOrder(db: Conn, site: number | null, provider: string, providerOrderId: string): Promise<PaymentRow | null> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId), inSite(site)))
    .limit(1)
  return rows[0] ?? null
}
/** The attempt whose reference at the provider this is. */
export async function findPaymentByReference(db: Conn, site: number | null, provider: string, reference: string): Promise<PaymentRow | null> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.reference, reference), inSite(site)))
    .limit(1)
  return rows[0] ?? null
}
/** An attempt made before references carried random characters, by what its reference says (website, order number, attempt). */
export async function findPaymentByLegacyReference(
  db: Conn,
  site: number | null,
  provider: string,
  ref: { websiteId: number; orderNumber: string; attempt: number },
): Promise<PaymentRow | null> {
  if (site !== null && ref.websiteId !== site) return null
  const rows = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.websiteId, ref.websiteId),
        eq(orders.orderNumber, ref.orderNumber),
        eq(payments.attempt, ref.attempt),
        eq(payments.provider, provider),
        isNull(payments.reference),
      ),
    )
    .limit(1)
  return rows[0]?.payment ?? null
}
export async function setProviderOrder(db: Conn, id: number, providerOrderId: string, account: string | null = null, via: PaymentVia = 'checkout') {
  await db
    .update(payments)
    .set({ providerOrderId, account, via, updatedAt: new Date() })
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

/** Stores a webhook once; null when the provider sent this event before. */
export async function insertPaymentEvent(tx: Tx, row: typeof paymentEvents.$inferInsert) {
  const rows = await tx.insert(paymentEvents).values(row).onConflictDoNothing().returning({ id: paymentEvents.id })
  return rows[0]?.id ?? null
}
export async function markEventProcessed(tx: Tx, id: number, outcome: string) {
  await tx.update(paymentEvents).set({ processedAt: new Date(), outcome }).where(eq(paymentEvents.id, id))
}

export async function findPaymentById(db: Conn, id: number): Promise<PaymentRow | null> {
  const rows = await db.select().from(payments).where(eq(payments.id, id)).limit(1)
  return rows[0] ?? null
}
