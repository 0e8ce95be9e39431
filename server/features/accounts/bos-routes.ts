import type { FastifyInstance } from 'fastify'
import {
  addWebsiteDomain,
  createWebsite,
  listManagedWebsites,
  listWebsiteDomains,
  removeWebsiteDomain,
  switchWebsite,
} from '../../../common/contracts/accounts'
import { guardHook, requireSuperadmin } from '../../platform/guards'
import { route } from '../../platform/route'
import { requestOrigin } from '../../platform/site-context'
import * as domains from './website-domains'
import * as websites from './websites'

const tags = ['superadmin']

/** Superadmin calls: 401 for visitors, 403 for everyone else, before the body is read. */
export async function bosRoutes(app: FastifyInstance) {
  app.addHook('preValidation', guardHook(requireSuperadmin))
  route(app, listManagedWebsites, async (req) => websites.listWebsites(req.ctx, requestOrigin(req)), { tags })
  route(app, switchWebsite, async (req) => websites.startSwitch(req.ctx, req.body.website_id, requestOrigin(req)), { tags })
  route(app, createWebsite, async (req) => websites.createWebsite(req.ctx, req.body, requestOrigin(req)), { tags })
  route(app, listWebsiteDomains, async (req) => domains.listDomains(req.ctx, req.params.id), { tags })
  route(app, addWebsiteDomain, async (req) => domains.addDomain(req.ctx, req.params.id, req.body.origin), { tags })
  route(app, removeWebsiteDomain, async (req) => domains.removeDomain(req.ctx, req.params.id, req.body.origin), { tags })
}
