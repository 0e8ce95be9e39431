import * as z from 'zod/mini'
import { ReportQuery } from './admin-reports'
import { defineContract } from './http'

/**
 * Reports of cost (issue 33): gross margin (what the lines sold for less what their batches cost), stock value at
 * cost, and the purchase register with input GST. Rupees; days are India's, `from`..`to` included. A sale line whose
 * batches' cost is not known (opening stock) counts in `revenue_without_cost`, never in the margin.
 */

const int = () => z.number().check(z.int())
export const MARGIN_GROUPS = ['product', 'category', 'day'] as const
export const MarginQuery = z.object({
  ...ReportQuery.shape,
  by: z._default(z.enum(MARGIN_GROUPS, { error: `by must be one of: ${MARGIN_GROUPS.join(', ')}` }), 'product'),
})
export type MarginQuery = z.infer<typeof MarginQuery>
const MarginRow = z.object({
  key: z.string(),
  label: z.string(),
  units: int(),
  revenue: z.number(),
  cost: z.number(),
  margin: z.number(),
  /** margin ÷ revenue × 100, one decimal; null without revenue of known cost */
  margin_percent: z.nullable(z.number()),
  revenue_without_cost: z.number(),
})
export const MarginReport = z.object({ from: z.string(), to: z.string(), by: z.enum(MARGIN_GROUPS), rows: z.array(MarginRow), total: MarginRow })
export type MarginReport = z.infer<typeof MarginReport>

export const marginReport = defineContract({
  method: 'GET',
  path: '/api/admin/reports/margin',
  summary: 'Admin report: gross margin by product, category or day: line revenue less the cost of the batches the lines took',
  query: MarginQuery,
  response: MarginReport,
})

export const StockValueReport = z.object({
  rows: z.array(z.object({ warehouse_id: int(), warehouse_name: z.string(), units: int(), value: z.number(), units_without_cost: int() })),
  total: z.number(),
})
export const stockValueReport = defineContract({
  method: 'GET',
  path: '/api/admin/reports/stock-value',
  summary: 'Admin report: stock on hand at cost per warehouse (units of batches without a known cost counted apart)',
  response: StockValueReport,
})

export const PurchaseRegister = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      supplier_id: int(),
      supplier_name: z.string(),
      gstin: z.nullable(z.string()),
      gst_rate: int(),
      bills: int(),
      taxable: z.number(),
      cgst: z.number(),
      sgst: z.number(),
      igst: z.number(),
    }),
  ),
  total: z.object({ taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number() }),
})
export type PurchaseRegister = z.infer<typeof PurchaseRegister>
export const purchaseRegister = defineContract({
  method: 'GET',
  path: '/api/admin/reports/purchase-register',
  summary: 'Admin report: purchase bills by supplier and GST rate with input GST (CGST + SGST or IGST): the input tax credit side',
  query: ReportQuery,
  response: PurchaseRegister,
})
