import { MAX_LINE_QUANTITY } from '../../../common/contracts/cart'
import type { RequestCtx } from '../../platform/request-context'
import * as queries from './queries'

/**
 * At sign-in (called by accounts): the visitor session's cart on this website joins the user's cart. Quantities
 * of the same pack add up (to at most MAX_LINE_QUANTITY; stock is checked when the cart is read), the user's
 * coupon is kept when both have one, and the visitor cart is gone afterwards. Only the cart of the session
 * given is taken (SECURITY AZ-06: the caller passes the session that just signed in).
 */
export async function mergeVisitorCart(ctx: Pick<RequestCtx, 'db' | 'site'>, fromSessionIdHash: string, toUserId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const visitor = await queries.findCart(tx, ctx.site.id, { sessionIdHash: fromSessionIdHash })
    if (!visitor) return
    const mine = await queries.findCart(tx, ctx.site.id, { userId: toUserId })
    if (!mine) return queries.giveCartToUser(tx, visitor.id, toUserId)
    await queries.holdCart(tx, mine.id)
    await queries.mergeLines(tx, visitor.id, mine.id, MAX_LINE_QUANTITY)
    await queries.keepCouponIfNone(tx, mine.id, visitor.couponCode)
    await queries.deleteCart(tx, visitor.id)
  })
}
