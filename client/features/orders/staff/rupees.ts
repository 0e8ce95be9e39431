import { toPaise } from '../../../../common/money'

/** '1,234.50' (₹, commas and spaces allowed) → 123450 paise; null when it is not an amount in rupees. */
export function paiseOf(text: string): number | null {
  const clean = text.replace(/[₹,\s]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null
  return toPaise(Number(clean))
}
