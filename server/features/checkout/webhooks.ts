import type { Db, Tx } from '../../db/client'
import * as khata from '../khata/service'
import * as orders from '../orders/service'
import type { PaymentProviders } from '../payments/providers/registry'
import { qrWebhook } from '../pos/service'
import { PaymentProviderError, PROVIDER_NAMES, type ProviderName, type WebhookEvent, type WebhookHeaders, type WebhookSite } from '../payments/providers/types'
import { attemptFor } from './provider-orders'

export interface WebhookAnswer {
  status: 200 | 400 | 401 | 404 | 503
  message: string
}

const ABOUT_A_PAYMENT = new Set<WebhookEvent['kind']>(['payment.captured', 'order.paid', 'payment.failed', 'payment.dropped'])

/**
 * A provider's webhook: verified on the raw bytes, stored by the provider's event id, then applied once. Storing and
 * applying share one transaction: a crash in between leaves nothing stored, so the provider's retry is processed.
 * The attempt is found first (a provider order we never stored is looked up at the provider by its reference);
 * when the provider cannot be asked, the answer is 503 so that it sends the event again later. Every look-up it
 * makes (payment, refund, QR, the event inbox) is on `site` only: whatever ids the event names, another website's
 * rows are not found, so they cannot be touched.
 */
export async function receiveWebhook(
  db: Db,
  providers: PaymentProviders,
  name: string,
  raw: Buffer,
  headers: WebhookHeaders,
  /** the website named in the address, whose keys verified the event; null: the process's address (the shop's keys) */
  site: WebhookSite,
): Promise<WebhookAnswer> {
  const provider = PROVIDER_NAMES.find((p) => p === name && providers.enabled.includes(p))
  if (!provider) return { status: 404, message: 'No such provider' }
  const verified = providers.providerFor(provider).verifyWebhook(raw, headers)
  if (!verified.ok) return { status: verified.reason === 'malformed' ? 400 : 401, message: `Webhook refused: ${verified.reason}` }
  const event = verified.event
  let payment: orders.PaymentRow | null = null
  // a payment of a khata (docs/decisions/0047-khata.md "Paid online"): its own rows, the same inbox
  const khataPayment =
    ABOUT_A_PAYMENT.has(event.kind) && event.providerOrderId ? await khata.onlineByProviderOrder(db, site, provider, event.providerOrderId) : null
  if (ABOUT_A_PAYMENT.has(event.kind) && event.providerOrderId && !khataPayment) {
    try {
      payment = await attemptFor(db, providers.providerFor(provider), event.providerOrderId, site)
    } catch (err) {
      if (err instanceof PaymentProviderError) return { status: 503, message: 'The order could not be looked up at the provider: send the event again later' }
      throw err
    }
  }
  return db.transaction(async (tx) => {
    const id = await orders.insertPaymentEvent(tx, site, { provider, eventId: event.eventId, type: event.type, rawBody: raw.toString('utf8') })
    if (id === null) return { status: 200, message: 'Already processed' } as const
    const outcome = khataPayment
      ? await khata.khataOrderWebhook(tx, khataPayment.id, event)
      : event.kind === 'qr.credited' || event.kind === 'qr.closed'
        ? await qrOf(tx, event, site)
        : await apply(tx, site, provider, event, payment)
    await orders.markEventProcessed(tx, id, outcome)
    return { status: 200, message: outcome } as const
  })
}

/** A QR is the counter's, else a shared khata statement's. */
async function qrOf(tx: Tx, event: WebhookEvent, site: WebhookSite): Promise<string> {
  const outcome = await qrWebhook(tx, event, site)
  return outcome === 'unknown qr' ? khata.khataQrWebhook(tx, event, site) : outcome
}

async function apply(tx: Tx, site: WebhookSite, provider: ProviderName, event: WebhookEvent, payment: orders.PaymentRow | null): Promise<string> {
  switch (event.kind) {
    case 'payment.captured':
    case 'order.paid':
      if (!payment) return 'unknown order'
      if (!event.providerOrderId || !event.providerPaymentId || event.amountPaise === undefined || !event.currency) return 'incomplete'
      return orders.markPaid(tx, payment, {
        providerOrderId: event.providerOrderId,
        providerPaymentId: event.providerPaymentId,
        amountPaise: event.amountPaise,
        currency: event.currency,
      })
    case 'payment.failed':
    case 'payment.dropped':
      if (!payment) return 'unknown order'
      await orders.markFailed(tx, payment)
      return 'failed'
    case 'refund.processed':
    case 'refund.failed': {
      const refund = await orders.findRefundForEvent(tx, site, provider, event)
      if (!refund) return 'unknown refund'
      if (event.kind === 'refund.failed') return (await orders.refundFailed(tx, refund)) ? 'refund failed' : 'refund already recorded'
      return (await orders.refundSettled(tx, refund, event.refund?.providerRefundId ?? null)) ? 'refunded' : 'refund already recorded'
    }
    default:
      return 'ignored'
  }
}
