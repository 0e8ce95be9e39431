import { sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../../db/client'

/** Orders that count: an online order still awaiting (or refused) payment is not one yet. */
const COUNTS = sql`status not in ('cancelled', 'expired') and payment_status not in ('pending', 'failed')`
const OPEN = ['placed', 'confirmed', 'packed', 'out_for_delivery'] as const

/** Orders placed on an India calendar day and their total (indexed by orders_website_created_idx). */
export async function dayFigures(db: Db, websiteId: number, date: string): Promise<{ orders: number; revenuePaise: number }> {
  const start = sql`(${date}::date::timestamp at time zone 'Asia/Kolkata')`
  const [row] = rowsOf<{ orders: number; paise: string | number }>(
    await db.execute(sql`
      select count(*)::int as orders, coalesce(sum(total_paise), 0)::bigint as paise from orders
      where website_id = ${websiteId} and created_at >= ${start} and created_at < ${start} + interval '1 day' and ${COUNTS}`),
  )
  return { orders: row.orders, revenuePaise: Number(row.paise) }
}

/** How many orders wait in each open status (indexed by orders_website_status_idx). */
export async function waitingByStatus(db: Db, websiteId: number): Promise<{ status: (typeof OPEN)[number]; count: number }[]> {
  const rows = rowsOf<{ status: (typeof OPEN)[number]; n: number }>(
    await db.execute(sql`
      select status, count(*)::int as n from orders
      where website_id = ${websiteId} and status in ('placed', 'confirmed', 'packed', 'out_for_delivery') and ${COUNTS}
      group by status`),
  )
  return OPEN.map((status) => ({ status, count: rows.find((r) => r.status === status)?.n ?? 0 }))
}
