import type { PosPaymentMethod } from '../../../common/contracts/pos'

/**
 * The counter cart's sums, in paise (the server's rules, decision 0024): a line discount comes off its line,
 * the order discount off the sale after line discounts; only cash gives change; the sale completes when the
 * payments cover the total. The server checks every rule again (and the discount limit by role).
 */

export interface CartLine {
  pack_id: number
  product_id: number
  product_name: string
  pack_name: string
  /** paise, one unit */
  price: number
  /** MRP of one unit, paise */
  mrp: number
  quantity: number
  /** paise off the whole line */
  discount: number
}

export interface CartPayment {
  method: PosPaymentMethod
  /** paise; cash may be more than what is due (change) */
  amount: number
  /** card terminal or UPI reference */
  reference?: string
  /** the provider's dynamic UPI QR that took it (paid by its webhook) */
  qr_id?: string
  /** on khata past the customer's credit limit: the admin's reason */
  override_reason?: string
}

export const toPaise = (rupees: number) => Math.round(rupees * 100)
export const toRupees = (paise: number) => Math.round(paise) / 100

/** '₹1,234.50' (whole rupees without decimals) */
export function rupees(paise: number): string {
  const r = paise / 100
  return `₹${r.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(r) ? 0 : 2, maximumFractionDigits: 2 })}`
}

/** A typed amount ('120', '99.5', '₹ 1,200') as paise, or null when it is not one. */
export function parseRupees(text: string): number | null {
  const clean = text.replace(/[₹,\s]/g, '')
  if (!/^\d+(\.\d{0,2})?$/.test(clean)) return null
  return toPaise(Number(clean))
}

export const lineGross = (l: CartLine) => l.price * l.quantity
export const lineNet = (l: CartLine) => Math.max(0, lineGross(l) - l.discount)

export interface CartTotals {
  items: number
  /** MRP of everything */
  mrp: number
  /** at the selling price, before discounts */
  gross: number
  lineDiscounts: number
  orderDiscount: number
  total: number
  /** MRP less what the customer pays */
  savings: number
}

export function cartTotals(lines: CartLine[], orderDiscount: number): CartTotals {
  const gross = lines.reduce((s, l) => s + lineGross(l), 0)
  const afterLines = lines.reduce((s, l) => s + lineNet(l), 0)
  const order = Math.min(Math.max(0, orderDiscount), afterLines)
  const total = afterLines - order
  const mrp = lines.reduce((s, l) => s + Math.max(l.mrp, l.price) * l.quantity, 0)
  return {
    items: lines.reduce((s, l) => s + l.quantity, 0),
    mrp,
    gross,
    lineDiscounts: gross - afterLines,
    orderDiscount: order,
    total,
    savings: Math.max(0, mrp - total),
  }
}

export interface PaymentState {
  paid: number
  /** still to pay (0 when covered) */
  due: number
  /** cash given back */
  change: number
  covered: boolean
  /** why the payments cannot complete the sale as they are, or null */
  problem: string | null
}

export function paymentState(total: number, payments: CartPayment[]): PaymentState {
  const paid = payments.reduce((s, p) => s + p.amount, 0)
  const cash = payments.filter((p) => p.method === 'cash').reduce((s, p) => s + p.amount, 0)
  const other = paid - cash
  const over = Math.max(0, paid - total)
  let problem: string | null = null
  if (other > total) problem = `Card, UPI and khata together cannot be more than the total (${rupees(total)}); only cash gives change`
  else if (over > cash) problem = 'Only cash gives change'
  const due = Math.max(0, total - paid)
  return { paid, due, change: problem ? 0 : over, covered: due === 0 && problem === null && payments.length > 0, problem }
}

/** Notes a customer is likely to hand over for this amount (quick-tender buttons): the exact amount, then round notes above it. */
export function quickTenders(due: number): number[] {
  const out = new Set<number>([due])
  for (const step of [1000, 5000, 10000, 50000, 200000]) {
    const up = Math.ceil(due / step) * step
    if (up > due) out.add(up)
    if (out.size >= 4) break
  }
  return [...out].filter((v) => v > 0).slice(0, 4)
}

export const DENOMINATION_LABEL = (d: number) => (d >= 10 ? `₹${d} notes` : `₹${d} coins`)

/** Rupees counted from a `{ "500": 3 }` count. */
export const countedPaise = (counted: Record<string, number>) => Object.entries(counted).reduce((s, [d, n]) => s + Number(d) * 100 * (n || 0), 0)

/** A UUID for a sale's client id (crypto.randomUUID where the page is a secure context, else from random bytes). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6] & 0x0f) | 0x40
  b[8] = (b[8] & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
