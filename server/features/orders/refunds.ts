import { formatINR } from '../../../common/money'
import type { Db, Tx } from '../../db/client'
import type { RefundLine, RefundReason } from '../../db/schema/orders'
import { unguessableReference } from '../payments/providers/inputs'
import type { WebhookSite } from '../payments/providers/types'
import * as q from './queries'

/** A payment the provider captured: what it was paid on, its id there, and what it took. */
export interface Capture {
  providerOrderId: string
  providerPaymentId: string
  amountPaise: number
  currency: string
}

/** Ours, sent to the provider with the refund: made once with the row (a retried call sends the row's), not guessable. */
const referenceFor = (c: Capture) => unguessableReference(`rf-${c.providerPaymentId}`)

/** A refund made by staff or a line edit: its own reference (`unguessableReference`), why, who, and the lines it gives back. */
export interface RefundExtra {
  reference: string
  note: string | null
  userId: number | null
  lines: RefundLine[] | null
}

/**
 * Gives captured money back through the provider (the outbox `refund` job): all that was captured for the system's
 * reasons, once per captured payment (the partial unique key lets only the first caller — webhook, confirm, a
 * replay — record it, write the timeline event and queue the job); or, with `extra`, a staff refund or a line edit's
 * difference under its own reference. Returns the refund when this call recorded it.
 */
export async function refundCapture(
  tx: Tx,
  payment: q.PaymentRow,
  c: Capture,
  reason: RefundReason,
  note: string,
  extra?: RefundExtra,
): Promise<q.RefundRow | null> {
  const refund = await q.insertRefund(tx, {
    orderId: payment.orderId,
    paymentId: payment.id,
    websiteId: payment.websiteId,
    provider: payment.provider,
    providerOrderId: c.providerOrderId,
    providerPaymentId: c.providerPaymentId,
    amountPaise: c.amountPaise,
    currency: c.currency,
    reason,
    reference: extra?.reference ?? referenceFor(c),
    note: extra?.note ?? null,
    userId: extra?.userId ?? null,
    lines: extra?.lines ?? null,
  })
  if (!refund) return null
  await q.insertEvent(tx, payment.orderId, 'refund_requested', `${note} (${formatINR(c.amountPaise)})`, extra?.userId ?? null)
  await q.insertOutbox(tx, 'refund', { refundId: refund.id })
  return refund
}

/**
 * A refund the provider reports done (webhook or the refund call's answer); once. When the money was the order's
 * own payment given back in full (cancelled, paid after release, or staff refunds that reached what was paid) and no
 * other refund of it is still pending, the attempt and the order become refunded too; a partial refund leaves a paid
 * order paid, and a refunded second payment leaves it as it was.
 */
export async function refundSettled(db: Db | Tx, refund: q.RefundRow, providerRefundId: string | null): Promise<boolean> {
  if (!(await q.updateRefundIf(db, refund.id, ['pending', 'failed'], { status: 'processed', ...(providerRefundId ? { providerRefundId } : {}) }))) return false
  const others = (await q.refundsOf(db, refund.orderId)).filter((r) => r.id !== refund.id && r.providerPaymentId === refund.providerPaymentId)
  if (refund.paymentId !== null && !others.some((r) => r.status === 'pending')) {
    if (await q.updatePaymentIf(db, refund.paymentId, ['refund_pending'], { status: 'refunded' }, refund.providerPaymentId)) {
      await q.updateOrderIf(db, refund.orderId, { paymentStatus: ['refund_pending'] }, { paymentStatus: 'refunded' })
    }
  }
  await q.insertEvent(db, refund.orderId, 'refunded', `${formatINR(refund.amountPaise)} refunded to the original payment method`)
  return true
}

/** The provider refused or gave up the refund: it stays listed for staff as failed; once. */
export async function refundFailed(db: Db | Tx, refund: q.RefundRow) {
  if (!(await q.updateRefundIf(db, refund.id, ['pending'], { status: 'failed' }))) return false
  await q.insertEvent(db, refund.orderId, 'refund_failed', 'The refund failed at the provider: the shop will follow up')
  return true
}

export const refundAccepted = (db: Db, refund: q.RefundRow, providerRefundId: string) => q.updateRefundIf(db, refund.id, ['pending'], { providerRefundId })
export const findRefund = (db: Db, id: number) => q.findRefundById(db, id)
/**
 * The refund a provider's refund event is about, among `site`'s refunds only (the website whose webhook address and
 * keys verified it; null: the process's address): by our reference (Razorpay's receipt, Cashfree's refund_id), else
 * by the provider's refund id, else the system's one refund of that payment (events that name only the payment).
 */
export async function findRefundForEvent(
  db: Db | Tx,
  site: WebhookSite,
  provider: string,
  e: { providerPaymentId?: string; refund?: { providerRefundId: string; refundId?: string } },
) {
  return (
    (await q.findRefundByIds(db, site, provider, { reference: e.refund?.refundId })) ??
    (await q.findRefundByIds(db, site, provider, { providerRefundId: e.refund?.providerRefundId })) ??
    (e.providerPaymentId ? await q.findRefundByPayment(db, site, provider, e.providerPaymentId) : null)
  )
}
export const hasRefund = async (db: Db, payment: q.PaymentRow, reason: RefundReason) =>
  (await q.refundsOf(db, payment.orderId)).some((r) => r.paymentId === payment.id && r.reason === reason)
