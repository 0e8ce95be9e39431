import type { FastifyInstance } from 'fastify'
import { getProduct, listProducts } from '../../../common/contracts/catalogue'
import { notFound } from '../../platform/errors'
import { readRoute } from '../../platform/route'
import * as catalogue from './service'

export function catalogueRoutes(app: FastifyInstance) {
  readRoute(app, listProducts, (ctx, { query }) => catalogue.listProductsForShopper(ctx, query), { tags: ['catalogue'] })
  readRoute(
    app,
    getProduct,
    async (ctx, { params }) => (await catalogue.getProductForShopper(ctx, params.id)) ?? Promise.reject(notFound('This product is not available')),
    { tags: ['catalogue'] },
  )
}
