import { createHmac } from 'node:crypto'
import type { Sim, SimWork } from '../simulator'
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
  const events = [razorpayEvent(sim, order, 'payment.authorized', payment)]
  if (capture) {
    payment.status = 'captured'
    order.status = 'paid'
    order.amountPaid = payment.amount
    events.push(razorpayEvent(sim, order, 'payment.captured', payment), razorpayEvent(sim, order, 'order.paid', payment, { order }))
  }
  return events
}

/** One payment attempt on an order, as Razorpay's checkout would make it (the order written first: it is what two attempts contend for). */
export async function payRazorpay(sim: Sim, s: SimWork, order: RzpOrderRec, o: PayOptions): Promise<PayResult> {
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
  order.attempts += 1
  order.status = 'attempted'

  if (o.outcome === 'failed' || o.outcome === 'late_auth') {
    payment.status = 'failed'
    payment.error = FAILURE
    await s.razorpay.orders.put(order)
    await s.razorpay.payments.add(payment)
    await s.emitRazorpay(order, [razorpayEvent(sim, order, 'payment.failed', payment)])
    // B.5: the bank confirms late; Razorpay then authorises and captures the payment it had reported failed.
    if (o.outcome === 'late_auth') await s.later(o.lateMs ?? 3000, 'rzp.late_auth', { orderId: order.id, paymentId: payment.id })
    return { kind: 'failed', error: { ...FAILURE, metadata: { order_id: order.id, payment_id: payment.id } } }
  }

  const events = authorizeAndCapture(sim, order, payment, o.outcome === 'success')
  await s.razorpay.orders.put(order)
  await s.razorpay.payments.add(payment)
  await s.emitRazorpay(order, events)
  const secret = (await sim.razorpayAccount(order.account, s)).keySecret
  const signature =
    o.signature === 'invalid'
      ? signCheckout(`${secret}-forged`, order.id, payment.id)
      : o.signature === 'other_order'
        ? signCheckout(secret, sim.ids.razorpay('order'), payment.id)
        : signCheckout(secret, order.id, payment.id)
  return { kind: 'paid', response: { razorpay_payment_id: payment.id, razorpay_order_id: order.id, razorpay_signature: signature } }
}

/** The `rzp.late_auth` task: the bank's late confirmation of a payment reported failed. */
export async function lateRazorpay(sim: Sim, payload: Record<string, unknown>) {
  await sim.act(async (s) => {
    const order = await s.razorpay.orders.get(String(payload.orderId))
    const payment = await s.razorpay.payments.get(String(payload.paymentId))
    if (!order || !payment) return // reset in the meantime
    const events = authorizeAndCapture(sim, order, payment, true)
    await s.razorpay.payments.put(payment)
    await s.razorpay.orders.put(order)
    await s.emitRazorpay(order, events)
  })
}

/** Manual capture (`POST /v1/payments/:id/capture`) of an authorized payment. */
export async function captureRazorpay(sim: Sim, s: SimWork, order: RzpOrderRec, payment: RzpPaymentRec) {
  payment.status = 'captured'
  order.status = 'paid'
  order.amountPaid = payment.amount
  await s.razorpay.payments.put(payment)
  await s.razorpay.orders.put(order)
  await s.emitRazorpay(order, [razorpayEvent(sim, order, 'payment.captured', payment), razorpayEvent(sim, order, 'order.paid', payment, { order })])
}
