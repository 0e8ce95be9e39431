import type { Db, Tx } from '../../db/client'
import type { PaymentVia } from '../../db/schema/orders'
import { legacyProviderReference, parseLegacyReference, providerReference } from '../payments/providers/inputs'
import type { ProviderName, WebhookSite } from '../payments/providers/types'
import * as q from './queries'

/**
 * The attempt to pay now, for an order whose row the caller holds locked (`lockForPayment`): the last attempt while
 * it is open (no outcome yet, same provider and amount), else a new one. Under the lock, concurrent callers (reloads,
 * a second tab) share one attempt and find its provider order once the first of them stored it.
 */
export async function openAttempt(tx: Tx, order: q.OrderRow, provider: string): Promise<q.PaymentRow> {
  const last = (await q.paymentsOf(tx, order.id)).at(-1)
  if (last && last.status === 'created' && last.provider === provider && last.amountPaise === order.totalPaise) return last
  const attempt = (last?.attempt ?? 0) + 1
  return q.insertPayment(tx, {
    orderId: order.id,
    websiteId: order.websiteId,
    provider,
    attempt,
    amountPaise: order.totalPaise,
    reference: providerReference(order.websiteId, order.orderNumber, attempt),
  })
}

/** What the provider knows this attempt by: its stored reference, or for an attempt made before those, the old one. */
export const referenceOf = (order: q.OrderRow, payment: q.PaymentRow) =>
  payment.reference ?? legacyProviderReference(payment.provider as ProviderName, order.websiteId, order.orderNumber, payment.attempt)

/** Locks the order for starting a payment, waiting at most `waitMs` for another caller (then throws OrderBusy). */
export const lockForPayment = (tx: Tx, orderId: number, waitMs: number) => q.lockOrderWithin(tx, orderId, waitMs)
/**
 * `account`: the key id / client id it was made with, so that confirming and refunding it later use the same keys;
 * `via`: a checkout order or a payment link (the release job asks the provider about each differently)
 */
export const storeProviderOrder = (tx: Tx, paymentId: number, providerOrderId: string, account: string | null = null, via: PaymentVia = 'checkout') =>
  q.setProviderOrder(tx, paymentId, providerOrderId, account, via)
export { OrderBusy } from './queries'
/** a payment link's order holds stock, slot and coupon until the link expires (the caller holds the order's lock) */
export const holdUntil = (tx: Tx, orderId: number, until: Date) => q.setHoldExpiry(tx, orderId, until)

/** The attempt whose provider order was handed out to be paid last: what confirm asks the provider about. */
export const lastHandedOut = async (db: Db, orderId: number) => (await q.paymentsOf(db, orderId)).filter((p) => p.providerOrderId).at(-1) ?? null
/** Every attempt whose provider order was handed out and that has no outcome yet (or failed: a bank may confirm late). */
export const awaitingOutcome = async (db: Db, orderId: number) =>
  (await q.paymentsOf(db, orderId)).filter((p) => p.providerOrderId && (p.status === 'created' || p.status === 'failed'))
export const findPayment = (db: Db | Tx, id: number) => q.findPaymentById(db, id)
/** `site`: only that website's attempts (a webhook's address, or the shopper's website); null only for the process's webhook address */
export const paymentByProviderOrder = (db: Db | Tx, site: WebhookSite, provider: string, providerOrderId: string) =>
  q.findPaymentByProviderOrder(db, site, provider, providerOrderId)
/** The attempt the provider keeps this reference for: its stored reference, or what an older attempt's reference says. */
export async function paymentByReference(db: Db | Tx, site: WebhookSite, provider: string, reference: string) {
  const found = await q.findPaymentByReference(db, site, provider, reference)
  if (found) return found
  const legacy = parseLegacyReference(reference)
  return legacy ? q.findPaymentByLegacyReference(db, site, provider, legacy) : null
}
