import type { FastifyReply } from 'fastify'
import type { Gstr1, Gstr1CsvSection, Gstr3b, OrdersWithoutInvoice } from '../../../common/contracts/gst-returns'
import { sendCsv } from '../../platform/csv'
import { fail, ok, type Result } from '../../platform/result'
import type { StaffCtx } from '../../platform/staff-write'
import * as purchases from '../purchases/service'
import { buildGstr1, type ReturnDocument } from './gstr1'
import { gstr1Csv } from './gstr1-csv'
import { buildGstr3b } from './gstr3b'
import * as q from './queries'

/** A month's documents for its returns (docs/decisions/0051-gst-returns-and-tally.md). */

/** "2026-05" → its first and last India days */
export function monthDays(period: string): { from: string; to: string } {
  const [y, m] = period.split('-').map(Number)
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return { from: `${period}-01`, to: `${period}-${String(last).padStart(2, '0')}` }
}

export interface MonthDocuments {
  gstin: string
  period: string
  documents: ReturnDocument[]
  invoiceTotals: Map<string, number>
}

const NOT_REGISTERED = 'Save the GST registration first (Settings → Tax): returns are made from tax invoices'

export async function monthDocuments(ctx: StaffCtx, period: string): Promise<Result<MonthDocuments>> {
  const settings = await q.findSettings(ctx.db, ctx.site.id)
  if (!settings) return fail('conflict', NOT_REGISTERED)
  const { from, to } = monthDays(period)
  const rows = await q.documentsIssued(ctx.db, ctx.site.id, from, to)
  const wanted = [...new Set(rows.filter((r) => r.kind === 'credit_note' && r.invoiceId).map((r) => r.invoiceId!))]
  const invoices = await q.documentsByIds(ctx.db, ctx.site.id, wanted)
  return ok({
    gstin: settings.gstin,
    period,
    documents: rows.map((r) => ({ ...r, kind: r.kind })),
    invoiceTotals: new Map([...invoices, ...rows.filter((r) => r.kind === 'invoice')].map((i) => [i.number, i.totalPaise])),
  })
}

export async function gstr1(ctx: StaffCtx, period: string): Promise<Result<Gstr1>> {
  const month = await monthDocuments(ctx, period)
  return month.ok ? ok(buildGstr1(month.value)) : month
}

export async function sendGstr1Csv(ctx: StaffCtx, reply: FastifyReply, period: string, section: Gstr1CsvSection) {
  const month = await monthDocuments(ctx, period)
  if (!month.ok) return month
  return ok(await sendCsv(reply, `gstr1-${section}-${period}.csv`, gstr1Csv(month.value, buildGstr1(month.value), section)))
}

export async function gstr3b(ctx: StaffCtx, period: string): Promise<Result<Gstr3b>> {
  const month = await monthDocuments(ctx, period)
  if (!month.ok) return month
  const { from, to } = monthDays(period)
  const [bills, returned] = await Promise.all([purchases.billsBetween(ctx.db, ctx.site.id, from, to), purchases.returnsBetween(ctx.db, ctx.site.id, from, to)])
  return ok(buildGstr3b({ ...month.value, bills: [...bills, ...returned] }))
}

/** The orders confirmed before the GST registration was saved that still have no invoice (at most 200 listed). */
export async function ordersWithoutInvoice(ctx: StaffCtx): Promise<OrdersWithoutInvoice> {
  const [rows, total] = await Promise.all([q.listOrdersWithoutInvoice(ctx.db, ctx.site.id, 200), q.countOrdersWithoutInvoice(ctx.db, ctx.site.id)])
  return {
    data: rows.map((r) => ({
      order_id: Number(r.id),
      order_number: r.order_number,
      placed_at: new Date(r.created_at).toISOString(),
      channel: r.channel,
      total: Number(r.total_paise) / 100,
    })),
    total,
  }
}
