import type { MarginReport, PurchaseRegister } from '../../../common/contracts/admin-cost-reports'
import { toRupees } from '../../../common/money'
import type { StaffCtx } from '../../platform/staff-write'
import * as q from './cost-queries'
import type { Range } from './queries'

/** Gross margin, stock value at cost and the purchase register (issue 33). */

const n = (v: string | number | null) => Number(v ?? 0)

function marginRow(key: string, label: string, units: number, revenue: number, cost: number, known: number) {
  const margin = known - cost
  return {
    key,
    label,
    units,
    revenue: toRupees(revenue),
    cost: toRupees(cost),
    margin: toRupees(margin),
    margin_percent: known ? Math.round((margin * 1000) / known) / 10 : null,
    revenue_without_cost: toRupees(revenue - known),
  }
}

export async function marginReport(ctx: StaffCtx, r: Range, by: 'product' | 'category' | 'day'): Promise<MarginReport> {
  const rows = await q.margin(ctx.db, r, by)
  const sum = (k: 'revenue_paise' | 'cost_paise' | 'known_revenue_paise') => rows.reduce((t, x) => t + n(x[k]), 0)
  return {
    from: r.from,
    to: r.to,
    by,
    rows: rows.map((x) => marginRow(x.key, x.label, x.units, n(x.revenue_paise), n(x.cost_paise), n(x.known_revenue_paise))),
    total: marginRow('total', 'Total', rows.reduce((t, x) => t + x.units, 0), sum('revenue_paise'), sum('cost_paise'), sum('known_revenue_paise')),
  }
}

export async function stockValueReport(ctx: StaffCtx) {
  const rows = await q.stockValue(ctx.db, ctx.site.id)
  return {
    rows: rows.map(({ value_paise, ...x }) => ({ ...x, value: toRupees(n(value_paise)) })),
    total: toRupees(rows.reduce((t, x) => t + n(x.value_paise), 0)),
  }
}

export async function purchaseRegister(ctx: StaffCtx, r: Range): Promise<PurchaseRegister> {
  const rows = (await q.purchaseRegister(ctx.db, r)).map((x) => {
    const tax = n(x.tax_paise)
    const cgst = x.intra_state ? Math.round(tax / 2) : 0
    return {
      supplier_id: x.supplier_id,
      supplier_name: x.supplier_name,
      gstin: x.gstin,
      gst_rate: x.gst_rate,
      bills: x.bills,
      taxablePaise: n(x.taxable_paise),
      cgstPaise: cgst,
      sgstPaise: x.intra_state ? tax - cgst : 0,
      igstPaise: x.intra_state ? 0 : tax,
    }
  })
  const total = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise') => toRupees(rows.reduce((t, x) => t + x[k], 0))
  return {
    from: r.from,
    to: r.to,
    rows: rows.map(({ taxablePaise, cgstPaise, sgstPaise, igstPaise, ...x }) => ({
      ...x,
      taxable: toRupees(taxablePaise),
      cgst: toRupees(cgstPaise),
      sgst: toRupees(sgstPaise),
      igst: toRupees(igstPaise),
    })),
    total: { taxable: total('taxablePaise'), cgst: total('cgstPaise'), sgst: total('sgstPaise'), igst: total('igstPaise') },
  }
}
