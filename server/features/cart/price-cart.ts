import { type CouponRule, couponDiscount, type DiscountResult, inScope, type ScopedLine } from '../coupons/discount'

/** A cart line as the pricing sees it: integer paise from the database, never from the client. */
export interface PricedLine extends ScopedLine {
  quantity: number
  pricePaise: number
  /** invalid lines (out of stock, over stock, not deliverable) stay in the cart but are not priced */
  valid: boolean
  deliveryChargeId: number
}

export interface ChargeRuleInput {
  chargePaise: number
  freeAbovePaise: number
}

export interface DeliveryGroupTotals {
  deliveryChargeId: number
  amountPaise: number
  /** the rule's charge, before the free-delivery threshold */
  chargePaise: number
  /** what this group pays for delivery */
  finalPaise: number
  /** how much more would make this group's delivery free (0 when it already is) */
  shortfallPaise: number
}

export interface CartTotals {
  /** units in the cart, valid or not */
  quantity: number
  /** Σ quantity × price of the valid lines */
  amountPaise: number
  /** the part of amountPaise the coupon applies to */
  eligiblePaise: number
  discountPaise: number
  /** the coupon's outcome on this cart; null without a coupon */
  coupon: DiscountResult | null
  deliveryChargePaise: number
  finalDeliveryPaise: number
  totalPaise: number
  groups: DeliveryGroupTotals[]
}

/**
 * Every total of a cart, in paise. Pure: the property tests hold it to a plain reference computation.
 * Free delivery depends on a group's items amount before the coupon; the discount never exceeds what it applies to.
 */
export function priceCart(lines: PricedLine[], rules: ReadonlyMap<number, ChargeRuleInput>, coupon: CouponRule | null): CartTotals {
  let quantity = 0
  let amountPaise = 0
  let eligiblePaise = 0
  const groupAmounts = new Map<number, number>()
  for (const line of lines) {
    quantity += line.quantity
    if (!line.valid) continue
    const lineAmount = line.quantity * line.pricePaise
    amountPaise += lineAmount
    if (coupon && inScope(coupon, line)) eligiblePaise += lineAmount
    groupAmounts.set(line.deliveryChargeId, (groupAmounts.get(line.deliveryChargeId) ?? 0) + lineAmount)
  }
  const groups = [...groupAmounts].map(([deliveryChargeId, groupAmount]): DeliveryGroupTotals => {
    const rule = rules.get(deliveryChargeId) ?? { chargePaise: 0, freeAbovePaise: 0 }
    // a misconfigured negative rule never pays the shopper (SECURITY BL-19)
    const charge = Math.max(0, rule.chargePaise)
    const free = groupAmount >= rule.freeAbovePaise || charge === 0
    return {
      deliveryChargeId,
      amountPaise: groupAmount,
      chargePaise: charge,
      finalPaise: free ? 0 : charge,
      shortfallPaise: free ? 0 : rule.freeAbovePaise - groupAmount,
    }
  })
  const outcome = coupon ? couponDiscount(coupon, amountPaise, eligiblePaise) : null
  const discountPaise = outcome?.ok ? outcome.discountPaise : 0
  const deliveryChargePaise = groups.reduce((s, g) => s + g.chargePaise, 0)
  const finalDeliveryPaise = groups.reduce((s, g) => s + g.finalPaise, 0)
  return {
    quantity,
    amountPaise,
    eligiblePaise,
    discountPaise,
    coupon: outcome,
    deliveryChargePaise,
    finalDeliveryPaise,
    totalPaise: Math.max(0, amountPaise - discountPaise + finalDeliveryPaise),
    groups,
  }
}
