/**
 * Money is integer paise everywhere (database, wire, state); rupees appear only when formatting.
 */

const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 })
const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 })

/** 123450 → "₹1,234.50"; whole rupees drop the paise: 100000 → "₹1,000". */
export function formatINR(paise: number): string {
  const p = Math.round(paise)
  return (p % 100 === 0 ? wholeRupees : withPaise).format(p / 100)
}

/** 123450 → 1234.5 (rounded to 2 decimals). */
export function toRupees(paise: number): number {
  return Math.round(paise) / 100
}

/** 1234.5 → 123450. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100)
}

/**
 * Cash on delivery is paid in whole rupees (docs/decisions/0033-shopper-money.md): a total rounded half up to the
 * rupee. The order keeps this total, so its invoice shows the difference as its Round-off line.
 */
export function cashTotalPaise(totalPaise: number): number {
  return Math.floor((Math.round(totalPaise) + 50) / 100) * 100
}
