import type { FastifyInstance } from 'fastify'
import * as c from '../../../common/contracts/agents'
import { guardHook, requireAgent } from '../../platform/guards'
import { orThrow } from '../../platform/result'
import { route } from '../../platform/route'
import { staffRoutes } from '../../platform/staff'
import * as admin from './admin'
import * as agents from './service'

const tags = ['sales']

/** Sales agents only: a visitor 401, anyone signed in without the role on this website 403, before the body is read. */
export async function agentRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addHook('preValidation', guardHook(requireAgent))
    route(scope, c.getSalesDashboard, async (req) => agents.dashboard(req.ctx, req.query.period), { tags })
    route(scope, c.lookupCustomer, async (req) => agents.lookup(req.ctx, req.query.mobile), { tags })
    route(scope, c.listCustomers, async (req) => agents.listCustomers(req.ctx), { tags })
    route(scope, c.addCustomer, async (req) => orThrow(await agents.addCustomer(req.ctx, req.body)), { tags })
    route(scope, c.listAgentOrders, async (req) => agents.orders(req.ctx, req.query), { tags })
  })
  await staffRoutes(app, { tag: 'admin' }, (staff) => {
    staff.read(c.listAgents, (_req, ctx) => admin.listAgents(ctx))
    staff.read(c.getCommissionRules, (_req, ctx) => admin.getRules(ctx))
    staff.write(c.saveCommissionRules, async (req, ctx) => orThrow(await admin.saveRules(ctx, req.body)))
  })
}
