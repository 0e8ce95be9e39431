import type { FastifyInstance } from 'fastify'
import { getProduct, listProducts, relatedProducts } from '../../../common/contracts/catalogue'
import { notFound } from '../../platform/errors'
import { readRoute } from '../../platform/route'
import * as catalogue from './service'
import { getSuggestions } from '../../../common/contracts/search'
import * as delivery from '../delivery/service'
import * as search from './search-service'

export function catalogueRoutes(app: FastifyInstance) {
  readRoute(app, listProducts, (ctx, { query }) => catalogue.listProductsForShopper(ctx, query), { tags: ['catalogue'] })
  readRoute(
    app,
    getProduct,
    async (ctx, { params }) => (await catalogue.getProductForShopper(ctx, params.id)) ?? Promise.reject(notFound('This product is not available')),
    { tags: ['catalogue'] },
  )
  readRoute(
    app,
    relatedProducts,
    async (ctx, { params }) => (await catalogue.relatedProducts(ctx, params.id)) ?? Promise.reject(notFound('This product is not available')),
    { tags: ['catalogue'] },
  )
  readRoute(app, getSuggestions, async (ctx, { query }) => search.suggest(ctx, query.q, await delivery.currentWarehouseId(ctx)), { tags: ['catalogue'] })
}
