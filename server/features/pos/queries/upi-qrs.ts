import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { orders } from '../../../db/schema/orders'
import { posUpiQrs } from '../../../db/schema/pos'

export type QrRow = typeof posUpiQrs.$inferSelect

export async function insertQr(tx: Tx, row: typeof posUpiQrs.$inferInsert): Promise<QrRow> {
  const [made] = await tx.insert(posUpiQrs).values(row).returning()
  return made
}

/** The website's QR by the provider's id, with the number of the sale it paid (if any). */
export const findQr = (db: Db | Tx, websiteId: number, providerQrId: string) =>
  db
    .select({ qr: posUpiQrs, orderNumber: orders.orderNumber })
    .from(posUpiQrs)
    .leftJoin(orders, eq(orders.id, posUpiQrs.orderId))
    .where(and(eq(posUpiQrs.websiteId, websiteId), eq(posUpiQrs.providerQrId, providerQrId)))
    .then((r) => r[0])

/** A Razorpay QR locked for its webhook or re-query; `websiteId` null: any website's (the process's own keys). */
export async function lockQr(tx: Tx, providerQrId: string, websiteId: number | null): Promise<QrRow | null> {
  const [row] = await tx
    .select()
    .from(posUpiQrs)
    .where(
      and(eq(posUpiQrs.provider, 'razorpay'), eq(posUpiQrs.providerQrId, providerQrId), websiteId === null ? undefined : eq(posUpiQrs.websiteId, websiteId)),
    )
    .for('update')
  return row ?? null
}

export async function markQrExpired(tx: Tx, id: number) {
  await tx.update(posUpiQrs).set({ status: 'expired' }).where(eq(posUpiQrs.id, id))
}

export async function markQrPaid(tx: Tx, id: number, paid: { providerPaymentId: string; paidPaise: number }) {
  await tx
    .update(posUpiQrs)
    .set({ status: 'paid', providerPaymentId: paid.providerPaymentId, paidPaise: paid.paidPaise, paidAt: new Date() })
    .where(eq(posUpiQrs.id, id))
}

/** The website's QRs by the provider's ids, locked in id order. */
export const lockQrsByProviderIds = (tx: Tx, websiteId: number, providerQrIds: string[]) =>
  tx
    .select()
    .from(posUpiQrs)
    .where(and(eq(posUpiQrs.websiteId, websiteId), inArray(posUpiQrs.providerQrId, providerQrIds)))
    .orderBy(posUpiQrs.providerQrId)
    .for('update')

export async function setQrsOrder(tx: Tx, ids: number[], orderId: number) {
  if (ids.length) await tx.update(posUpiQrs).set({ orderId }).where(inArray(posUpiQrs.id, ids))
}
