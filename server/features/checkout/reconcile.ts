import type { Db } from '../../db/client'
import * as orders from '../orders/service'
import type { PaymentProviders } from '../payments/providers/registry'
import { type PaymentProvider, PaymentProviderError, type ProviderName, type ProviderPayment } from '../payments/providers/types'

/** A website's providers, signed in with the keys a payment was made with (the shop's, or the website's own). */
export type SitePayments = (websiteId: number, made?: { provider: string; account: string | null }) => PaymentProviders | Promise<PaymentProviders>

/** How long past its hold an order waits while its provider cannot be asked, before it is released all the same. */
export const GIVE_UP_AFTER_MS = 24 * 3600_000

export interface ReconcileLog {
  /** the provider could not be asked: the order is kept for the next round */
  kept(orderId: number, err: unknown): void
  /** the provider could not be asked for a whole day: the order is released without its answer */
  gaveUp(orderId: number, err: unknown): void
}

/**
 * What the provider holds for an attempt: a checkout order's payments, or a payment link's. A link stored before
 * attempts said which they were (a Cashfree link's id looks like an order's) is asked for when no order has its id.
 */
async function paymentsAt(provider: PaymentProvider, payment: orders.PaymentRow): Promise<ProviderPayment[]> {
  const id = payment.providerOrderId!
  if (payment.via === 'link') return provider.fetchPaymentLink ? (await provider.fetchPaymentLink(id)).payments : []
  try {
    return (await provider.fetchStatus(id)).payments
  } catch (err) {
    if (!(err instanceof PaymentProviderError && err.status === 404 && provider.fetchPaymentLink)) throw err
    return (await provider.fetchPaymentLink(id)).payments
  }
}

/**
 * Before the release job lets go of an unpaid online order past its hold (docs/decisions/0060): the provider is
 * asked about every attempt handed out, and each captured payment goes through markPaid, the webhook's and
 * confirm's one way to pay an order (order row locked, the payment id unique: a webhook at the same moment pays
 * it once). Answers whether to release: a paid order is no longer releasable anyway; a provider that cannot be
 * asked keeps the order for the next round, until a day past its hold.
 */
export async function reconcileBeforeRelease(db: Db, providersOf: SitePayments, log: ReconcileLog, orderId: number, now = new Date()): Promise<boolean> {
  const order = await orders.findOrderById(db, orderId)
  if (!order) return true
  for (const payment of await orders.attempts.awaitingOutcome(db, orderId)) {
    let captured: ProviderPayment[]
    try {
      const provider = (await providersOf(payment.websiteId, payment)).providerFor(payment.provider as ProviderName)
      captured = (await paymentsAt(provider, payment)).filter((p) => p.status === 'captured')
    } catch (err) {
      if (order.holdExpiresAt && now.getTime() - order.holdExpiresAt.getTime() < GIVE_UP_AFTER_MS) {
        log.kept(orderId, err)
        return false
      }
      log.gaveUp(orderId, err)
      continue
    }
    for (const p of captured) {
      const capture = { providerOrderId: payment.providerOrderId!, providerPaymentId: p.id, amountPaise: p.amountPaise, currency: p.currency }
      await orders.markPaid(db, payment, capture)
    }
  }
  return true
}
