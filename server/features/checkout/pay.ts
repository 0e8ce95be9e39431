import type { ConfirmResult, PayPayload } from '../../../common/contracts/checkout'
import type { RequestCtx } from '../../platform/request-context'
import type { Result } from '../../platform/result'
import type { PaymentProviders } from '../payments/providers/registry'
import { type OrderStatus, PaymentProviderError, type ProviderName } from '../payments/providers/types'
import * as cart from '../cart/service'
import * as orders from '../orders/service'
import { attemptFor } from './provider-orders'

export type PayResult<T> = Result<T>

const NOT_FOUND = { ok: false, kind: 'not_found', message: 'No such order' } as const
/** how long a second caller waits for the first to get the provider order (well inside PostgreSQL's statement timeout) */
const LOCK_WAIT_MS = 5000
const UNAVAILABLE = 'The payment service is not answering right now: please try again in a moment'

const payable = (o: orders.OrderRow) => o.releasedAt === null && o.status === 'placed' && (o.paymentStatus === 'pending' || o.paymentStatus === 'failed')

/**
 * The external step of checkout: one provider order per attempt, made on the server. The order row stays locked from
 * finding the open attempt until its provider order id is stored, so of concurrent callers (reloads, a second tab)
 * only the first asks the provider to create one; the others wait, find it stored and hand out that same one.
 */
export async function startPayment(ctx: RequestCtx, providers: PaymentProviders, orderId: number, origin: string): Promise<PayResult<PayPayload>> {
  const own = await orders.findOwn(ctx, orderId)
  if (!own || own.paymentMethod === 'cod') return NOT_FOUND
  const name = own.paymentMethod as ProviderName
  const user = ctx.user!
  const input = (order: orders.OrderRow, payment: orders.PaymentRow) => ({
    websiteId: order.websiteId,
    orderNumber: order.orderNumber,
    attempt: payment.attempt,
    reference: orders.attempts.referenceOf(order, payment),
    amountPaise: payment.amountPaise,
    customer: { id: String(user.id), phone: order.address.mobile, name: order.address.name, ...(user.email ? { email: user.email } : {}) },
    returnUrl: `${origin}/checkout/confirm/${order.id}`,
  })
  try {
    const provider = providers.providerFor(name)
    const started = await ctx.db.transaction(async (tx) => {
      const order = (await orders.attempts.lockForPayment(tx, own.id, LOCK_WAIT_MS))!
      if (order.paymentStatus === 'paid') return { ok: false, kind: 'conflict', message: 'This order is already paid' } as const
      if (!payable(order)) return { ok: false, kind: 'conflict', message: 'This order can no longer be paid: please place it again' } as const
      const payment = await orders.attempts.openAttempt(tx, order, name)
      if (payment.providerOrderId) return { ok: true, order, payment, made: null } as const
      const made = await provider.createOrder(input(order, payment), { idempotencyKey: `${order.websiteId}-${order.orderNumber}-${payment.attempt}` })
      await orders.attempts.storeProviderOrder(tx, payment.id, made.providerOrderId, providers.accountOf(name))
      return { ok: true, order, payment, made } as const
    })
    if (!started.ok) return started
    const { order, payment } = started
    const made = started.made ?? (await provider.resumeOrder(payment.providerOrderId!, input(order, payment)))
    const c = made.checkout
    const base = {
      provider: name,
      script_url: c.scriptUrl,
      provider_order_id: made.providerOrderId,
      amount: made.amountPaise,
      currency: made.currency,
      order_number: order.orderNumber,
      name: order.address.name,
      contact: order.address.mobile,
      ...(user.email ? { email: user.email } : {}),
    }
    return { ok: true, value: 'keyId' in c ? { ...base, key_id: c.keyId } : { ...base, payment_session_id: c.paymentSessionId, mode: c.mode } }
  } catch (err) {
    if (err instanceof PaymentProviderError) return { ok: false, kind: 'conflict', message: UNAVAILABLE }
    if (err instanceof orders.attempts.OrderBusy)
      return { ok: false, kind: 'conflict', message: 'Your payment is being set up in another window: please try again in a moment' }
    throw err
  }
}

/**
 * After the provider's checkout: the browser's signature (Razorpay) is only a hint; the answer comes from the
 * provider's own status, fetched server to server. Every captured payment on the provider order goes through
 * markPaid, which accepts the one that pays the order and refunds any other.
 */
export async function confirmPayment(
  ctx: RequestCtx,
  /** the providers with the keys this attempt's provider order was made with */
  providersOf: (made: orders.PaymentRow) => Promise<PaymentProviders>,
  orderId: number,
  hint: Record<string, string | undefined>,
): Promise<PayResult<ConfirmResult>> {
  const order = await orders.findOwn(ctx, orderId)
  if (!order || order.paymentMethod === 'cod') return NOT_FOUND
  const answer = (status: ConfirmResult['status'], message: string): PayResult<ConfirmResult> => ({
    ok: true,
    value: { status, order_id: order.id, order_number: order.orderNumber, payment_method: order.paymentMethod, message },
  })
  if (order.paymentStatus === 'paid') return answer('paid', 'Payment received')
  let payment = await orders.attempts.lastHandedOut(ctx.db, order.id)
  if (!payment?.providerOrderId) return { ok: false, kind: 'conflict', message: 'This order has no payment to confirm yet' }
  const provider = (await providersOf(payment)).providerFor(payment.provider as ProviderName)
  let providerOrderId = payment.providerOrderId
  let outcomes: orders.PaidOutcome[]
  let status: OrderStatus
  try {
    if (Object.values(hint).some(Boolean)) {
      let check = provider.verifyClientReturn(hint, providerOrderId)
      if (!check.verified && check.reason === 'order_mismatch') {
        // paid on another provider order: one made for this order's attempt but never stored?
        const other = await attemptFor(ctx.db, provider, check.providerOrderId, ctx.site.id)
        if (other?.orderId === order.id)
          [payment, providerOrderId, check] = [other, check.providerOrderId, provider.verifyClientReturn(hint, check.providerOrderId)]
      }
      if (!check.verified && check.reason !== 'fetch_required') return { ok: false, kind: 'invalid', message: 'The payment could not be verified' }
    }
    status = await provider.fetchStatus(providerOrderId)
    outcomes = []
    for (const p of status.payments.filter((x) => x.status === 'captured')) {
      outcomes.push(await orders.markPaid(ctx.db, payment, { providerOrderId, providerPaymentId: p.id, amountPaise: p.amountPaise, currency: p.currency }))
    }
  } catch (err) {
    if (err instanceof PaymentProviderError) return answer('pending', UNAVAILABLE)
    throw err
  }
  const now = (await orders.findOwn(ctx, orderId))!
  if (now.paymentStatus === 'paid') return answer('paid', 'Payment received')
  if (now.paymentStatus === 'refund_pending' || now.paymentStatus === 'refunded') {
    return answer('failed', 'This order was cancelled or released before the payment arrived: your money is being refunded')
  }
  const attempt = (await orders.attempts.findPayment(ctx.db, payment.id))!
  if (outcomes.includes('mismatch') || (attempt.status === 'failed' && (await orders.hasRefund(ctx.db, attempt, 'amount_mismatch')))) {
    return answer('failed', 'The amount paid does not match this order: it will be refunded. You can pay again.')
  }
  if (status.state === 'failed' || status.payments.some((p) => p.status === 'failed')) {
    if (!status.payments.some((p) => p.status === 'authorized' || p.status === 'pending' || p.status === 'captured')) {
      await orders.markFailed(ctx.db, payment)
      await cart.putBack(
        ctx,
        (await orders.orderLines(ctx.db, order.id)).filter((l) => l.quantity > 0),
      )
      return answer('failed', 'The payment did not go through. You can try again or choose another method.')
    }
  }
  return answer('pending', 'We have not received the payment yet. If you paid, this page will update in a moment.')
}
