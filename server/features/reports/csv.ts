import type {
  CategoriesReport,
  ChannelsReport,
  CouponsReport,
  ProductsReport,
  ReportName,
  SalesReport,
  SlotsReport,
} from '../../../common/contracts/admin-reports'
import { CHANNEL_LABELS, PAYMENT_METHOD_LABELS } from '../../../common/contracts/admin-reports'
import { type CsvCell, decimal } from '../../../common/csv'

/**
 * Reports as CSV files, written by the one CSV writer (platform/csv.ts: UTF-8 with a BOM, CRLF, names that a
 * spreadsheet would run as a formula neutralised): a header row, dates ISO (YYYY-MM-DD), rupees as numbers with two
 * decimals and no symbol.
 */

type Cell = CsvCell
const rupees = (n: number) => decimal(n, 2)
const percent = (booked: number, capacity: number) => (capacity ? decimal((100 * booked) / capacity, 1) : '')

export const csvFileName = (name: ReportName, r: { from: string; to: string }) => `${name}-${r.from}-to-${r.to}.csv`

export const salesCsv = (s: SalesReport): Cell[][] => [
  [`Period start (${s.group})`, 'Orders', 'Gross (INR)', 'Refunds (INR)', 'Revenue (INR)', 'Average order value (INR)'],
  ...s.rows.map((x) => [x.period, x.orders, rupees(x.gross), rupees(x.refunds), rupees(x.revenue), rupees(x.average_order_value)]),
]

export const channelsCsv = (c: ChannelsReport): Cell[][] => [
  ['Grouped by', 'Value', 'Name', 'Orders', 'Revenue (INR)'],
  ...c.channels.map((x) => ['channel', x.channel, CHANNEL_LABELS[x.channel] ?? x.channel, x.orders, rupees(x.revenue)]),
  ...c.payment_methods.map((x) => ['payment_method', x.payment_method, PAYMENT_METHOD_LABELS[x.payment_method] ?? x.payment_method, x.orders, rupees(x.revenue)]),
]

export const productsCsv = (p: ProductsReport): Cell[][] => [
  ['Product ID', 'Product', 'Units', 'Orders', 'Revenue (INR)'],
  ...p.rows.map((x) => [x.product_id, x.name, x.units, x.orders, rupees(x.revenue)]),
]

export const categoriesCsv = (c: CategoriesReport): Cell[][] => [
  ['Category ID', 'Category', 'Units', 'Orders', 'Revenue (INR)'],
  ...c.rows.map((x) => [x.category_id ?? '', x.name, x.units, x.orders, rupees(x.revenue)]),
]

export const slotsCsv = (s: SlotsReport): Cell[][] => [
  ['Date', 'Start', 'End', 'Warehouse', 'Booked', 'Capacity', 'Utilisation (%)'],
  ...s.slots.map((x) => [x.date, x.start, x.end, x.warehouse_name, x.booked, x.capacity, percent(x.booked, x.capacity)]),
]

export const couponsCsv = (c: CouponsReport): Cell[][] => [
  ['Code', 'Uses', 'Orders', 'Discount (INR)', 'Revenue (INR)'],
  ...c.rows.map((x) => [x.code, x.uses, x.orders, rupees(x.discount), rupees(x.revenue)]),
]
