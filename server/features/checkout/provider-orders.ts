import type { Db } from '../../db/client'
import * as orders from '../orders/service'
import { parseProviderReference } from '../payments/providers/inputs'
import { PaymentProviderError, type PaymentProvider } from '../payments/providers/types'

/**
 * The attempt a provider order belongs to: ours by its stored id, otherwise by the reference the provider keeps
 * for it (website, order number, attempt). A provider order made for an attempt but never stored (a create that
 * outlived a crash, or lost a race before starting a payment was serialised) still leads to its order, so money
 * paid on it is matched, never dropped. Throws PaymentProviderError when the provider cannot be asked right now.
 */
export async function attemptFor(db: Db, provider: PaymentProvider, providerOrderId: string): Promise<orders.PaymentRow | null> {
  const stored = await orders.attempts.paymentByProviderOrder(db, provider.name, providerOrderId)
  if (stored) return stored
  let reference: string | null
  try {
    reference = (await provider.fetchStatus(providerOrderId)).reference
  } catch (err) {
    if (err instanceof PaymentProviderError && err.kind === 'rejected') return null // not an order of this account
    throw err
  }
  const ref = reference ? parseProviderReference(reference) : null
  return ref ? orders.attempts.paymentByReference(db, provider.name, ref) : null
}
