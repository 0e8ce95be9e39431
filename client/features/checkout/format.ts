import { formatINR, toPaise } from '../../../common/money'

/** Cart amounts are rupees at the contract edge; orders are paise. */
export const cartRupees = (amount: number) => formatINR(toPaise(amount))

export const PAYMENT_HINTS: Record<string, string> = {
  cod: 'Pay in cash or UPI when your order arrives',
  razorpay: 'UPI, cards, net banking and wallets',
  cashfree: 'UPI, cards, net banking and wallets',
}

/** A random key made once per checkout page: a double click or a retry places one order. */
export function newIdempotencyKey() {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
