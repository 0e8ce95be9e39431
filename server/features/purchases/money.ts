import type { PurchaseLineInput } from '../../../common/contracts/admin-purchases'
import { toPaise } from '../../../common/money'

/** A purchase bill's figures in paise: each line's taxable value and GST, the bill's CGST + SGST or IGST. */

export interface LineMoney {
  costPaise: number
  discountPaise: number
  mrpPaise: number | null
  taxablePaise: number
  taxPaise: number
  /** one unit's cost to the shop before GST, free units included: the batch's cost */
  unitCostPaise: number
}

export function lineMoney(l: PurchaseLineInput): LineMoney | { error: string; field: 'discount' } {
  const costPaise = toPaise(l.cost_price)
  const discountPaise = toPaise(l.discount ?? 0)
  const gross = costPaise * l.quantity
  if (discountPaise > gross) return { error: 'Discount cannot be more than the line’s value', field: 'discount' }
  const taxablePaise = gross - discountPaise
  const taxPaise = Math.round((taxablePaise * (l.gst_rate ?? 0)) / 100)
  return {
    costPaise,
    discountPaise,
    mrpPaise: l.mrp == null ? null : toPaise(l.mrp),
    taxablePaise,
    taxPaise,
    unitCostPaise: Math.round(taxablePaise / (l.quantity + (l.free_quantity ?? 0))),
  }
}

/** Intra-state: half the tax is CGST, the rest SGST; else all IGST. */
export function billTax(taxPaise: number, intraState: boolean) {
  if (!intraState) return { cgst: 0, sgst: 0, igst: taxPaise }
  const cgst = Math.round(taxPaise / 2)
  return { cgst, sgst: taxPaise - cgst, igst: 0 }
}

/** A supplier in the shop's state (or either not known) bills CGST + SGST. */
export const isIntraState = (supplierState: string | null, shopState: string | null) => !supplierState || !shopState || supplierState === shopState
