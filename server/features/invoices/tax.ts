import type { TaxLine, TaxRateRow, TaxTotals } from '../../../common/contracts/invoices'

/**
 * GST maths of tax-inclusive prices (docs/decisions/0030-gst-invoices.md "Rounding"). A line's value V (what the
 * shopper pays for it, tax included, in paise) is fixed; its taxes are derived from V and rounded half up to the
 * paisa, each on its own; the taxable value is what is left: V minus the taxes. So every line adds up to its value
 * exactly, the document's taxes are the sum of its lines', its total is what the shopper paid, and CGST equals SGST
 * on every line (each is the same rounded half of the rate).
 */

/** A line as priced, before tax is taken out of it. */
export interface ValuedLine {
  itemId: number | null
  kind: 'goods' | 'service'
  description: string
  code: string
  quantity: number
  unit: string
  unitPricePaise: number
  discountPaise: number
  valuePaise: number
  ratePct: number
  cessPct: number
}

/** num / den rounded half up (away from zero for the halves of negative numbers); den > 0. */
export function divRound(num: number, den: number): number {
  const sign = num < 0 ? -1 : 1
  const a = Math.abs(num)
  return sign * Math.floor((2 * a + den) / (2 * den))
}

/** One line's taxes: CGST + SGST (each half the rate) within the state, IGST across states, and cess. */
export function taxLine(v: ValuedLine, sr: number, interState: boolean): TaxLine {
  const V = v.valuePaise
  // the taxable value before rounding is V × 100 / (100 + rate + cess); each tax is a rate of it
  const den = 100 + v.ratePct + v.cessPct
  const half = interState ? 0 : divRound(V * v.ratePct, 2 * den)
  const igst = interState ? divRound(V * v.ratePct, den) : 0
  const cess = divRound(V * v.cessPct, den)
  return {
    sr,
    itemId: v.itemId,
    kind: v.kind,
    description: v.description,
    code: v.code,
    quantity: v.quantity,
    unit: v.unit,
    unitPricePaise: v.unitPricePaise,
    discountPaise: v.discountPaise,
    valuePaise: V,
    taxablePaise: V - 2 * half - igst - cess,
    ratePct: v.ratePct,
    cgstPaise: half,
    sgstPaise: half,
    igstPaise: igst,
    cessPct: v.cessPct,
    cessPaise: cess,
  }
}

/**
 * `total` split in proportion to `weights` to the paisa (largest remainder; ties to the earlier line), so the
 * parts add up to `total` exactly. All weights 0: nothing is split (every part 0) unless total is 0.
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum === 0) return weights.map(() => 0)
  const exact = weights.map((w) => (total * w) / sum)
  const parts = exact.map((e) => Math.floor(e))
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i)
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k].i]++
  return parts
}

export interface ComputedDocument {
  lines: TaxLine[]
  byRate: TaxRateRow[]
  totals: TaxTotals
}

/** The document's lines, tax summary by rate and totals; `paidPaise` is what the shopper paid (or gets back). */
export function computeDocument(valued: ValuedLine[], interState: boolean, paidPaise: number): ComputedDocument {
  const lines = valued.map((v, i) => taxLine(v, i + 1, interState))
  const sum = (pick: (l: TaxLine) => number) => lines.reduce((a, l) => a + pick(l), 0)
  const rates = [...new Set(lines.map((l) => l.ratePct))].sort((a, b) => a - b)
  const byRate = rates.map((ratePct) => {
    const of = lines.filter((l) => l.ratePct === ratePct)
    const s = (pick: (l: TaxLine) => number) => of.reduce((a, l) => a + pick(l), 0)
    return {
      ratePct,
      taxablePaise: s((l) => l.taxablePaise),
      cgstPaise: s((l) => l.cgstPaise),
      sgstPaise: s((l) => l.sgstPaise),
      igstPaise: s((l) => l.igstPaise),
      cessPaise: s((l) => l.cessPaise),
    }
  })
  const valuePaise = sum((l) => l.valuePaise)
  const totals: TaxTotals = {
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    cessPaise: sum((l) => l.cessPaise),
    taxPaise: sum((l) => l.cgstPaise + l.sgstPaise + l.igstPaise + l.cessPaise),
    roundOffPaise: paidPaise - valuePaise,
    totalPaise: paidPaise,
  }
  return { lines, byRate, totals }
}

/** The financial year (April to March, in India's time) of an instant: "2026-27". */
export function financialYear(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60_000)
  const y = india.getUTCFullYear()
  const start = india.getUTCMonth() >= 3 ? y : y - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

/** "2026-27" → "2627", as the document number carries it (a number is at most 16 characters: CGST rule 46(b)). */
export const yearTag = (fy: string) => `${fy.slice(2, 4)}${fy.slice(5, 7)}`

export const documentNumber = (prefix: string, fy: string, seq: number) => `${prefix}/${yearTag(fy)}/${String(seq).padStart(5, '0')}`
