import type { FastifyInstance } from 'fastify'
import { addToCart, getCart, removeFromCart } from '../../../common/contracts/cart'
import { cartOffers } from '../../../common/contracts/coupons'
import { orThrow } from '../../platform/result'
import { route } from '../../platform/route'
import { cartOffers as offersOf } from './offers'
import * as cart from './service'

export function cartRoutes(app: FastifyInstance) {
  route(app, getCart, async (req) => orThrow(await cart.getCart(req.ctx, { addressId: req.query.address_id })), { tags: ['cart'] })
  route(app, addToCart, async (req) => orThrow(await cart.add(req.ctx, req.body)), { tags: ['cart'] })
  route(app, cartOffers, (req) => offersOf(req.ctx), { tags: ['cart'] })
  route(app, removeFromCart, (req) => cart.remove(req.ctx, req.body), { tags: ['cart'] })
}
