import { randomBytes } from 'node:crypto'
import { PaymentProviderError, type ProviderName } from './types'

/** What every provider takes as our reference: Razorpay's receipt and reference_id (40), Cashfree's order_id (45), link_id (50) and refund_id (40). */
const REFERENCE = /^[A-Za-z0-9_-]{1,40}$/
const REFERENCE_MAX = 40
/** 12 characters of 32: 60 random bits */
const RANDOM_LENGTH = 12
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'

/**
 * A reference we send to a provider (an order's receipt, a payment link's id, a refund's id): a readable `prefix`
 * for whoever reads the provider's dashboard, then 12 random characters, so that nobody can name another order's
 * or refund's reference by counting (docs/decisions/0009 "Webhooks touch only their own website"). Made once and
 * stored: a retried call sends the same one. At most 40 of [A-Za-z0-9_-]; the prefix is shortened, never the random part.
 */
export function unguessableReference(prefix: string): string {
  const bytes = randomBytes(RANDOM_LENGTH)
  let random = ''
  for (const b of bytes) random += ALPHABET[b & 31]
  return `${prefix.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, REFERENCE_MAX - RANDOM_LENGTH - 1)}-${random}`
}

/** An order attempt's reference at the provider: website, order number and attempt to read, random to guess. */
export const providerReference = (websiteId: number, orderNumber: string, attempt: number) => unguessableReference(`w${websiteId}-${orderNumber}-${attempt}`)

/**
 * The reference of an attempt made before references carried random characters (`payments.reference` is null):
 * website, order number and attempt only. Kept so that such an attempt's provider order is found again.
 */
export function legacyProviderReference(provider: ProviderName, websiteId: number, orderNumber: string, attempt: number): string {
  const number = orderNumber.replace(/[^A-Za-z0-9_-]/g, '_')
  const reference = `w${websiteId}-${number}-${attempt}`
  if (!Number.isSafeInteger(attempt) || attempt < 1 || !number || reference.length > 40) {
    throw new PaymentProviderError(provider, 'rejected', 'INVALID_REFERENCE', undefined, 'order number or attempt out of range')
  }
  return reference
}

/** The reverse of legacyProviderReference: null for anything it did not make. */
export function parseLegacyReference(reference: string): { websiteId: number; orderNumber: string; attempt: number } | null {
  const m = /^w(\d{1,9})-([A-Za-z0-9_-]+)-(\d{1,9})$/.exec(reference)
  return m ? { websiteId: Number(m[1]), orderNumber: m[2], attempt: Number(m[3]) } : null
}

export function assertReference(provider: ProviderName, reference: string) {
  if (!REFERENCE.test(reference)) {
    throw new PaymentProviderError(provider, 'rejected', 'INVALID_REFERENCE', undefined, 'reference: up to 40 letters, digits, - or _')
  }
}

export function assertPaise(provider: ProviderName, amountPaise: number) {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
    throw new PaymentProviderError(provider, 'rejected', 'INVALID_AMOUNT', undefined, 'amount must be a positive whole number of paise')
  }
}

export function assertRefundId(provider: ProviderName, refundId: string) {
  if (!REFERENCE.test(refundId)) {
    throw new PaymentProviderError(provider, 'rejected', 'INVALID_REFUND_ID', undefined, 'refund id: up to 40 letters, digits, - or _')
  }
}

/** HTTP status → what the caller may conclude; 5xx and no answer at all leave the outcome unknown. */
export function kindForStatus(status: number): 'rejected' | 'unknown' | 'auth' | 'rate_limited' {
  if (status === 401 || status === 403) return 'auth'
  if (status === 429) return 'rate_limited'
  if (status >= 500) return 'unknown'
  return 'rejected'
}
