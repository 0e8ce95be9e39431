import type { FastifyReply } from 'fastify'
import type { GstReport } from '../../../common/contracts/invoices'
import type { CsvCell } from '../../../common/csv'
import { sendCsv } from '../../platform/csv'
import { fail, ok, type Result } from '../../platform/result'
import type { StaffCtx } from '../../platform/staff-write'
import * as q from './queries'

/** GST report of a period (docs/decisions/0030-gst-invoices.md): documents, tax by place of supply and rate, HSN summary. */

const MAX_DAYS = 366
const rupees = (paise: number) => Math.round(paise) / 100

export async function gstReport(ctx: StaffCtx, from: string, to: string): Promise<Result<GstReport>> {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000
  if (Number.isNaN(days) || days < 0) return fail('invalid', 'The period must end on or after its first day', { to: 'Choose a day on or after the first' })
  if (days >= MAX_DAYS) return fail('invalid', 'A GST report covers at most a year', { to: 'Choose at most a year' })
  const docs = await q.documentsIssued(ctx.db, ctx.site.id, from, to)
  const rates = new Map<string, GstReport['rates'][number]>()
  const hsn = new Map<string, GstReport['hsn'][number]>()
  for (const d of docs) {
    const sign = d.kind === 'credit_note' ? -1 : 1
    const c = d.content
    for (const l of c.lines) {
      const rk = `${c.placeOfSupply.state}|${l.ratePct}`
      const r = rates.get(rk) ?? {
        place_of_supply: c.placeOfSupply.state,
        state_code: c.placeOfSupply.stateCode,
        rate: l.ratePct,
        taxable: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
        cess: 0,
      }
      const hk = `${l.code}|${l.unit}|${l.ratePct}`
      const h = hsn.get(hk) ?? { code: l.code, uqc: l.unit, quantity: 0, rate: l.ratePct, value: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, cess: 0 }
      for (const row of [r, h]) {
        row.taxable += sign * l.taxablePaise
        row.cgst += sign * l.cgstPaise
        row.sgst += sign * l.sgstPaise
        row.igst += sign * l.igstPaise
        row.cess += sign * l.cessPaise
      }
      h.quantity += sign * l.quantity
      h.value += sign * l.valuePaise
      rates.set(rk, r)
      hsn.set(hk, h)
    }
  }
  const money = <T extends { taxable: number; cgst: number; sgst: number; igst: number; cess: number }>(row: T): T => ({
    ...row,
    taxable: rupees(row.taxable),
    cgst: rupees(row.cgst),
    sgst: rupees(row.sgst),
    igst: rupees(row.igst),
    cess: rupees(row.cess),
  })
  const india = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10)
  return ok({
    from,
    to,
    documents: docs.map((d) => ({
      kind: d.kind,
      number: d.number,
      date: india(d.issuedAt),
      order_number: d.content.order.number,
      against: d.content.against?.number ?? null,
      place_of_supply: `${d.content.placeOfSupply.stateCode}-${d.content.placeOfSupply.state}`,
      taxable: rupees(d.content.totals.taxablePaise),
      cgst: rupees(d.content.totals.cgstPaise),
      sgst: rupees(d.content.totals.sgstPaise),
      igst: rupees(d.content.totals.igstPaise),
      cess: rupees(d.content.totals.cessPaise),
      total: rupees(d.totalPaise),
    })),
    rates: [...rates.values()].sort((a, b) => a.state_code.localeCompare(b.state_code) || a.rate - b.rate).map(money),
    hsn: [...hsn.values()].sort((a, b) => a.code.localeCompare(b.code) || a.rate - b.rate).map((h) => ({ ...money(h), value: rupees(h.value) })),
  })
}

const COLUMNS = {
  documents: [
    ['kind', 'Type'],
    ['number', 'Number'],
    ['date', 'Date'],
    ['order_number', 'Order'],
    ['against', 'Against invoice'],
    ['place_of_supply', 'Place of supply'],
    ['taxable', 'Taxable value'],
    ['cgst', 'CGST'],
    ['sgst', 'SGST'],
    ['igst', 'IGST'],
    ['cess', 'Cess'],
    ['total', 'Total'],
  ],
  rates: [
    ['place_of_supply', 'Place of supply'],
    ['state_code', 'State code'],
    ['rate', 'Rate %'],
    ['taxable', 'Taxable value'],
    ['cgst', 'CGST'],
    ['sgst', 'SGST'],
    ['igst', 'IGST'],
    ['cess', 'Cess'],
  ],
  hsn: [
    ['code', 'HSN/SAC'],
    ['uqc', 'UQC'],
    ['quantity', 'Total quantity'],
    ['rate', 'Rate %'],
    ['value', 'Total value'],
    ['taxable', 'Taxable value'],
    ['igst', 'IGST'],
    ['cgst', 'CGST'],
    ['sgst', 'SGST'],
    ['cess', 'Cess'],
  ],
} as const

/** Figures are numbers (a credit note's negative tax stays a number); text goes through the writer's formula rule. */
const cell = (v: unknown): CsvCell => (typeof v === 'number' || typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v))

export async function sendGstReportCsv(ctx: StaffCtx, reply: FastifyReply, from: string, to: string, section: keyof typeof COLUMNS) {
  const report = await gstReport(ctx, from, to)
  if (!report.ok) return report
  const cols = COLUMNS[section]
  const rows = report.value[section] as unknown as Record<string, unknown>[]
  const table = [cols.map(([, h]): CsvCell => h), ...rows.map((r) => cols.map(([k]) => cell(r[k])))]
  return ok(await sendCsv(reply, `gst-${section}-${from}-to-${to}.csv`, table))
}
