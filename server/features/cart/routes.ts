import type { FastifyInstance } from 'fastify'
import { addToCart, getCart, removeFromCart } from '../../../common/contracts/cart'
import { AppError } from '../../platform/errors'
import { route } from '../../platform/route'
import * as cart from './service'

/** An expected refusal becomes its HTTP error; the cart goes back whole otherwise. */
export function cartOrThrow(result: cart.CartResult) {
  if (!result.ok) throw new AppError(result.kind, result.message)
  return result.cart
}

export function cartRoutes(app: FastifyInstance) {
  route(app, getCart, async (req) => cartOrThrow(await cart.getCart(req.ctx, { addressId: req.query.address_id })), { tags: ['cart'] })
  route(app, addToCart, async (req) => cartOrThrow(await cart.add(req.ctx, req.body)), { tags: ['cart'] })
  route(app, removeFromCart, (req) => cart.remove(req.ctx, req.body), { tags: ['cart'] })
}
