import type { SaleInput } from '../../../common/contracts/pos'
import { formatINR, toPaise } from '../../../common/money'
import type { PosMethod } from '../../db/schema/pos'
import { fail, ok, type Result } from '../../platform/result'

/** One payment of a counter sale: cash, UPI (a plain or a dynamic QR), card or on the customer's khata. */
export interface Tender {
  method: PosMethod
  /** what the sale keeps: cash less the change */
  amountPaise: number
  tenderedPaise: number
  reference: string | null
  qrId: string | null
}

/** Payments must cover the total; card and UPI never more than it (only cash gives change, from the cash tendered). */
export function splitPayments(input: SaleInput, totalPaise: number): Result<Tender[]> {
  const tenders: Tender[] = input.payments.map((p) => ({
    method: p.method,
    amountPaise: toPaise(p.amount),
    tenderedPaise: toPaise(p.amount),
    reference: p.reference?.trim() || null,
    qrId: p.qr_id ?? null,
  }))
  const qrNotUpi = input.payments.findIndex((p) => p.qr_id && p.method !== 'upi')
  if (qrNotUpi >= 0) return fail('invalid', 'A UPI QR pays a upi payment', { [`payments.${qrNotUpi}.qr_id`]: 'A UPI QR pays a upi payment' })
  const onKhata = input.payments.findIndex((p) => p.method === 'khata')
  if (onKhata >= 0 && !input.customer_phone) {
    const message = "On khata needs the customer's mobile number"
    return fail('invalid', message, { customer_phone: message, [`payments.${onKhata}.method`]: message })
  }
  const exact = tenders.filter((p) => p.method !== 'cash').reduce((s, p) => s + p.amountPaise, 0)
  if (exact > totalPaise) {
    const message = `Card, UPI and khata payments (${formatINR(exact)}) cannot be more than the total (${formatINR(totalPaise)})`
    return fail('invalid', message, { payments: message })
  }
  const sum = tenders.reduce((s, p) => s + p.amountPaise, 0)
  if (sum < totalPaise) {
    const message = `Payments of ${formatINR(sum)} do not cover the total of ${formatINR(totalPaise)}: ${formatINR(totalPaise - sum)} to pay`
    return fail('invalid', message, { payments: message })
  }
  let change = sum - totalPaise
  for (const p of tenders) {
    if (p.method !== 'cash' || change === 0) continue
    const back = Math.min(change, p.amountPaise)
    p.amountPaise -= back
    change -= back
  }
  return ok(tenders)
}

/** The change given back: what was tendered in cash over what the sale keeps. */
export const changeOf = (tenders: Tender[]) => tenders.reduce((s, p) => s + p.tenderedPaise - p.amountPaise, 0)

/** The order's payment method: the one method, or `split`. */
export function orderMethod(tenders: Tender[]): string {
  const methods = [...new Set(tenders.map((p) => p.method))]
  return methods.length === 1 ? methods[0] : 'split'
}
