import { randomBytes, randomInt } from 'node:crypto'

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * Ids shaped like the providers' (Razorpay: prefix + 14 characters). A random tag per start keeps them unique
 * across restarts and across the processes that share the simulator's records (decision 0039).
 */
export function createIds() {
  const tag = Array.from(randomBytes(5), (b) => ALNUM[b % ALNUM.length]).join('')
  const numericTag = `${Date.now()}${randomInt(100, 1000)}`
  let n = 0
  const next = () => ++n
  return {
    razorpay: (prefix: 'order' | 'pay' | 'rfnd' | 'evt' | 'qr' | 'plink') => `${prefix}_${tag}${String(next()).padStart(9, '0')}`,
    /** Cashfree's cf_order_id / cf_payment_id / cf_refund_id: digits, sent as strings */
    cashfree: () => `${numericTag}${String(next()).padStart(5, '0')}`,
    session: () => `session_${randomBytes(30).toString('base64url')}`,
    reference: () => `SIM${tag}${String(next()).padStart(6, '0')}`,
  }
}
