import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as c from '../../../common/contracts/khata'
import * as online from '../../../common/contracts/khata-online'
import { guardHook, requireUser } from '../../platform/guards'
import { orThrow } from '../../platform/result'
import { route } from '../../platform/route'
import { requestOrigin } from '../../platform/site-context'
import { staffRoutes } from '../../platform/staff'
import { providersFor } from '../payments/service'
import * as khata from './khata'
import { listKhatas } from './list'
import { confirmAccountPayment, startAccountPayment } from './online'
import { remind, sendStatement } from './remind'
import { createShareLink, getSharedQr, sharedStatement, startSharedQr } from './share'
import { getSharedPayLink, startSharedPayLink } from './share-pay-link'

/** The device an entry was written from at the staff web: its browser, as it names itself. */
const device = (req: FastifyRequest) => ({ device: `staff web: ${String(req.headers['user-agent'] ?? 'unknown').slice(0, 120)}` })

const sendPdf = (reply: FastifyReply, bytes: Uint8Array, name: string) =>
  reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="khata-${name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'statement'}.pdf"`)
    .send(Buffer.from(bytes))

/** The khata's staff calls (/s/api/admin/…), the shopper's own, and the shared statement's (docs/decisions/0047-khata.md). */
export async function khataRoutes(app: FastifyInstance) {
  await staffRoutes(app, { tag: 'admin', permission: 'khata' }, (group) => {
    group.read(c.listKhatas, (req, ctx) => listKhatas(ctx, req.query))
    group.read(c.getCustomerKhata, async (req, ctx) => orThrow(await khata.getCustomerKhata(ctx, req.params.id)))
    group.read(online.getCustomerKhataPdf, async (req, ctx, reply) => {
      const k = orThrow(await khata.getCustomerKhata(ctx, req.params.id))
      return sendPdf(reply, await app.workers.run('khataStatementPdf', { shop: ctx.site.name, khata: k, at: new Date() }), k.name)
    })
    group.write(c.setKhataLimit, async (req, ctx) => orThrow(await khata.setLimit(ctx, req.params.id, req.body)))
    group.write(c.recordKhataPayment, async (req, ctx) => orThrow(await khata.recordPayment(ctx, req.params.id, req.body, device(req))))
    group.write(c.remindKhata, async (req, ctx) => orThrow(await remind(ctx, req.params.id)))
    group.write(c.sendKhataStatement, async (req, ctx) => orThrow(await sendStatement(ctx, req.params.id)))
    group.write(c.adjustKhata, async (req, ctx) => orThrow(await khata.adjust(ctx, req.params.id, req.body, device(req))))
    group.write(online.shareKhata, async (req, ctx) => orThrow(await createShareLink(ctx, req.params.id, requestOrigin(req))))
  })
  const sitePayments = (req: FastifyRequest, made?: { provider: string; account: string | null }) =>
    providersFor(req.ctx.db, req.ctx.config, app.payments, req.ctx.site.id, made)
  await app.register(async (scope) => {
    scope.addHook('preValidation', guardHook(requireUser))
    const tags = ['accounts']
    const me = (req: FastifyRequest) => ({ ...req.ctx, user: requireUser(req.ctx) })
    route(scope, c.getMyKhata, async (req) => orThrow(await khata.getMyKhata(me(req))), { tags })
    route(
      scope,
      online.getMyKhataPdf,
      async (req, reply) => {
        const k = orThrow(await khata.getMyKhata(me(req)))
        return sendPdf(reply, await app.workers.run('khataStatementPdf', { shop: req.ctx.site.name, khata: k, at: new Date() }), k.name)
      },
      { tags },
    )
    route(scope, online.payMyKhata, async (req) => orThrow(await startAccountPayment(me(req), await sitePayments(req), req.body, requestOrigin(req))), {
      tags,
    })
    route(
      scope,
      online.confirmMyKhataPayment,
      async (req) => orThrow(await confirmAccountPayment(me(req), (made) => sitePayments(req, made), req.params.id, req.body)),
      { tags },
    )
  })
  const tags = ['khata']
  route(app, online.getSharedStatement, async (req) => orThrow(await sharedStatement(req.ctx, app.payments, req.params.token)), { tags })
  route(app, online.paySharedStatement, async (req) => orThrow(await startSharedQr(req.ctx, app.payments, req.params.token, req.body.amount)), { tags })
  route(app, online.getSharedQr, async (req) => orThrow(await getSharedQr(req.ctx, app.payments, req.params.token, req.params.qr)), { tags })
  route(
    app,
    online.paySharedStatementByLink,
    async (req) => orThrow(await startSharedPayLink(req.ctx, app.payments, req.params.token, req.body, requestOrigin(req))),
    { tags },
  )
  route(app, online.getSharedPayLink, async (req) => orThrow(await getSharedPayLink(req.ctx, app.payments, req.params.token, req.params.id)), { tags })
}
