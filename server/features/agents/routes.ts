import type { FastifyInstance, FastifyReply } from 'fastify'
import * as c from '../../../common/contracts/agents'
import { guardHook, requireAgent } from '../../platform/guards'
import { type Failure, orThrow } from '../../platform/result'
import type { OtpDelivery } from '../accounts/otp-delivery/index'
import { route } from '../../platform/route'
import { staffRoutes } from '../../platform/staff'
import * as admin from './admin'
import * as agents from './service'

const tags = ['sales']

/** A refused consent code (too many, or wrong): 429 carries Retry-After, as sign-in's. */
function refuse(reply: FastifyReply, refusal: Failure & { retryAfter?: number }): never {
  if (refusal.retryAfter) reply.header('retry-after', String(refusal.retryAfter))
  return orThrow<never>(refusal)
}

/** Sales agents only: a visitor 401, anyone signed in without the role on this website 403, before the body is read. */
export async function agentRoutes(app: FastifyInstance, { otpDelivery }: { otpDelivery: OtpDelivery }) {
  await app.register(async (scope) => {
    scope.addHook('preValidation', guardHook(requireAgent))
    route(scope, c.getSalesDashboard, async (req) => agents.dashboard(req.ctx, req.query.period), { tags })
    route(scope, c.lookupCustomer, async (req) => agents.lookup(req.ctx, req.query.mobile), { tags })
    route(scope, c.listCustomers, async (req) => agents.listCustomers(req.ctx), { tags })
    route(
      scope,
      c.addCustomer,
      async (req, reply) => {
        const added = await agents.addCustomer(req.ctx, otpDelivery, req.ip, req.body)
        if (!added.ok) refuse(reply, added)
        if ('consent' in added.value) reply.code(202)
        return added.value
      },
      { tags },
    )
    route(
      scope,
      c.confirmCustomer,
      async (req, reply) => {
        const confirmed = await agents.confirmCustomer(req.ctx, req.body)
        if (!confirmed.ok) refuse(reply, confirmed)
        return confirmed.value
      },
      { tags },
    )
    route(scope, c.listAgentOrders, async (req) => agents.orders(req.ctx, req.query), { tags })
  })
  await staffRoutes(app, { tag: 'admin', permission: 'staff' }, (staff) => {
    staff.read(c.listAgents, (_req, ctx) => admin.listAgents(ctx))
    staff.read(c.getCommissionRules, (_req, ctx) => admin.getRules(ctx))
    staff.write(c.saveCommissionRules, async (req, ctx) => orThrow(await admin.saveRules(ctx, req.body)))
  })
}
