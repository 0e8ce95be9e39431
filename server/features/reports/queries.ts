import { type SQL, sql } from 'drizzle-orm'
import type { SalesGroup } from '../../../common/contracts/admin-reports'
import { type Db, rowsOf } from '../../db/client'

/**
 * Every query of the reports (docs/decisions/0023-reports.md), in one place. Reports read across features' tables
 * (orders, their lines, refunds, slots, products, categories, warehouses) in single aggregate queries: going through
 * each feature's service would mean fetching rows to sum them in JavaScript.
 *
 * Days are India's calendar days: `from`..`to` both included, turned into the instants they start and end.
 */

export interface Range {
  websiteId: number
  from: string
  to: string
}

const start = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Kolkata')`
const end = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Asia/Kolkata')`

/** An order counts when it is not cancelled or expired and not awaiting (or refused) an online payment (as the admin home). */
const COUNTS = sql`o.status not in ('cancelled', 'expired') and o.payment_status not in ('pending', 'failed')`

/** Orders of the website placed in the range (orders_website_created_idx). */
const placedIn = (r: Range) => sql`o.website_id = ${r.websiteId} and o.created_at >= ${start(r.from)} and o.created_at < ${end(r.to)}`

/**
 * Money refunded per order: pending or done, not failed, and what counter returns gave back. A refund of a second
 * payment or of a wrongly paid amount gives back money that never was the order's total, so it is left out.
 */
const refunded = (websiteId: number) => sql`(
  select order_id, sum(paise)::bigint as paise from (
    select order_id, amount_paise as paise from payment_refunds
    where website_id = ${websiteId} and status <> 'failed' and reason not in ('duplicate', 'amount_mismatch')
    union all
    -- goods brought back at the counter (docs/decisions/0024, 0027): what each return refunded, by whatever method
    select order_id, refund_paise as paise from pos_returns where website_id = ${websiteId}
  ) r
  group by order_id)`

/** The orders that count in the range, each with its revenue (its total less its refunds, never below nothing). */
const counted = (r: Range) => sql`
  counted as (
    select o.id, o.created_at, o.channel, o.payment_method, o.total_paise,
           coalesce(rf.paise, 0) as refund_paise, greatest(o.total_paise - coalesce(rf.paise, 0), 0) as net_paise
    from orders o left join ${refunded(r.websiteId)} rf on rf.order_id = o.id
    where ${placedIn(r)} and ${COUNTS})`

const num = (v: string | number | null) => Number(v ?? 0)

export interface SalesRow {
  period: string
  orders: number
  grossPaise: number
  refundPaise: number
  revenuePaise: number
}

/** Orders, totals, refunds and revenue per India day, week (from Monday) or month that has orders. */
export async function sales(db: Db, r: Range, group: SalesGroup): Promise<SalesRow[]> {
  const rows = rowsOf<{ period: string; orders: number; gross: string; refunds: string; revenue: string }>(
    await db.execute(sql`
      with ${counted(r)}
      select to_char(date_trunc(${group}, created_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD') as period, count(*)::int as orders,
             sum(total_paise)::bigint as gross, sum(refund_paise)::bigint as refunds, sum(net_paise)::bigint as revenue
      from counted group by 1 order by 1`),
  )
  return rows.map((x) => ({ period: x.period, orders: x.orders, grossPaise: num(x.gross), refundPaise: num(x.refunds), revenuePaise: num(x.revenue) }))
}

export interface ChannelRow {
  channel: string
  paymentMethod: string
  orders: number
  revenuePaise: number
}

/** Orders and revenue per channel and payment method (the service sums either way). */
export async function channels(db: Db, r: Range): Promise<ChannelRow[]> {
  const rows = rowsOf<{ channel: string; method: string; orders: number; revenue: string }>(
    await db.execute(sql`
      with ${counted(r)}
      select channel, payment_method as method, count(*)::int as orders, sum(net_paise)::bigint as revenue
      from counted group by 1, 2`),
  )
  return rows.map((x) => ({ channel: x.channel, paymentMethod: x.method, orders: x.orders, revenuePaise: num(x.revenue) }))
}

export interface SoldRow {
  id: number | null
  name: string
  units: number
  revenuePaise: number
  orders: number
}

/**
 * Lines of the orders that count, summed by `key`. Each order's lines are read through order_items_order_idx (the
 * lateral read with `offset 0` keeps the planner from hashing every line of the shop instead: the cost then follows
 * the range, not the size of the whole history; docs/decisions/0023-reports.md).
 */
async function sold(db: Db, r: Range, key: SQL, name: SQL, joins: SQL): Promise<SoldRow[]> {
  const rows = rowsOf<{ id: number | null; name: string; units: string; revenue: string; orders: number }>(
    await db.execute(sql`
      with lines as (
        select o.id as order_id, i.product_id, i.product_name, i.quantity, i.paise
        from orders o cross join lateral (
          select product_id, product_name, quantity, quantity::bigint * price_paise as paise from order_items where order_id = o.id offset 0) i
        where ${placedIn(r)} and ${COUNTS})
      select ${key} as id, ${name} as name, sum(l.quantity)::bigint as units, sum(l.paise)::bigint as revenue, count(distinct l.order_id)::int as orders
      from lines l ${joins}
      group by 1 order by units desc, revenue desc, id`),
  )
  return rows.map((x) => ({ id: x.id, name: x.name, units: num(x.units), revenuePaise: num(x.revenue), orders: x.orders }))
}

/** Products by units sold: named as the catalogue names them now (as the order named them, once deleted). */
export const products = (db: Db, r: Range) =>
  sold(db, r, sql`l.product_id`, sql`coalesce(max(p.name), max(l.product_name))`, sql`left join products p on p.id = l.product_id`)

/** Categories (a product's main one, as it is now) by units sold; products since deleted or without one: null. */
export const categories = (db: Db, r: Range) =>
  sold(
    db,
    r,
    sql`c.id`,
    sql`coalesce(max(c.name), '')`,
    sql`left join products p on p.id = l.product_id left join categories c on c.id = p.category_id and c.website_id = ${r.websiteId}`,
  )

export interface SlotRow {
  date: string
  start: string
  end: string
  warehouseId: number
  warehouseName: string
  booked: number
  capacity: number
}

/** The website's delivery slots dated in the range, booked against capacity (delivery_slots_site_date_idx). */
export async function slots(db: Db, r: Range): Promise<SlotRow[]> {
  return rowsOf<SlotRow>(
    await db.execute(sql`
      select s.date::text as date, s.start_time as start, s.end_time as "end", s.warehouse_id as "warehouseId", w.name as "warehouseName",
             s.booked, s.capacity
      from delivery_slots s join warehouses w on w.id = s.warehouse_id
      where s.website_id = ${r.websiteId} and s.date >= ${r.from}::date and s.date <= ${r.to}::date
      order by s.date, s.start_time, w.name, s.warehouse_id`),
  )
}

export interface CouponRow {
  code: string
  uses: number
  orders: number
  discountPaise: number
  revenuePaise: number
}

/** Per code (as typed at checkout, upper case): orders placed with it, and the discount and revenue of those that count. */
export async function coupons(db: Db, r: Range): Promise<CouponRow[]> {
  const rows = rowsOf<{ code: string; uses: number; orders: number; discount: string; revenue: string }>(
    await db.execute(sql`
      select upper(o.coupon_code) as code, count(*)::int as uses, (count(*) filter (where ${COUNTS}))::int as orders,
             coalesce(sum(o.discount_paise) filter (where ${COUNTS}), 0)::bigint as discount,
             coalesce(sum(greatest(o.total_paise - coalesce(rf.paise, 0), 0)) filter (where ${COUNTS}), 0)::bigint as revenue
      from orders o left join ${refunded(r.websiteId)} rf on rf.order_id = o.id
      where ${placedIn(r)} and o.coupon_code is not null
      group by 1 order by orders desc, uses desc, code`),
  )
  return rows.map((x) => ({ code: x.code, uses: x.uses, orders: x.orders, discountPaise: num(x.discount), revenuePaise: num(x.revenue) }))
}
