import type { FastifyInstance, FastifyReply } from 'fastify'
import { getProduct, listProducts } from '../../../common/contracts/catalogue'
import { notFound } from '../../platform/errors'
import { route, sendJson } from '../../platform/route'
import * as catalogue from './service'

/** Cached answers arrive already serialised (a string) and go out as they are. */
const answer = <T extends object>(reply: FastifyReply, result: T | string) => (typeof result === 'string' ? sendJson(reply, result) : result)

export function catalogueRoutes(app: FastifyInstance) {
  route(app, listProducts, async (req, reply) => answer(reply, await catalogue.listProductsForShopper(req.ctx, req.query)), { tags: ['catalogue'] })
  route(
    app,
    getProduct,
    async (req, reply) => answer(reply, (await catalogue.getProductForShopper(req.ctx, req.params.id)) ?? Promise.reject(notFound('This product is not available'))),
    { tags: ['catalogue'] },
  )
}
