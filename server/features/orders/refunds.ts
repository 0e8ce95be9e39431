import { formatINR } from '../../../common/money'
import type { Db, Tx } from '../../db/client'
import type { RefundReason } from '../../db/schema/orders'
import * as q from './queries'

/** A payment the provider captured: what it was paid on, its id there, and what it took. */
export interface Capture {
  providerOrderId: string
  providerPaymentId: string
  amountPaise: number
  currency: string
}

/** Ours, sent to the provider with the refund: stable per captured payment, so a retried call finds the first. */
const referenceFor = (c: Capture) => `rf-${c.providerPaymentId.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 40)

/**
 * Gives captured money back through the provider (the outbox `refund` job), for all of what was captured. Once per
 * captured payment: the refund row's unique key lets only the first caller (webhook, confirm, a replay) record it,
 * write the timeline event and queue the job. Returns whether this call was that first one.
 */
export async function refundCapture(tx: Tx, payment: q.PaymentRow, c: Capture, reason: RefundReason, note: string): Promise<boolean> {
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
    reference: referenceFor(c),
  })
  if (!refund) return false
  await q.insertEvent(tx, payment.orderId, 'refund_requested', `${note} (${formatINR(c.amountPaise)})`)
  await q.insertOutbox(tx, 'refund', { refundId: refund.id })
  return true
}

/**
 * A refund the provider reports done (webhook or the refund call's answer); once. When the money was the order's
 * own payment (cancelled, or paid after release), the attempt and the order become refunded too; a refunded second
 * payment leaves a paid order paid.
 */
export async function refundSettled(db: Db | Tx, refund: q.RefundRow, providerRefundId: string | null): Promise<boolean> {
  if (!(await q.updateRefundIf(db, refund.id, ['pending', 'failed'], { status: 'processed', ...(providerRefundId ? { providerRefundId } : {}) }))) return false
  if (await q.updatePaymentIf(db, refund.paymentId, ['refund_pending'], { status: 'refunded' }, refund.providerPaymentId)) {
    await q.updateOrderIf(db, refund.orderId, { paymentStatus: ['refund_pending'] }, { paymentStatus: 'refunded' })
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
export const findRefundByPayment = (db: Db | Tx, provider: string, providerPaymentId: string) => q.findRefundByPayment(db, provider, providerPaymentId)
export const hasRefund = async (db: Db, payment: q.PaymentRow, reason: RefundReason) =>
  (await q.refundsOf(db, payment.orderId)).some((r) => r.paymentId === payment.id && r.reason === reason)
