import { createHmac } from 'node:crypto'
import type { Sim } from '../simulator'
import type { RzpOrderRec, RzpPaymentRec } from '../state'
import { razorpayEvent } from './events'

export type Outcome = 'success' | 'failed' | 'user_dropped' | 'authorized_only' | 'late_auth'

export interface PayOptions {
  outcome: Outcome
  amountOverride?: number
  currencyOverride?: string
  signature?: 'valid' | 'invalid' | 'other_order'
  lateMs?: number
}

/** What checkout.js hands the page: the handler's three fields, the payment.failed error, or a dismissal. */
export type PayResult =
  | { kind: 'paid'; response: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string } }
  | { kind: 'failed'; error: Record<string, unknown> }
  | { kind: 'dismissed' }
  | { kind: 'refused'; description: string }

const FAILURE = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Payment failed (simulated)',
  source: 'customer',
  step: 'payment_authorization',
  reason: 'payment_failed',
}

export function signCheckout(secret: string, orderId: string, paymentId: string) {
  return createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex')
}

/** authorized → captured → order paid, each webhook showing the entities as they were at that step (auto-capture, B.5). */
function authorizeAndCapture(sim: Sim, order: RzpOrderRec, payment: RzpPaymentRec, capture: boolean) {
  payment.status = 'authorized'
  payment.error = null
  const events = [razorpayEvent(sim, 'payment.authorized', payment)]
  if (capture) {
    payment.status = 'captured'
    order.status = 'paid'
    order.amountPaid = payment.amount
    events.push(razorpayEvent(sim, 'payment.captured', payment), razorpayEvent(sim, 'order.paid', payment, { order }))
  }
  sim.emitRazorpay(order, events)
}

/** One payment attempt on an order, as Razorpay's checkout would make it. */
export function payRazorpay(sim: Sim, order: RzpOrderRec, o: PayOptions): PayResult {
  if (order.status === 'paid') return { kind: 'refused', description: 'This order is already paid' }
  if (o.outcome === 'user_dropped') return { kind: 'dismissed' }
  const payment: RzpPaymentRec = {
    id: sim.ids.razorpay('pay'),
    orderId: order.id,
    amount: o.amountOverride ?? order.amount,
    currency: o.currencyOverride ?? order.currency,
    status: 'created',
    amountRefunded: 0,
    error: null,
    createdAt: sim.now(),
  }
  sim.state.razorpay.payments.set(payment.id, payment)
  order.attempts += 1
  order.status = 'attempted'

  if (o.outcome === 'failed' || o.outcome === 'late_auth') {
    payment.status = 'failed'
    payment.error = FAILURE
    sim.emitRazorpay(order, [razorpayEvent(sim, 'payment.failed', payment)])
    // B.5: the bank confirms late; Razorpay then authorises and captures the payment it had reported failed.
    if (o.outcome === 'late_auth') sim.timers.later(o.lateMs ?? 3000, () => authorizeAndCapture(sim, order, payment, true))
    return { kind: 'failed', error: { ...FAILURE, metadata: { order_id: order.id, payment_id: payment.id } } }
  }

  authorizeAndCapture(sim, order, payment, o.outcome === 'success')
  const secret = sim.razorpayAccount(order.account).keySecret
  const signature =
    o.signature === 'invalid'
      ? signCheckout(`${secret}-forged`, order.id, payment.id)
      : o.signature === 'other_order'
        ? signCheckout(secret, sim.ids.razorpay('order'), payment.id)
        : signCheckout(secret, order.id, payment.id)
  return { kind: 'paid', response: { razorpay_payment_id: payment.id, razorpay_order_id: order.id, razorpay_signature: signature } }
}

/** Manual capture (`POST /v1/payments/:id/capture`) of an authorized payment. */
export function captureRazorpay(sim: Sim, order: RzpOrderRec, payment: RzpPaymentRec) {
  payment.status = 'captured'
  order.status = 'paid'
  order.amountPaid = payment.amount
  sim.emitRazorpay(order, [razorpayEvent(sim, 'payment.captured', payment), razorpayEvent(sim, 'order.paid', payment, { order })])
}
