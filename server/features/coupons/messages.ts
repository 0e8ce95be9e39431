import { formatDate } from '../../../common/dates'
import { formatINR } from '../../../common/money'
import type { DiscountResult } from './discount'
import type { CouponRow } from './queries'

export interface UsageFacts {
  now: Date
  /** null for a visitor: per-customer and first-order rules wait until the shopper is known (sign-in, order) */
  userId: number | null
  /** this shopper's redemptions of the coupon not given back */
  usedByCustomer: number
  placedOrders: number
}

/** Why a coupon can't be used now, apart from the cart's amounts; null when it can. Each refusal has its own message. */
export function usageProblem(coupon: CouponRow, facts: UsageFacts): string | null {
  const code = coupon.code
  if (coupon.status === 'archived') return `${code} is no longer available`
  if (coupon.status === 'paused') return `${code} is not available right now`
  if (coupon.startsAt && facts.now < coupon.startsAt) return `${code} can be used from ${formatDate(coupon.startsAt)}`
  if (coupon.endsAt && facts.now >= coupon.endsAt) return `${code} has expired`
  if (coupon.usageLimit !== null && coupon.used >= coupon.usageLimit) return `${code} has been fully redeemed`
  if (facts.userId === null) return null
  if (coupon.perCustomerLimit !== null && facts.usedByCustomer >= coupon.perCustomerLimit) {
    return coupon.perCustomerLimit === 1 ? `You have already used ${code}` : `You have already used ${code} ${coupon.perCustomerLimit} times, the most allowed`
  }
  if (coupon.firstOrderOnly && facts.placedOrders > 0) return `${code} is valid only on your first order`
  return null
}

/** Why the cart's amounts don't qualify; null when they do. */
export function amountProblem(coupon: CouponRow, result: DiscountResult): string | null {
  if (result.ok) return null
  if (result.reason === 'min_cart')
    return `Add ${formatINR(result.shortfallPaise)} more to use ${coupon.code} (minimum cart value ${formatINR(coupon.minCartPaise)})`
  return `${coupon.code} does not apply to any item in your cart`
}

export const unknownCoupon = (code: string) => `Coupon code ${code} is not valid`
export const EMPTY_CART_COUPON = 'Add items to your cart before applying a coupon'
/** The coupon was edited by staff after the cart was priced (the order is priced again with the new rule). */
export const couponChanged = (code: string) => `${code} has just changed: please check your cart`
export const TOO_MANY_ATTEMPTS = 'Too many coupon attempts. Please try again in a few minutes.'
