import type { FastifyInstance } from 'fastify'
import { applyCoupon, removeCoupon } from '../../../common/contracts/coupons'
import { route } from '../../platform/route'
import * as cartCoupon from '../cart/apply-coupon'
import { orThrow } from '../../platform/result'

export function couponRoutes(app: FastifyInstance) {
  route(app, applyCoupon, async (req) => orThrow(await cartCoupon.applyCoupon(req.ctx, req.body.code)), { tags: ['coupons'] })
  // The spec keeps this a GET; it changes the cart, so it needs the XSRF header like a POST (CONTRACT hardening).
  route(app, removeCoupon, (req) => cartCoupon.removeCoupon(req.ctx), { xsrf: true, tags: ['coupons'] })
}
