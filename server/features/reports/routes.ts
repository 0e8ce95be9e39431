import type { FastifyInstance, FastifyReply } from 'fastify'
import { REPORTS, type ReportName } from '../../../common/contracts/admin-reports'
import type { CsvCell } from '../../../common/csv'
import { sendCsv } from '../../platform/csv'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import type { StaffCtx } from '../../platform/staff-write'
import * as csv from './csv'
import * as cost from './cost-reports'
import { marginReport, purchaseRegister, stockValueReport } from '../../../common/contracts/admin-cost-reports'
import * as reports from './service'

/** Reports (docs/decisions/0023-reports.md): each as JSON, and the same figures as a CSV file at `<name>.csv`. */
export function reportRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin', permission: 'reports' }, (staff) => {
    const send = (reply: FastifyReply, name: ReportName, r: { from: string; to: string }, rows: CsvCell[][]) => sendCsv(reply, csv.csvFileName(name, r), rows)
    const range = (ctx: StaffCtx, query: { from?: string; to?: string }) => orThrow(reports.reportRange(ctx, query))

    staff.read(marginReport, (req, ctx) => cost.marginReport(ctx, range(ctx, req.query), req.query.by))
    staff.read(stockValueReport, (_req, ctx) => cost.stockValueReport(ctx))
    staff.read(purchaseRegister, (req, ctx) => cost.purchaseRegister(ctx, range(ctx, req.query)))
    staff.read(REPORTS.sales.json, (req, ctx) => reports.salesReport(ctx, range(ctx, req.query), req.query))
    staff.read(REPORTS.sales.csv, async (req, ctx, reply) => {
      const r = range(ctx, req.query)
      return send(reply, 'sales', r, csv.salesCsv(await reports.salesReport(ctx, r, req.query)))
    })
    staff.read(REPORTS.channels.json, (req, ctx) => reports.channelsReport(ctx, range(ctx, req.query)))
    staff.read(REPORTS.channels.csv, async (req, ctx, reply) => {
      const r = range(ctx, req.query)
      return send(reply, 'channels', r, csv.channelsCsv(await reports.channelsReport(ctx, r)))
    })
    staff.read(REPORTS.products.json, (req, ctx) => reports.productsReport(ctx, range(ctx, req.query)))
    staff.read(REPORTS.products.csv, async (req, ctx, reply) => {
      const r = range(ctx, req.query)
      return send(reply, 'products', r, csv.productsCsv(await reports.productsReport(ctx, r, true)))
    })
    staff.read(REPORTS.categories.json, (req, ctx) => reports.categoriesReport(ctx, range(ctx, req.query)))
    staff.read(REPORTS.categories.csv, async (req, ctx, reply) => {
      const r = range(ctx, req.query)
      return send(reply, 'categories', r, csv.categoriesCsv(await reports.categoriesReport(ctx, r, true)))
    })
    staff.read(REPORTS.slots.json, (req, ctx) => reports.slotsReport(ctx, range(ctx, req.query)))
    staff.read(REPORTS.slots.csv, async (req, ctx, reply) => {
      const r = range(ctx, req.query)
      return send(reply, 'slots', r, csv.slotsCsv(await reports.slotsReport(ctx, r)))
    })
    staff.read(REPORTS.coupons.json, (req, ctx) => reports.couponsReport(ctx, range(ctx, req.query)))
    staff.read(REPORTS.coupons.csv, async (req, ctx, reply) => {
      const r = range(ctx, req.query)
      return send(reply, 'coupons', r, csv.couponsCsv(await reports.couponsReport(ctx, r)))
    })
  })
}
