import type { Db } from '../../db/client'
import * as orders from '../orders/service'
import { PaymentProviderError, type PaymentProvider, type WebhookSite } from '../payments/providers/types'

/**
 * The attempt a provider order belongs to, on `site` only (the website whose webhook address or shopper asks; null:
 * the process's webhook address): ours by its stored id, otherwise by the reference the provider keeps for it. A
 * provider order made for an attempt but never stored (a create that outlived a crash, or lost a race before starting
 * a payment was serialised) still leads to its order, so money paid on it is matched, never dropped. Throws
 * PaymentProviderError when the provider cannot be asked right now.
 */
export async function attemptFor(db: Db, provider: PaymentProvider, providerOrderId: string, site: WebhookSite): Promise<orders.PaymentRow | null> {
  const stored = await orders.attempts.paymentByProviderOrder(db, site, provider.name, providerOrderId)
  if (stored) return stored
  let reference: string | null
  try {
    reference = (await provider.fetchStatus(providerOrderId)).reference
  } catch (err) {
    if (err instanceof PaymentProviderError && err.kind === 'rejected') return null // not an order of this account
    throw err
  }
  return reference ? orders.attempts.paymentByReference(db, site, provider.name, reference) : null
}
