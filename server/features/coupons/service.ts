import type { Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import type { CouponRule } from './discount'
import { couponChanged, usageProblem } from './messages'
import { placedOrderCount } from './order-history'
import * as queries from './queries'

export type { CouponRow } from './queries'
export { amountProblem, EMPTY_CART_COUPON, TOO_MANY_ATTEMPTS, unknownCoupon } from './messages'
export { recordFailure, tooManyFailures } from './attempts'
export { couponDiscount, inScope } from './discount'

/** A coupon of this website by code (any case); another website's code is simply unknown here. */
export function findCoupon(ctx: RequestCtx, code: string) {
  return queries.findCouponByCode(ctx.db, ctx.site.id, code)
}

/** The website's visible offers (at most 50), oldest first. */
export function visibleCoupons(ctx: RequestCtx) {
  return queries.visibleCoupons(ctx.db, ctx.site.id)
}

export function toRule(coupon: queries.CouponRow): CouponRule {
  return {
    kind: coupon.kind,
    value: coupon.value,
    minCartPaise: coupon.minCartPaise,
    maxDiscountPaise: coupon.maxDiscountPaise,
    categoryIds: coupon.categoryIds?.length ? coupon.categoryIds : null,
    brandIds: coupon.brandIds?.length ? coupon.brandIds : null,
  }
}

/** Dates and use limits for the current shopper (a visitor's per-customer limits are checked once they sign in). */
export async function usageProblemFor(ctx: RequestCtx, coupon: queries.CouponRow, now = new Date()): Promise<string | null> {
  const userId = ctx.user?.id ?? null
  const needsHistory = userId !== null && (coupon.perCustomerLimit !== null || coupon.firstOrderOnly !== 0)
  const [usedByCustomer, placedOrders] = needsHistory
    ? await Promise.all([queries.countActiveRedemptions(ctx.db, coupon.id, userId), placedOrderCount(ctx.db, ctx.site.id, userId)])
    : [0, 0]
  return usageProblem(coupon, { now, userId, usedByCustomer, placedOrders })
}

export type RedeemResult = { ok: true; redemptionId: number } | { ok: false; message: string }

/**
 * The order-time check and use of a coupon, inside the order's transaction. The coupon row is locked first, so
 * concurrent orders queue on it and see each other's redemptions: a limit of N uses is never passed (SECURITY BL-06);
 * a staff edit or pause waits for the order, or the order for the edit (then `version` differs and it is refused).
 * On { ok: false } the caller rolls its transaction back.
 */
export async function redeemCoupon(
  tx: Tx,
  couponId: number,
  /** null for a walk-in at the counter: only the coupon's own limits and dates apply */
  userId: number | null,
  options: { orderId?: number; now?: Date /** the version the cart was priced with */; version?: number } = {},
): Promise<RedeemResult> {
  const coupon = await queries.lockCoupon(tx, couponId)
  if (!coupon) return { ok: false, message: 'This coupon is no longer available' }
  // Staff saved the coupon between the cart's pricing and this lock: the discount priced may no longer be its rule.
  if (options.version !== undefined && options.version !== coupon.version) return { ok: false, message: couponChanged(coupon.code) }
  const [usedByCustomer, placedOrders] =
    userId === null
      ? [0, 0]
      : await Promise.all([
          queries.countActiveRedemptions(tx, couponId, userId),
          coupon.firstOrderOnly ? placedOrderCount(tx, coupon.websiteId, userId) : Promise.resolve(0),
        ])
  const problem = usageProblem(coupon, { now: options.now ?? new Date(), userId, usedByCustomer, placedOrders })
  if (problem) return { ok: false, message: problem }
  await queries.incrementUsed(tx, couponId)
  const redemptionId = await queries.insertRedemption(tx, { couponId, userId, orderId: options.orderId ?? null })
  return { ok: true, redemptionId }
}

/** Gives a use back when its order is cancelled or never paid; a second call changes nothing. */
export function releaseCoupon(tx: Tx, redemptionId: number): Promise<boolean> {
  return queries.releaseRedemption(tx, redemptionId)
}
