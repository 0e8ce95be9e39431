import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  getGstReport,
  getGstReportCsv,
  getOrderCreditNotePdf,
  getOrderInvoicePdf,
  getTaxSettings,
  issueMissingInvoices,
  listOrderTaxDocuments,
  updateTaxSettings,
} from '../../../common/contracts/invoices'
import {
  getGstr1,
  getGstr1Csv,
  getGstr3b,
  listOrdersWithoutInvoice,
  getTallyLedgers,
  getTallyXml,
  updateTallyLedgers,
} from '../../../common/contracts/gst-returns'
import { AppError } from '../../platform/errors'
import { guardHook, requireUser } from '../../platform/guards'
import type { RequestCtx } from '../../platform/request-context'
import { can } from '../../../common/rules/staff-roles'
import { orThrow } from '../../platform/result'
import { route } from '../../platform/route'
import { staffRoutes } from '../../platform/staff'
import * as admin from './admin'
import * as q from './queries'
import { gstReport, sendGstReportCsv } from './report'
import { gstr1, gstr3b, ordersWithoutInvoice, sendGstr1Csv } from './returns'
import * as tally from './tally-export'

const NOT_FOUND = 'No such document'
/** GST returns are reports as much as tax papers: either area reads them (an accountant has both) */
const GST_EXPORT = { permission: { any: ['reports', 'tax'] } } as const

/** The order, when the caller is its shopper or staff of its website; anyone else is told it does not exist. */
async function readableOrder(ctx: RequestCtx, orderId: number) {
  const user = requireUser(ctx)
  const order = await q.findOrder(ctx.db, orderId)
  if (!order || order.websiteId !== ctx.site.id || (order.userId !== user.id && !can(user.permissions, 'orders'))) throw new AppError('not_found', NOT_FOUND)
  return order
}

const fileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`

async function sendPdf(reply: FastifyReply, doc: q.TaxDocumentRow) {
  const bytes = await reply.server.workers.run('taxDocumentPdf', doc.content)
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="${fileName(doc.number)}"`)
    .send(Buffer.from(bytes))
}

export async function invoiceRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addHook('preValidation', guardHook(requireUser))
    const tags = ['orders']
    route(
      scope,
      listOrderTaxDocuments,
      async (req) => {
        const order = await readableOrder(req.ctx, req.params.id)
        const docs = await q.documentsOf(req.ctx.db, order.id)
        return {
          data: docs.map((d) => ({
            id: d.id,
            kind: d.kind,
            number: d.number,
            issued_at: d.issuedAt.toISOString(),
            total: d.totalPaise / 100,
            url: d.kind === 'invoice' ? `/s/api/orders/${order.id}/invoice.pdf` : `/s/api/orders/${order.id}/credit-notes/${d.id}`,
          })),
        }
      },
      { tags },
    )
    route(
      scope,
      getOrderInvoicePdf,
      async (req, reply) => {
        const order = await readableOrder(req.ctx, req.params.id)
        const doc = await q.findDocument(req.ctx.db, order.id, 'invoice')
        if (!doc) throw new AppError('not_found', 'This order has no tax invoice yet: it is issued when the order is confirmed')
        return sendPdf(reply, doc)
      },
      { tags },
    )
    route(
      scope,
      getOrderCreditNotePdf,
      async (req, reply) => {
        const order = await readableOrder(req.ctx, req.params.id)
        const doc = await q.findDocument(req.ctx.db, order.id, 'credit_note', req.params.documentId)
        if (!doc) throw new AppError('not_found', NOT_FOUND)
        return sendPdf(reply, doc)
      },
      { tags },
    )
  })

  await staffRoutes(app, { tag: 'admin', permission: 'tax' }, (staff) => {
    staff.read(getTaxSettings, (_req, ctx) => admin.getTaxSettings(ctx))
    staff.read(getGstReport, async (req, ctx) => orThrow(await gstReport(ctx, req.query.from, req.query.to)), GST_EXPORT)
    staff.read(
      getGstReportCsv,
      async (req, ctx, reply) => orThrow(await sendGstReportCsv(ctx, reply, req.query.from, req.query.to, req.query.section)),
      GST_EXPORT,
    )
    staff.read(
      getGstr1,
      async (req, ctx, reply) => {
        const json = orThrow(await gstr1(ctx, req.query.period))
        reply.header('content-disposition', `attachment; filename="GSTR1_${json.gstin}_${json.fp}.json"`)
        return json
      },
      GST_EXPORT,
    )
    staff.read(getGstr1Csv, async (req, ctx, reply) => orThrow(await sendGstr1Csv(ctx, reply, req.query.period, req.query.section)), GST_EXPORT)
    staff.read(listOrdersWithoutInvoice, (_req, ctx) => ordersWithoutInvoice(ctx), GST_EXPORT)
    staff.read(getGstr3b, async (req, ctx) => orThrow(await gstr3b(ctx, req.query.period)), GST_EXPORT)
    staff.read(
      getTallyXml,
      async (req, ctx, reply) => {
        const { xml, fileName } = orThrow(await tally.tallyExport(ctx, req.query.from, req.query.to))
        return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(xml)
      },
      GST_EXPORT,
    )
    staff.read(getTallyLedgers, (_req, ctx) => tally.getTallyLedgers(ctx), GST_EXPORT)
    staff.write(updateTallyLedgers, async (req, ctx) => orThrow(await tally.updateTallyLedgers(ctx, req.body)))
    staff.write(updateTaxSettings, async (req, ctx) => orThrow(await admin.updateTaxSettings(ctx, req.body)))
    staff.write(issueMissingInvoices, async (_req, ctx) => orThrow(await admin.issueMissingInvoices(ctx)))
  })
}
