/** A purchase bill's figures as the form shows them, in paise (the server computes the same: purchases/money.ts). */

export interface BillLineValues {
  quantity: string
  free_quantity: string
  cost_price: string
  discount: string
  gst_rate: string
}

const paise = (rupees: string) => Math.round((Number(rupees) || 0) * 100)
const whole = (n: string) => Math.max(Math.trunc(Number(n) || 0), 0)

export function lineFigures(l: BillLineValues) {
  const taxable = Math.max(paise(l.cost_price) * whole(l.quantity) - paise(l.discount), 0)
  const tax = Math.round((taxable * (Number(l.gst_rate) || 0)) / 100)
  const units = whole(l.quantity) + whole(l.free_quantity)
  return { taxable, tax, unitCost: units ? Math.round(taxable / units) : 0 }
}

export function billFigures(lines: BillLineValues[], intraState: boolean) {
  const taxable = lines.reduce((n, l) => n + lineFigures(l).taxable, 0)
  const tax = lines.reduce((n, l) => n + lineFigures(l).tax, 0)
  const cgst = intraState ? Math.round(tax / 2) : 0
  return { taxable, cgst, sgst: intraState ? tax - cgst : 0, igst: intraState ? 0 : tax, total: taxable + tax }
}
