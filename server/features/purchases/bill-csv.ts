import { parse } from 'csv-parse/sync'
import { PurchaseLineInput } from '../../../common/contracts/admin-purchases'
import type { BillCsvLine } from '../../../common/contracts/admin-supplier-books'
import { isCalendarDate } from '../../../common/dates'
import { invalidFields, ok, type Result } from '../../platform/result'
import type { StaffCtx } from '../../platform/staff-write'
import * as b from './books-queries'
import * as q from './queries'

/**
 * A supplier's bill as CSV (issue 33): each row read into a bill line and checked as POST /api/admin/purchases checks
 * it, its problems by column, so staff see every one before anything is received. Column names are forgiving
 * (Qty / Quantity, Rate / Cost, GST % …), as suppliers' exports differ.
 */

const COLUMNS: Record<string, string[]> = {
  sku: ['sku', 'item code', 'code'],
  barcode: ['barcode', 'ean', 'gtin'],
  quantity: ['qty', 'quantity'],
  free_quantity: ['free', 'free qty', 'free quantity', 'scheme'],
  cost_price: ['cost', 'cost price', 'rate', 'purchase rate', 'price'],
  discount: ['discount', 'disc', 'discount ₹'],
  gst_rate: ['gst', 'gst %', 'gst rate', 'tax %'],
  batch: ['batch', 'batch no', 'batch number'],
  expiry: ['expiry', 'exp', 'expiry date', 'best before'],
  mrp: ['mrp'],
}
const norm = (s: string) => s.trim().toLowerCase().replace(/[._]/g, ' ').replace(/\s+/g, ' ')

/** 2026-03-31, 31/03/2026, 31-03-2026, or 03/2026 (the month's last day, as packs print it); else null. */
export function readExpiry(v: string): string | null | undefined {
  const s = v.trim()
  if (!s) return null
  let d: string | null = null
  const dmy = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(s)
  const my = /^(\d{1,2})[/-](\d{4})$/.exec(s)
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) d = s
  else if (dmy) d = `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`
  else if (my) {
    const last = new Date(Date.UTC(Number(my[2]), Number(my[1]), 0)).getUTCDate()
    d = `${my[2]}-${my[1].padStart(2, '0')}-${String(last).padStart(2, '0')}`
  }
  return d && isCalendarDate(d) ? d : undefined
}

const number = (v: string | undefined) => {
  const s = (v ?? '').replace(/[₹,\s%]/g, '')
  return s === '' ? undefined : Number(s)
}

export async function previewBillCsv(ctx: StaffCtx, input: { warehouse_id: number; csv: string }): Promise<Result<{ lines: BillCsvLine[]; problems: number }>> {
  if (!(await q.findWarehouse(ctx.db, ctx.site.id, input.warehouse_id))) return invalidFields({ warehouse_id: 'No such warehouse on this website' })
  let records: string[][]
  try {
    records = parse(input.csv, { relax_column_count: true, skip_empty_lines: true, bom: true, trim: true }) as string[][]
  } catch (err) {
    return invalidFields({ csv: `The file is not valid CSV: ${(err as Error).message}` })
  }
  const [header, ...rows] = records
  if (!header || !rows.length) return invalidFields({ csv: 'The file has no lines under its header row' })
  if (rows.length > 500) return invalidFields({ csv: 'A bill has at most 500 lines: split the file' })
  const at: Record<string, number> = {}
  header.forEach((h, i) => {
    const name = Object.entries(COLUMNS).find(([, names]) => names.includes(norm(h)))?.[0]
    if (name && at[name] === undefined) at[name] = i
  })
  const missing = ['quantity', 'cost_price', 'batch'].filter((c) => at[c] === undefined)
  if (at.sku === undefined && at.barcode === undefined) missing.unshift('sku or barcode')
  if (missing.length) return invalidFields({ csv: `The header row has no column for: ${missing.join(', ')}` })

  const cell = (r: string[], c: string) => (at[c] === undefined ? '' : (r[at[c]] ?? '').trim())
  const packs = await b.packsByCode(ctx.db, ctx.site.id, rows.map((r) => cell(r, 'sku')).filter(Boolean), rows.map((r) => cell(r, 'barcode')).filter(Boolean))
  const lines = rows.map((r, i): BillCsvLine => {
    const errors: Record<string, string> = {}
    const sku = cell(r, 'sku')
    const barcode = cell(r, 'barcode')
    const pack = packs.find((p) => (sku && p.sku === sku) || (barcode && p.barcode === barcode)) ?? null
    if (!pack)
      errors[sku ? 'sku' : 'barcode'] =
        sku || barcode ? `No pack on this website has ${sku ? `SKU ${sku}` : `barcode ${barcode}`}` : 'Give the pack’s SKU or barcode'
    const expiry = readExpiry(cell(r, 'expiry'))
    if (expiry === undefined) errors.expiry = 'Expiry must be a date like 2026-03-31, 31/03/2026 or 03/2026'
    const candidate = {
      pack_id: pack?.id ?? 1,
      quantity: number(cell(r, 'quantity')),
      free_quantity: number(cell(r, 'free_quantity')) ?? 0,
      cost_price: number(cell(r, 'cost_price')),
      discount: number(cell(r, 'discount')) ?? 0,
      gst_rate: number(cell(r, 'gst_rate')) ?? 0,
      batch: cell(r, 'batch'),
      expiry: expiry ?? null,
      mrp: number(cell(r, 'mrp')) ?? null,
    }
    const parsed = PurchaseLineInput.safeParse(candidate)
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'line')
        errors[field] ??= issue.message
      }
    return {
      row: i + 2,
      pack_id: pack?.id ?? null,
      product_name: pack?.product_name ?? null,
      pack_name: pack?.pack_name ?? null,
      line: Object.keys(errors).length || !parsed.success ? null : parsed.data,
      errors,
    }
  })
  return ok({ lines, problems: lines.filter((l) => Object.keys(l.errors).length).length })
}
