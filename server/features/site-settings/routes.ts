import type { FastifyInstance } from 'fastify'
import { getInit } from '../../../common/contracts/site-settings'
import { readRoute } from '../../platform/route'
import * as cart from '../cart/service'
import * as siteSettings from './service'

export function siteSettingsRoutes(app: FastifyInstance) {
  readRoute(app, getInit, async (ctx) => siteSettings.init(ctx, await cart.currentCart(ctx)), { tags: ['site'] })
}
