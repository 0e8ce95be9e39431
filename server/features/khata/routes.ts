import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as c from '../../../common/contracts/khata'
import { guardHook, requireUser } from '../../platform/guards'
import { orThrow } from '../../platform/result'
import { route } from '../../platform/route'
import { staffRoutes } from '../../platform/staff'
import * as khata from './khata'
import { listKhatas } from './list'
import { remind } from './remind'

/** The device an entry was written from at the staff web: its browser, as it names itself. */
const device = (req: FastifyRequest) => ({ device: `staff web: ${String(req.headers['user-agent'] ?? 'unknown').slice(0, 120)}` })

/** The khata's staff calls (/s/api/admin/…) and the shopper's own (docs/decisions/0047-khata.md). */
export async function khataRoutes(app: FastifyInstance) {
  await staffRoutes(app, { tag: 'admin', permission: 'khata' }, (group) => {
    group.read(c.listKhatas, (req, ctx) => listKhatas(ctx, req.query))
    group.read(c.getCustomerKhata, async (req, ctx) => orThrow(await khata.getCustomerKhata(ctx, req.params.id)))
    group.write(c.setKhataLimit, async (req, ctx) => orThrow(await khata.setLimit(ctx, req.params.id, req.body)))
    group.write(c.recordKhataPayment, async (req, ctx) => orThrow(await khata.recordPayment(ctx, req.params.id, req.body, device(req))))
    group.write(c.remindKhata, async (req, ctx) => orThrow(await remind(ctx, req.params.id)))
    group.write(c.adjustKhata, async (req, ctx) => orThrow(await khata.adjust(ctx, req.params.id, req.body, device(req))))
  })
  await app.register(async (scope) => {
    scope.addHook('preValidation', guardHook(requireUser))
    route(scope, c.getMyKhata, async (req) => orThrow(await khata.getMyKhata({ ...req.ctx, user: requireUser(req.ctx) })), { tags: ['accounts'] })
  })
}
