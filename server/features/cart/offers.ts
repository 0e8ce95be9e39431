import type { CartOffer } from '../../../common/contracts/coupons'
import { toRupees } from '../../../common/money'
import type { RequestCtx } from '../../platform/request-context'
import * as coupons from '../coupons/service'
import { deliveryTarget } from '../delivery/schedule'
import { lineProblem } from './line-checks'
import { priceCart } from './price-cart'
import * as queries from './queries'
import { findOwnCart } from './service'

/**
 * The offers list of checkout and the cart (issue 18): every visible coupon this shopper may use now, priced on the
 * cart exactly as applying it would price it. Coupons the shopper cannot use (expired, used up, not a first order)
 * are left out; ones the cart does not reach yet stay, with what is missing.
 */
export async function cartOffers(ctx: RequestCtx): Promise<{ offers: CartOffer[] }> {
  const [cart, list, target] = await Promise.all([findOwnCart(ctx), coupons.visibleCoupons(ctx), deliveryTarget(ctx)])
  const rows = cart ? await queries.loadLines(ctx.db, ctx.site.id, cart.id) : []
  const lines = rows.map((row) => ({ ...row, valid: lineProblem(row, target) === null, deliveryChargeId: 0 }))
  const offers: CartOffer[] = []
  for (const coupon of list) {
    if (await coupons.usageProblemFor(ctx, coupon)) continue
    const outcome = priceCart(lines, new Map(), coupons.toRule(coupon)).coupon!
    offers.push({
      code: coupon.code,
      description: coupon.description,
      saves: outcome.ok ? toRupees(outcome.discountPaise) : 0,
      applies: outcome.ok,
      message: rows.length === 0 ? coupons.EMPTY_CART_COUPON : coupons.amountProblem(coupon, outcome),
      applied: cart?.couponCode?.toUpperCase() === coupon.code.toUpperCase(),
    })
  }
  return { offers: offers.sort((a, b) => b.saves - a.saves || Number(b.applies) - Number(a.applies)) }
}
