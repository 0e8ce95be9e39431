import type { FastifyInstance } from 'fastify'
import { getProduct, listProducts } from '../../../common/contracts/catalogue'
import { notFound } from '../../platform/errors'
import { route } from '../../platform/route'
import * as catalogue from './service'

export function catalogueRoutes(app: FastifyInstance) {
  route(app, listProducts, (req) => catalogue.listProductsForShopper(req.ctx, req.query), { tags: ['catalogue'] })
  route(
    app,
    getProduct,
    async (req) => (await catalogue.getProductForShopper(req.ctx, req.params.id)) ?? Promise.reject(notFound('This product is not available')),
    { tags: ['catalogue'] },
  )
}
