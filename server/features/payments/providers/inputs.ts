import { PaymentProviderError, type ProviderName } from './types'

/**
 * What the provider knows our order by: website, order number and attempt, so two websites sharing one
 * provider account never collide and a repeat of the same attempt finds the same provider order.
 * Razorpay's receipt allows 40 characters; Cashfree's order_id 45, letters, digits, '-' and '_'.
 */
export function providerReference(provider: ProviderName, websiteId: number, orderNumber: string, attempt: number): string {
  const number = orderNumber.replace(/[^A-Za-z0-9_-]/g, '_')
  const reference = `w${websiteId}-${number}-${attempt}`
  if (!Number.isSafeInteger(attempt) || attempt < 1 || !number || reference.length > 40) {
    throw new PaymentProviderError(provider, 'rejected', 'INVALID_REFERENCE', undefined, 'order number or attempt out of range')
  }
  return reference
}

/** The reverse of providerReference: null for anything it did not make. */
export function parseProviderReference(reference: string): { websiteId: number; orderNumber: string; attempt: number } | null {
  const m = /^w(\d{1,9})-([A-Za-z0-9_-]+)-(\d{1,9})$/.exec(reference)
  return m ? { websiteId: Number(m[1]), orderNumber: m[2], attempt: Number(m[3]) } : null
}

export function assertPaise(provider: ProviderName, amountPaise: number) {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
    throw new PaymentProviderError(provider, 'rejected', 'INVALID_AMOUNT', undefined, 'amount must be a positive whole number of paise')
  }
}

export function assertRefundId(provider: ProviderName, refundId: string) {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(refundId)) {
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
