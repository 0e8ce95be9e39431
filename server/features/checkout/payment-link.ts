import type { PaymentLinkAnswer } from '../../../common/contracts/checkout'
import { formatINR } from '../../../common/money'
import type { RequestCtx } from '../../platform/request-context'
import type { Result } from '../../platform/result'
import * as orders from '../orders/service'
import type { PaymentProviders } from '../payments/providers/registry'
import { PaymentProviderError, type ProviderName } from '../payments/providers/types'
import { returnTokenOf } from './payment-return'

const LOCK_WAIT_MS = 5000
export const PAYMENT_LINK_OUTBOX = 'payment_link'

/**
 * Agent mode (docs/decisions/0034): the agent sends (a Razorpay or a Cashfree Payment Link) the customer a payment link for the unpaid online order they
 * placed for them. Like startPayment, the order row stays locked from finding the open attempt until the link's id
 * is stored as the attempt's provider order, so concurrent sends make one link; the provider finds a link made
 * before by its reference. The order holds stock, slot and coupon until the link expires; the link's `order.paid`
 * webhook then pays the attempt, and the release job lets go of an order whose link was not paid in time (a payment
 * arriving after that is refunded by markPaid, never kept and never lost).
 */
export async function sendPaymentLink(ctx: RequestCtx, providers: PaymentProviders, orderId: number, origin: string): Promise<Result<PaymentLinkAnswer>> {
  const agent = ctx.agent
  if (!agent) return { ok: false, kind: 'forbidden', message: 'Payment links are sent by sales agents ordering for a customer' }
  const own = await orders.findOwn(ctx, orderId)
  if (!own || own.paymentMethod === 'cod' || own.agentId !== agent.id) return { ok: false, kind: 'not_found', message: 'No such order' }
  const name = own.paymentMethod as ProviderName
  const provider = providers.providerFor(name)
  if (!provider.createPaymentLink)
    return { ok: false, kind: 'invalid', message: 'This payment provider has no payment links: choose cash on delivery, Razorpay or Cashfree' }
  const customer = ctx.user!
  try {
    const sent = await ctx.db.transaction(async (tx) => {
      const order = (await orders.attempts.lockForPayment(tx, own.id, LOCK_WAIT_MS))!
      if (order.paymentStatus === 'paid') return { ok: false, kind: 'conflict', message: 'This order is already paid' } as const
      const payable = order.releasedAt === null && order.status === 'placed' && (order.paymentStatus === 'pending' || order.paymentStatus === 'failed')
      if (!payable) return { ok: false, kind: 'conflict', message: 'This order can no longer be paid: please place it again' } as const
      const payment = await orders.attempts.openAttempt(tx, order, name)
      const first = payment.providerOrderId === null
      const expireBy = first ? new Date(Date.now() + ctx.config.PAYMENT_LINK_MINUTES * 60_000) : (order.holdExpiresAt ?? new Date())
      const link = await provider.createPaymentLink!({
        websiteId: order.websiteId,
        orderNumber: order.orderNumber,
        attempt: payment.attempt,
        reference: orders.attempts.referenceOf(order, payment),
        amountPaise: payment.amountPaise,
        customer: { name: order.address.name, phone: order.address.mobile, ...(customer.email ? { email: customer.email } : {}) },
        expireBy,
        description: `${ctx.site.name} order ${order.orderNumber}`,
        callbackUrl: `${origin}/order/paid/${returnTokenOf(ctx.config.SESSION_SECRET, order.websiteId, order.id)}`,
      })
      if (link.status !== 'open') return { ok: false, kind: 'conflict', message: `The payment link is ${link.status}` } as const
      if (first) {
        await orders.attempts.storeProviderOrder(tx, payment.id, link.providerLinkId, providers.accountOf(name), 'link')
        await orders.attempts.holdUntil(tx, order.id, expireBy)
      }
      const sentTo = [order.address.mobile, ...(customer.email ? [customer.email] : [])]
      for (const to of sentTo)
        await orders.enqueueOutbox(tx, PAYMENT_LINK_OUTBOX, {
          orderId: order.id,
          to,
          url: link.url,
          siteName: ctx.site.name,
          expiresAt: expireBy.toISOString(),
        })
      return {
        ok: true,
        value: {
          order_id: order.id,
          order_number: order.orderNumber,
          provider: name,
          url: link.url,
          amount: payment.amountPaise,
          expires_at: expireBy.toISOString(),
          sent_to: sentTo,
        },
      } as const
    })
    return sent
  } catch (err) {
    if (err instanceof PaymentProviderError)
      return { ok: false, kind: 'conflict', message: 'The payment service is not answering right now: please try again in a moment' }
    if (err instanceof orders.attempts.OrderBusy)
      return { ok: false, kind: 'conflict', message: 'This payment link is being made in another window: try again in a moment' }
    throw err
  }
}

/** The words of the payment-link message (SMS or email). */
export function paymentLinkText(p: { siteName: string; orderNumber: string; totalPaise: number; url: string; expiresAt: string }) {
  const until = new Date(p.expiresAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
  return `Pay ${formatINR(p.totalPaise)} for your ${p.siteName} order ${p.orderNumber}: ${p.url} (valid until ${until})`
}
