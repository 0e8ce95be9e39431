import type { ConfirmResult, PayPayload } from '../../../common/contracts/checkout'
import type { RequestCtx } from '../../platform/request-context'
import type { PaymentProviders } from '../payments/providers/registry'
import { PaymentProviderError, type ProviderName } from '../payments/providers/types'
import * as orders from '../orders/service'
import * as q from '../orders/queries'

export type PayResult<T> = { ok: true; value: T } | { ok: false; kind: 'not_found' | 'conflict' | 'invalid'; message: string }

const NOT_FOUND = { ok: false, kind: 'not_found', message: 'No such order' } as const
const UNAVAILABLE = 'The payment service is not answering right now: please try again in a moment'

const payable = (o: orders.OrderRow) => o.releasedAt === null && o.status === 'placed' && (o.paymentStatus === 'pending' || o.paymentStatus === 'failed')

/**
 * The external step of checkout: a provider order per attempt, made on the server. A repeat (reload, second tab)
 * reuses the open attempt, and the provider's idempotency turns a retried create into the same provider order.
 */
export async function startPayment(ctx: RequestCtx, providers: PaymentProviders, orderId: number, origin: string): Promise<PayResult<PayPayload>> {
  const order = await orders.findOwn(ctx, orderId)
  if (!order || order.paymentMethod === 'cod') return NOT_FOUND
  if (order.paymentStatus === 'paid') return { ok: false, kind: 'conflict', message: 'This order is already paid' }
  if (!payable(order)) return { ok: false, kind: 'conflict', message: 'This order can no longer be paid: please place it again' }
  const name = order.paymentMethod as ProviderName
  const attempts = await q.paymentsOf(ctx.db, order.id)
  const last = attempts.at(-1)
  let payment = last && last.status === 'created' && last.provider === name && last.amountPaise === order.totalPaise ? last : null
  if (!payment) {
    payment = await q.insertPayment(ctx.db, { orderId: order.id, websiteId: order.websiteId, provider: name, attempt: (last?.attempt ?? 0) + 1, amountPaise: order.totalPaise })
    payment ??= (await q.paymentsOf(ctx.db, order.id)).at(-1)!
  }
  const user = ctx.user!
  try {
    const made = await providers.providerFor(name).createOrder(
      {
        websiteId: order.websiteId,
        orderNumber: order.orderNumber,
        attempt: payment.attempt,
        amountPaise: payment.amountPaise,
        customer: { id: String(user.id), phone: order.address.mobile, name: order.address.name, ...(user.email ? { email: user.email } : {}) },
        returnUrl: `${origin}/checkout/confirm/${order.id}`,
      },
      { idempotencyKey: `${order.websiteId}-${order.orderNumber}-${payment.attempt}` },
    )
    await q.setProviderOrder(ctx.db, payment.id, made.providerOrderId)
    const c = made.checkout
    const base = { provider: name, script_url: c.scriptUrl, provider_order_id: made.providerOrderId, amount: made.amountPaise, currency: made.currency, order_number: order.orderNumber, name: order.address.name, contact: order.address.mobile, ...(user.email ? { email: user.email } : {}) }
    return { ok: true, value: 'keyId' in c ? { ...base, key_id: c.keyId } : { ...base, payment_session_id: c.paymentSessionId, mode: c.mode } }
  } catch (err) {
    if (err instanceof PaymentProviderError) return { ok: false, kind: 'conflict', message: UNAVAILABLE }
    throw err
  }
}

/**
 * After the provider's checkout: the browser's signature (Razorpay) is only a hint; the answer comes from the
 * provider's own status, fetched server to server, matched against our attempt's amount and currency.
 */
export async function confirmPayment(ctx: RequestCtx, providers: PaymentProviders, orderId: number, hint: Record<string, string | undefined>): Promise<PayResult<ConfirmResult>> {
  const order = await orders.findOwn(ctx, orderId)
  if (!order || order.paymentMethod === 'cod') return NOT_FOUND
  const answer = (status: ConfirmResult['status'], message: string): PayResult<ConfirmResult> => ({
    ok: true,
    value: { status, order_id: order.id, order_number: order.orderNumber, payment_method: order.paymentMethod, message },
  })
  if (order.paymentStatus === 'paid') return answer('paid', 'Payment received')
  const payment = (await q.paymentsOf(ctx.db, order.id)).filter((p) => p.providerOrderId).at(-1)
  if (!payment?.providerOrderId) return { ok: false, kind: 'conflict', message: 'This order has no payment to confirm yet' }
  const provider = providers.providerFor(payment.provider as ProviderName)
  if (Object.values(hint).some(Boolean)) {
    const check = provider.verifyClientReturn(hint, payment.providerOrderId)
    if (!check.verified && check.reason !== 'fetch_required') return { ok: false, kind: 'invalid', message: 'The payment could not be verified' }
  }
  let status
  try {
    status = await provider.fetchStatus(payment.providerOrderId)
  } catch (err) {
    if (err instanceof PaymentProviderError) return answer('pending', UNAVAILABLE)
    throw err
  }
  const captured = status.payments.find((p) => p.status === 'captured')
  if (status.state === 'paid' && captured) {
    const outcome = await orders.markPaid(ctx.db, payment, captured.id, captured.amountPaise, captured.currency)
    if (outcome === 'mismatch') return answer('failed', 'The amount paid does not match this order: it will be refunded')
    if (outcome === 'refunding') return answer('failed', 'This order was released before the payment arrived: your money is being refunded')
    return answer('paid', 'Payment received')
  }
  if (status.state === 'failed' || status.payments.some((p) => p.status === 'failed')) {
    if (!status.payments.some((p) => p.status === 'authorized' || p.status === 'pending')) {
      await orders.markFailed(ctx.db, payment)
      return answer('failed', 'The payment did not go through. You can try again or choose another method.')
    }
  }
  return answer('pending', 'We have not received the payment yet. If you paid, this page will update in a moment.')
}
