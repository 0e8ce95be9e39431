/**
 * A packing slip's money, read top to bottom: each line's amount, the items' sum, the coupon's discount taken off,
 * the delivery charge added, and the rupee rounding of cash on delivery (common/money.ts cashTotalPaise), ending on
 * the order's total. The lines are the order's held lines (a line removed before packing is left out).
 */
export interface SlipMoneyInput {
  lines: { quantity: number; pricePaise: number }[]
  discountPaise: number
  deliveryPaise: number
  totalPaise: number
}

export interface SlipMoney {
  /** each line's amount (units × price), in the lines' order */
  amounts: number[]
  items: number
  discount: number
  delivery: number
  /** what rounding the cash total to the rupee added (+) or took off (−); 0 for an order paid online */
  roundOff: number
  total: number
}

export function slipMoney(o: SlipMoneyInput): SlipMoney {
  const amounts = o.lines.map((l) => l.quantity * l.pricePaise)
  const items = amounts.reduce((sum, a) => sum + a, 0)
  const roundOff = o.totalPaise - (items - o.discountPaise + o.deliveryPaise)
  return { amounts, items, discount: o.discountPaise, delivery: o.deliveryPaise, roundOff, total: o.totalPaise }
}
