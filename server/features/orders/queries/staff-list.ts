import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { AdminOrderQuery } from '../../../../common/contracts/admin-orders'
import { type Db, outer, type Tx } from '../../../db/client'
import { orderDeliveries, orders } from '../../../db/schema/orders'

type Conn = Db | Tx

/** Dates are India's calendar days (the shops are in India). */
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'Asia/Kolkata')`
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The staff list's filters; `withStatus` false for the per-status counts (the tabs). */
function staffWhere(websiteId: number, query: AdminOrderQuery, withStatus: boolean): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(orders.websiteId, websiteId)]
  if (withStatus && query.status) parts.push(eq(orders.status, query.status))
  if (query.payment_status) parts.push(eq(orders.paymentStatus, query.payment_status))
  if (query.payment_method) parts.push(eq(orders.paymentMethod, query.payment_method))
  if (query.from) parts.push(gte(orders.createdAt, dayStart(query.from)))
  if (query.to) parts.push(lt(orders.createdAt, sql`${dayStart(query.to)} + interval '1 day'`))
  if (query.pincode) parts.push(sql`${orders.address}->>'pincode' = ${query.pincode}`)
  if (query.channel) parts.push(eq(orders.channel, query.channel))
  if (query.slot_date)
    parts.push(
      sql`exists (select 1 from ${orderDeliveries} d where d.order_id = ${orders.id} and d.date = ${query.slot_date}${query.slot ? sql` and d.start_time = ${query.slot}` : sql``})`,
    )
  if (query.q) {
    const like = likeOf(query.q)
    const digits = query.q.replace(/\D/g, '')
    // Two id sets, each found through its own trigram indexes (docs/decisions/0018): the order's own number and
    // address snapshot, and the customer's name and phone as this website knows them (decision 0034: never the
    // account's own, which another website may have been given). One OR across both would read every order of the website.
    parts.push(sql`${orders.id} in (
      select o.id from orders o where o.website_id = ${websiteId} and (o.order_number ilike ${like} or o.address->>'name' ilike ${like}${
        digits.length >= 4 ? sql` or o.address->>'mobile' like ${likeOf(digits.slice(-10))}` : sql``
      })
      union all
      select o.id from customer_profiles p join orders o on o.user_id = p.user_id and o.website_id = p.website_id
      where p.website_id = ${websiteId} and (p.name ilike ${like} or p.phone like ${like})
    )`)
  }
  return and(...parts)
}

const STAFF_SORTS = { created_at: orders.id, total: orders.totalPaise, order_number: orders.orderNumber } as const

export async function listSiteOrders(db: Conn, websiteId: number, query: AdminOrderQuery, sort: { column: keyof typeof STAFF_SORTS; desc: boolean }) {
  const where = staffWhere(websiteId, query, true)
  const column = STAFF_SORTS[sort.column]
  const [rows, counts] = await Promise.all([
    db
      .select({
        order: orders,
        customer: sql<
          string | null
        >`(select p.name from customer_profiles p where p.website_id = ${outer(orders.websiteId)} and p.user_id = ${outer(orders.userId)})`,
        slot: sql<
          string | null
        >`(select d.date || ' ' || d.start_time || '–' || d.end_time from order_deliveries d where d.order_id = ${outer(orders.id)} order by d.delivery_charge_id limit 1)`,
      })
      .from(orders)
      .where(where)
      .orderBy(sort.desc ? desc(column) : asc(column), desc(orders.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    // the tabs' counts answer the total too: the same filters, grouped by status (one count of the website, not two)
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(staffWhere(websiteId, query, false))
      .groupBy(orders.status),
  ])
  const total = query.status ? (counts.find((c) => c.status === query.status)?.n ?? 0) : counts.reduce((sum, c) => sum + c.n, 0)
  return { rows, total, counts }
}

/** The day's delivery windows that have orders of the website (any status): the orders list's slot filter. */
export function deliveryWindowsOn(db: Conn, websiteId: number, date: string) {
  return db
    .selectDistinct({ start: orderDeliveries.startTime, end: orderDeliveries.endTime })
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
    .where(and(eq(orders.websiteId, websiteId), eq(orderDeliveries.date, date)))
    .orderBy(asc(orderDeliveries.startTime), asc(orderDeliveries.endTime))
}
