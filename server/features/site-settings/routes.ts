import type { FastifyInstance } from 'fastify'
import { getInit } from '../../../common/contracts/site-settings'
import { route } from '../../platform/route'
import * as cart from '../cart/service'
import * as siteSettings from './service'

export function siteSettingsRoutes(app: FastifyInstance) {
  route(app, getInit, async (req) => siteSettings.init(req.ctx, await cart.currentCart(req.ctx)), { tags: ['site'] })
}
