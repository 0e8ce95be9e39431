import type { Cart } from '../../../common/contracts/cart'
import type { RequestCtx } from '../../platform/request-context'
import * as coupons from '../coupons/service'
import { deliveryTarget } from '../delivery/schedule'
import { lineProblem } from './line-checks'
import { priceCart } from './price-cart'
import * as queries from './queries'
import { answer, type CartResult, findOwnCart } from './service'

/**
 * One coupon per cart: a code the engine accepts for this cart now replaces any other. Unknown codes count towards
 * a limit of failed attempts (SECURITY BL-05); every refusal says why. Limits are checked again at order time.
 */
export async function applyCoupon(ctx: RequestCtx, code: string): Promise<CartResult> {
  if (await coupons.tooManyFailures(ctx)) return { ok: false, kind: 'too_many', message: coupons.TOO_MANY_ATTEMPTS }
  const cart = await findOwnCart(ctx)
  const rows = cart ? await queries.loadLines(ctx.db, ctx.site.id, cart.id) : []
  if (!cart || rows.length === 0) return { ok: false, kind: 'invalid', message: coupons.EMPTY_CART_COUPON }
  const coupon = await coupons.findCoupon(ctx, code)
  if (!coupon) {
    await coupons.recordFailure(ctx)
    return { ok: false, kind: 'invalid', message: coupons.unknownCoupon(code) }
  }
  const usage = await coupons.usageProblemFor(ctx, coupon)
  if (usage) return { ok: false, kind: 'invalid', message: usage }
  const target = await deliveryTarget(ctx)
  const lines = rows.map((row) => ({ ...row, valid: lineProblem(row, target) === null, deliveryChargeId: 0 }))
  const outcome = priceCart(lines, new Map(), coupons.toRule(coupon)).coupon
  const problem = outcome && coupons.amountProblem(coupon, outcome)
  if (problem) return { ok: false, kind: 'invalid', message: problem }
  await queries.setCoupon(ctx.db, cart.id, coupon.code)
  return { ok: true, value: await answer(ctx, { ...cart, couponCode: coupon.code }, target) }
}

export async function removeCoupon(ctx: RequestCtx): Promise<Cart> {
  const cart = await findOwnCart(ctx)
  if (cart?.couponCode) await queries.setCoupon(ctx.db, cart.id, null)
  return answer(ctx, cart && { ...cart, couponCode: null })
}
