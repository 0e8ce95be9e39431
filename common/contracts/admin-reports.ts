import * as z from 'zod/mini'
import { defineContract } from './http'
import { calendarDate } from './text'

/**
 * Reports (docs/decisions/0023-reports.md): figures over India calendar days `from`..`to` (both included; default
 * the last 30 days), money in rupees. Each report is also a CSV file at the same path with `.csv`.
 *
 * An order counts (as on the admin home) when it is not cancelled or expired and not awaiting (or refused) an
 * online payment. Its revenue is its total less the money refunded for it (refunds of a second or wrong payment are
 * not the order's money and are left out).
 */

const int = () => z.number().check(z.int())
const day = (label: string) => z.optional(calendarDate(label))

/** The longest range a report reads: two years of days. */
export const REPORT_MAX_DAYS = 731
export const REPORT_DEFAULT_DAYS = 30
/** Rows of the top products and categories on screen; the CSV has them all. */
export const REPORT_TOP = 10

export const SALES_GROUPS = ['day', 'week', 'month'] as const
export type SalesGroup = (typeof SALES_GROUPS)[number]
export const CHANNEL_LABELS: Record<string, string> = { web: 'Website', pos: 'Point of sale', agent: 'Sales agent' }
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  cod: 'Cash on delivery',
  razorpay: 'Razorpay',
  cashfree: 'Cashfree',
  cash: 'Cash (counter)',
  upi: 'UPI (counter)',
  card: 'Card (counter)',
  split: 'Split (counter)',
}

export const ReportQuery = z.object({ from: day('From date'), to: day('To date') })
export type ReportQuery = z.infer<typeof ReportQuery>
export const SalesQuery = z.object({
  from: day('From date'),
  to: day('To date'),
  group: z._default(z.enum(SALES_GROUPS, { error: `group must be one of: ${SALES_GROUPS.join(', ')}` }), 'day'),
})
export type SalesQuery = z.infer<typeof SalesQuery>

/** The range answered (the defaults filled in). */
const range = { from: z.string(), to: z.string() }

const Money = { orders: int(), revenue: z.number() }

export const SalesReport = z.object({
  ...range,
  group: z.enum(SALES_GROUPS),
  totals: z.object({ ...Money, gross: z.number(), refunds: z.number(), average_order_value: z.number() }),
  /** every period of the range, empty ones too; `period` is its first day (weeks start on Monday) */
  rows: z.array(z.object({ period: z.string(), ...Money, gross: z.number(), refunds: z.number(), average_order_value: z.number() })),
})
export type SalesReport = z.infer<typeof SalesReport>

export const ChannelsReport = z.object({
  ...range,
  channels: z.array(z.object({ channel: z.string(), ...Money })),
  payment_methods: z.array(z.object({ payment_method: z.string(), ...Money })),
})
export type ChannelsReport = z.infer<typeof ChannelsReport>

/** Units sold and their value at the price paid per unit (before the order's coupon discount). */
export const ProductsReport = z.object({
  ...range,
  rows: z.array(z.object({ product_id: int(), name: z.string(), units: int(), revenue: z.number(), orders: int() })),
})
export type ProductsReport = z.infer<typeof ProductsReport>

export const CategoriesReport = z.object({
  ...range,
  rows: z.array(z.object({ category_id: z.nullable(int()), name: z.string(), units: int(), revenue: z.number(), orders: int() })),
})
export type CategoriesReport = z.infer<typeof CategoriesReport>

const Fill = { booked: int(), capacity: int() }
/** Slots by their own delivery date: per day, per window of the day (all warehouses), and each slot. */
export const SlotsReport = z.object({
  ...range,
  days: z.array(z.object({ date: z.string(), ...Fill })),
  windows: z.array(z.object({ start: z.string(), end: z.string(), ...Fill })),
  slots: z.array(z.object({ date: z.string(), start: z.string(), end: z.string(), warehouse_id: int(), warehouse_name: z.string(), ...Fill })),
})
export type SlotsReport = z.infer<typeof SlotsReport>

/** `uses`: orders placed with the code (later cancelled ones too); `orders`, discount and revenue: the ones that count. */
export const CouponsReport = z.object({
  ...range,
  rows: z.array(z.object({ code: z.string(), uses: int(), orders: int(), discount: z.number(), revenue: z.number() })),
})
export type CouponsReport = z.infer<typeof CouponsReport>

const report = <Q extends typeof ReportQuery | typeof SalesQuery, R extends z.ZodMiniType>(name: string, query: Q, response: R, summary: string) => ({
  json: defineContract({ method: 'GET', path: `/api/admin/reports/${name}`, summary: `Admin report: ${summary}`, query, response }),
  csv: defineContract({
    method: 'GET',
    path: `/api/admin/reports/${name}.csv`,
    summary: `Admin report as CSV (UTF-8 with BOM, rupees with 2 decimals, ISO dates): ${summary}`,
    query,
    response: z.string(),
  }),
})

export const REPORTS = {
  sales: report('sales', SalesQuery, SalesReport, 'orders, revenue (less refunds) and average order value per day, week or month'),
  channels: report('channels', ReportQuery, ChannelsReport, 'orders and revenue by channel (website, POS, agent) and by payment method'),
  products: report('products', ReportQuery, ProductsReport, 'products by units sold and their revenue'),
  categories: report('categories', ReportQuery, CategoriesReport, 'categories (a product’s main one) by units sold and their revenue'),
  slots: report('slots', ReportQuery, SlotsReport, 'delivery slots booked against capacity, per day, per window and per slot'),
  coupons: report('coupons', ReportQuery, CouponsReport, 'coupon codes: uses, orders, discount given and revenue'),
} as const
export type ReportName = keyof typeof REPORTS
