/** The amount rules of a coupon, in paise (the rest — dates, limits, first order — are checked by the service). */
export interface CouponRule {
  kind: 'percent' | 'flat'
  /** percent (whole number, 1–100) or paise */
  value: number
  minCartPaise: number
  maxDiscountPaise: number | null
  /** the coupon applies only to lines of these categories (a line matches by its category or its parent) … */
  categoryIds: number[] | null
  /** … and of these brands; null = no restriction */
  brandIds: number[] | null
}

export interface ScopedLine {
  categoryId: number
  parentCategoryId: number | null
  brandId: number
}

export type DiscountResult =
  | { ok: true; discountPaise: number }
  | { ok: false; reason: 'min_cart'; shortfallPaise: number }
  | { ok: false; reason: 'no_eligible_items' }

export function inScope(rule: Pick<CouponRule, 'categoryIds' | 'brandIds'>, line: ScopedLine): boolean {
  const categoryOk =
    !rule.categoryIds?.length ||
    rule.categoryIds.includes(line.categoryId) ||
    (line.parentCategoryId !== null && rule.categoryIds.includes(line.parentCategoryId))
  const brandOk = !rule.brandIds?.length || rule.brandIds.includes(line.brandId)
  return categoryOk && brandOk
}

/**
 * The discount on a cart of `amountPaise` of which `eligiblePaise` is in the coupon's scope: never more than
 * the eligible amount, never negative, percentages rounded down to the paisa.
 */
export function couponDiscount(rule: CouponRule, amountPaise: number, eligiblePaise: number): DiscountResult {
  if (amountPaise < rule.minCartPaise) return { ok: false, reason: 'min_cart', shortfallPaise: rule.minCartPaise - amountPaise }
  if (eligiblePaise <= 0) return { ok: false, reason: 'no_eligible_items' }
  const raw = rule.kind === 'percent' ? Math.floor((eligiblePaise * Math.min(Math.max(rule.value, 0), 100)) / 100) : Math.max(rule.value, 0)
  const capped = rule.maxDiscountPaise === null ? raw : Math.min(raw, Math.max(rule.maxDiscountPaise, 0))
  return { ok: true, discountPaise: Math.min(capped, eligiblePaise) }
}
