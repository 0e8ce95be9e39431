import type { Db, Tx } from '../../db/client'
import * as orders from '../orders/service'
import * as q from '../orders/queries'
import type { PaymentProviders } from '../payments/providers/registry'
import { PROVIDER_NAMES, type ProviderName, type WebhookEvent, type WebhookHeaders } from '../payments/providers/types'

export interface WebhookAnswer {
  status: 200 | 400 | 401 | 404
  message: string
}

/**
 * A provider's webhook: verified on the raw bytes, stored by the provider's event id, then applied once. Storing and
 * applying share one transaction: a crash in between leaves nothing stored, so the provider's retry is processed.
 */
export async function receiveWebhook(db: Db, providers: PaymentProviders, name: string, raw: Buffer, headers: WebhookHeaders): Promise<WebhookAnswer> {
  const provider = PROVIDER_NAMES.find((p) => p === name && providers.enabled.includes(p))
  if (!provider) return { status: 404, message: 'No such provider' }
  const verified = providers.providerFor(provider).verifyWebhook(raw, headers)
  if (!verified.ok) return { status: verified.reason === 'malformed' ? 400 : 401, message: `Webhook refused: ${verified.reason}` }
  const event = verified.event
  return db.transaction(async (tx) => {
    const id = await q.insertPaymentEvent(tx, { provider, eventId: event.eventId, type: event.type, rawBody: raw.toString('utf8') })
    if (id === null) return { status: 200, message: 'Already processed' } as const
    const outcome = await apply(tx, provider, event)
    await q.markEventProcessed(tx, id, outcome)
    return { status: 200, message: outcome } as const
  })
}

async function apply(tx: Tx, provider: ProviderName, event: WebhookEvent): Promise<string> {
  if (event.kind === 'ignored' || event.kind === 'payment.authorized' || event.kind === 'refund.pending') return 'ignored'
  const payment = event.providerOrderId ? await q.findPaymentByProviderOrder(tx, provider, event.providerOrderId) : null
  if (!payment) return 'unknown order'
  switch (event.kind) {
    case 'payment.captured':
    case 'order.paid':
      if (!event.providerPaymentId || event.amountPaise === undefined || !event.currency) return 'incomplete'
      return orders.markPaid(tx, payment, event.providerPaymentId, event.amountPaise, event.currency)
    case 'payment.failed':
    case 'payment.dropped':
      await orders.markFailed(tx, payment)
      return 'failed'
    case 'refund.processed':
      return (await orders.refundSettled(tx, payment, event.refund?.amountPaise ?? payment.amountPaise, event.refund?.providerRefundId ?? null)) ? 'refunded' : 'refund already recorded'
    case 'refund.failed':
      await q.insertEvent(tx, payment.orderId, 'refund_failed', 'The refund failed at the provider: the shop will follow up')
      return 'refund failed'
  }
}
