import type { FastifyInstance } from 'fastify'
import { createWishlistCategory, getWishlist, updateWishlist } from '../../../common/contracts/wishlist'
import { AppError } from '../../platform/errors'
import { guardHook, requireUser } from '../../platform/guards'
import { orThrow } from '../../platform/result'
import { route } from '../../platform/route'
import * as catalogue from '../catalogue/service'
import * as wishlist from './service'

export function wishlistRoutes(app: FastifyInstance) {
  // Visitors are refused before the body is read: 401, not 422, whatever they send.
  void app.register(async (signedIn) => {
    signedIn.addHook('preValidation', guardHook(requireUser))
    routes(signedIn)
  })
}

function routes(app: FastifyInstance) {
  route(
    app,
    updateWishlist,
    async (req) => {
      const product = await catalogue.getProduct(req.ctx, String(req.body.product_id))
      if (!product) throw new AppError('not_found', 'This product is not available')
      return orThrow(await wishlist.toggle(req.ctx, product.value.product_id, req.body.wishlist_category_id || null))
    },
    { tags: ['wishlist'] },
  )
  route(
    app,
    getWishlist,
    async (req) => {
      const lists = await wishlist.lists(req.ctx)
      const products = await catalogue.productsForShopper(
        req.ctx,
        lists.flatMap((l) => l.productIds),
      )
      const byId = new Map(products.map((p) => [p.product_id, p]))
      return lists.map(({ productIds, ...list }) => ({ ...list, products: productIds.flatMap((id) => byId.get(id) ?? []) }))
    },
    { tags: ['wishlist'] },
  )
  route(app, createWishlistCategory, async (req) => orThrow(await wishlist.createCategory(req.ctx, req.body.name)), { tags: ['wishlist'] })
}
