import {
  type CategoriesReport,
  type ChannelsReport,
  type CouponsReport,
  type ProductsReport,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  REPORT_TOP,
  type ReportQuery,
  type SalesGroup,
  type SalesQuery,
  type SalesReport,
  type SlotsReport,
} from '../../../common/contracts/admin-reports'
import { toRupees } from '../../../common/money'
import { invalidFields, ok, type Result } from '../../platform/result'
import type { StaffCtx } from '../../platform/staff-write'
import { addDays, shopClock } from '../delivery/schedule'
import * as q from './queries'

/** Reports (docs/decisions/0023-reports.md): each one's figures for a range of India days, rupees at the edge. */

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/** The range asked for, or the last 30 days up to today (India); 422 on a range backwards or too long (the contract's date rule checks each day). */
export function reportRange(ctx: StaffCtx, query: ReportQuery, now = new Date()): Result<q.Range> {
  const today = shopClock(now).date
  const to = query.to ?? today
  const from = query.from ?? addDays(to, 1 - REPORT_DEFAULT_DAYS)
  const errors: Record<string, string> = {}
  if (from > to) errors.to = 'The last day cannot be before the first'
  else if (daysBetween(from, to) >= REPORT_MAX_DAYS) errors.from = `A report covers at most ${REPORT_MAX_DAYS} days`
  return Object.keys(errors).length ? invalidFields(errors) : ok({ websiteId: ctx.site.id, from, to })
}

const aov = (revenuePaise: number, orders: number) => (orders ? toRupees(revenuePaise / orders) : 0)

/** The first day of each day, week (Monday) or month of the range, so a period without orders still shows. */
export function periods(from: string, to: string, group: SalesGroup): string[] {
  const first = (day: string) => {
    if (group === 'month') return `${day.slice(0, 7)}-01`
    if (group === 'week') return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7))
    return day
  }
  const next = (day: string) => {
    if (group === 'day') return addDays(day, 1)
    if (group === 'week') return addDays(day, 7)
    const d = new Date(`${day}T00:00:00Z`)
    d.setUTCMonth(d.getUTCMonth() + 1)
    return d.toISOString().slice(0, 10)
  }
  const out: string[] = []
  for (let p = first(from); p <= to; p = next(p)) out.push(p)
  return out
}

export async function salesReport(ctx: StaffCtx, r: q.Range, query: Pick<SalesQuery, 'group'>): Promise<SalesReport> {
  const rows = await q.sales(ctx.db, r, query.group)
  const byPeriod = new Map(rows.map((x) => [x.period, x]))
  const sum = (pick: (x: q.SalesRow) => number) => rows.reduce((s, x) => s + pick(x), 0)
  const orders = sum((x) => x.orders)
  const revenue = sum((x) => x.revenuePaise)
  return {
    from: r.from,
    to: r.to,
    group: query.group,
    totals: {
      orders,
      gross: toRupees(sum((x) => x.grossPaise)),
      refunds: toRupees(sum((x) => x.refundPaise)),
      revenue: toRupees(revenue),
      average_order_value: aov(revenue, orders),
    },
    rows: periods(r.from, r.to, query.group).map((period) => {
      const x = byPeriod.get(period) ?? { orders: 0, grossPaise: 0, refundPaise: 0, revenuePaise: 0 }
      return {
        period,
        orders: x.orders,
        gross: toRupees(x.grossPaise),
        refunds: toRupees(x.refundPaise),
        revenue: toRupees(x.revenuePaise),
        average_order_value: aov(x.revenuePaise, x.orders),
      }
    }),
  }
}

/** Sums rows by a key, biggest revenue first. */
function sumBy<K extends string>(rows: q.ChannelRow[], key: (x: q.ChannelRow) => string, name: K) {
  const sums = new Map<string, { orders: number; paise: number }>()
  for (const x of rows) {
    const s = sums.get(key(x)) ?? { orders: 0, paise: 0 }
    sums.set(key(x), { orders: s.orders + x.orders, paise: s.paise + x.revenuePaise })
  }
  return [...sums]
    .sort(([a, x], [b, y]) => y.paise - x.paise || y.orders - x.orders || a.localeCompare(b))
    .map(([k, s]) => ({ [name]: k, orders: s.orders, revenue: toRupees(s.paise) }) as { [P in K]: string } & { orders: number; revenue: number })
}

export async function channelsReport(ctx: StaffCtx, r: q.Range): Promise<ChannelsReport> {
  const rows = await q.channels(ctx.db, r)
  return {
    from: r.from,
    to: r.to,
    channels: sumBy(rows, (x) => x.channel, 'channel'),
    payment_methods: sumBy(rows, (x) => x.paymentMethod, 'payment_method'),
  }
}

/** Top products by units sold (`all`: every product sold, for the CSV). */
export async function productsReport(ctx: StaffCtx, r: q.Range, all = false): Promise<ProductsReport> {
  const rows = await q.products(ctx.db, r)
  return {
    from: r.from,
    to: r.to,
    rows: (all ? rows : rows.slice(0, REPORT_TOP)).map((x) => ({
      product_id: x.id ?? 0,
      name: x.name,
      units: x.units,
      revenue: toRupees(x.revenuePaise),
      orders: x.orders,
    })),
  }
}

export const NO_CATEGORY = 'No category (product deleted or without one)'

export async function categoriesReport(ctx: StaffCtx, r: q.Range, all = false): Promise<CategoriesReport> {
  const rows = await q.categories(ctx.db, r)
  return {
    from: r.from,
    to: r.to,
    rows: (all ? rows : rows.slice(0, REPORT_TOP)).map((x) => ({
      category_id: x.id,
      name: x.id === null ? NO_CATEGORY : x.name,
      units: x.units,
      revenue: toRupees(x.revenuePaise),
      orders: x.orders,
    })),
  }
}

function fill<K extends string>(rows: q.SlotRow[], key: (x: q.SlotRow) => K) {
  const sums = new Map<K, { booked: number; capacity: number }>()
  for (const x of rows) {
    const s = sums.get(key(x)) ?? { booked: 0, capacity: 0 }
    sums.set(key(x), { booked: s.booked + x.booked, capacity: s.capacity + x.capacity })
  }
  return [...sums].sort(([a], [b]) => a.localeCompare(b))
}

export async function slotsReport(ctx: StaffCtx, r: q.Range): Promise<SlotsReport> {
  const rows = await q.slots(ctx.db, r)
  return {
    from: r.from,
    to: r.to,
    days: fill(rows, (x) => x.date).map(([date, s]) => ({ date, ...s })),
    windows: fill(rows, (x) => `${x.start}–${x.end}`).map(([w, s]) => {
      const [start, end] = w.split('–')
      return { start, end, ...s }
    }),
    slots: rows.map((x) => ({
      date: x.date,
      start: x.start,
      end: x.end,
      warehouse_id: x.warehouseId,
      warehouse_name: x.warehouseName,
      booked: x.booked,
      capacity: x.capacity,
    })),
  }
}

export async function couponsReport(ctx: StaffCtx, r: q.Range): Promise<CouponsReport> {
  const rows = await q.coupons(ctx.db, r)
  return {
    from: r.from,
    to: r.to,
    rows: rows.map((x) => ({ code: x.code, uses: x.uses, orders: x.orders, discount: toRupees(x.discountPaise), revenue: toRupees(x.revenuePaise) })),
  }
}
