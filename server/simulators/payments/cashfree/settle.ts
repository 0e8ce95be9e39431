import type { Sim, SimWork } from '../simulator'
import type { CfOrderRec, CfPaymentRec, CfPaymentStatus } from '../state'
import { currentStatus } from './entities'
import { paymentEvent } from './events'

export type Outcome = 'success' | 'failed' | 'user_dropped' | 'authorized_only' | 'late_auth'

export interface PayOptions {
  outcome: Outcome
  amountOverride?: number
  currencyOverride?: string
  lateMs?: number
}

export type PayResult = { kind: 'done'; cfPaymentId: string; status: CfPaymentStatus; redirect: string | null } | { kind: 'refused'; message: string }

const MESSAGES: Record<CfPaymentStatus, string> = {
  SUCCESS: 'Simulated payment successful',
  FAILED: 'Simulated payment failed',
  USER_DROPPED: 'User dropped the payment (simulated)',
  PENDING: 'Payment is pending (simulated)',
}

/** the payment's new status, and the webhook that says so (none for PENDING) */
function setStatus(sim: Sim, order: CfOrderRec, p: CfPaymentRec, status: CfPaymentStatus) {
  p.status = status
  p.message = MESSAGES[status]
  if (status === 'SUCCESS') order.status = 'PAID'
  const { status: s } = p
  return s === 'PENDING' ? [] : [paymentEvent(sim, order, { ...p, status: s })]
}

/** The return URL with `{order_id}` filled in, where Cashfree sends the browser after any outcome (C.2). */
export const returnUrl = (order: CfOrderRec) => order.meta.return_url?.replaceAll('{order_id}', encodeURIComponent(order.orderId)) ?? null

/** One payment attempt, as the hosted checkout page makes it (the order written first: it is what two attempts contend for). */
export async function payCashfree(sim: Sim, s: SimWork, order: CfOrderRec, o: PayOptions): Promise<PayResult> {
  const status = currentStatus(order, sim.now())
  if (status !== 'ACTIVE') return { kind: 'refused', message: `This order is ${status.toLowerCase()} and cannot be paid` }
  const p: CfPaymentRec = {
    cfPaymentId: sim.ids.cashfree(),
    orderId: order.orderId,
    amount: o.amountOverride ?? order.amount,
    currency: o.currencyOverride ?? order.currency,
    status: 'PENDING',
    message: MESSAGES.PENDING,
    createdAt: sim.now(),
  }
  const first: Record<Outcome, CfPaymentStatus> = {
    success: 'SUCCESS',
    failed: 'FAILED',
    late_auth: 'FAILED',
    user_dropped: 'USER_DROPPED',
    authorized_only: 'PENDING',
  }
  const events = setStatus(sim, order, p, first[o.outcome])
  await s.cashfree.orders.put(order)
  await s.cashfree.payments.add(p)
  await s.emitCashfree(order, events)
  // The bank confirms late (the Razorpay B.5 case, which Cashfree shares): the failed payment turns successful.
  if (o.outcome === 'late_auth') await s.later(o.lateMs ?? 3000, 'cf.late_auth', { orderId: order.orderId, paymentId: p.cfPaymentId })
  return { kind: 'done', cfPaymentId: p.cfPaymentId, status: p.status, redirect: returnUrl(order) }
}

/** The `cf.late_auth` task: the bank's late confirmation of a payment reported failed. */
export async function lateCashfree(sim: Sim, payload: Record<string, unknown>) {
  await sim.act(async (s) => {
    const order = await s.cashfree.orders.get(String(payload.orderId))
    const p = await s.cashfree.payments.get(String(payload.paymentId))
    if (!order || !p) return // reset in the meantime
    const events = setStatus(sim, order, p, 'SUCCESS')
    await s.cashfree.orders.put(order)
    await s.cashfree.payments.put(p)
    await s.emitCashfree(order, events)
  })
}
