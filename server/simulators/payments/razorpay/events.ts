import { unixSeconds } from '../format'
import type { Sim } from '../simulator'
import type { RzpOrderRec, RzpPaymentRec, RzpRefundRec } from '../state'
import { orderEntity, paymentEntity, refundEntity } from './entities'

type EventName = 'payment.authorized' | 'payment.captured' | 'payment.failed' | 'order.paid' | 'refund.created' | 'refund.processed'

/** A Razorpay webhook (B.6) about an order, QR code or link of `owner`'s account, its entities as they are at this moment; order.paid carries the order, refund events the payment. */
export function razorpayEvent(
  sim: Sim,
  owner: { account?: string } | undefined,
  event: EventName,
  payment: RzpPaymentRec,
  extra: { order?: RzpOrderRec; refund?: RzpRefundRec } = {},
) {
  const payload: Record<string, { entity: unknown }> = {}
  if (extra.refund) payload.refund = { entity: refundEntity(extra.refund) }
  payload.payment = { entity: paymentEntity(payment) }
  if (extra.order) payload.order = { entity: orderEntity(extra.order) }
  const body = JSON.stringify({
    entity: 'event',
    account_id: `acc_${(owner?.account ?? sim.accounts.razorpay.keyId).slice(-14)}`,
    event,
    contains: Object.keys(payload),
    payload,
    created_at: unixSeconds(sim.now()),
  })
  return { type: event, body }
}
