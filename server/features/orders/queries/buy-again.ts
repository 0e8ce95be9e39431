import { sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../../../db/client'

export interface BoughtPack {
  packId: number
  productId: number
  /** days (India) with an order of it */
  purchases: number
  /** YYYY-MM-DD */
  lastBought: string
  /** median days between consecutive purchase days; null after one */
  medianDays: number | null
}

/**
 * Each pack of the shopper's orders that count as bought (not cancelled or expired, not waiting for or failed at
 * payment; a line staff removed is not bought), with its purchase days and the median gap between them. The newest
 * `limit` packs by last purchase: the shelf ranks them.
 */
export async function boughtPacks(db: Db, websiteId: number, userId: number, limit: number): Promise<BoughtPack[]> {
  return rowsOf<BoughtPack>(
    await db.execute(sql`with days as (
        select i.pack_id, max(i.product_id) as product_id, (o.created_at at time zone 'Asia/Kolkata')::date as day
        from orders o join order_items i on i.order_id = o.id
        where o.website_id = ${websiteId} and o.user_id = ${userId} and i.quantity > 0
          and o.status not in ('cancelled', 'expired') and o.payment_status not in ('pending', 'failed')
        group by i.pack_id, day
      ), gaps as (
        select pack_id, product_id, day, day - lag(day) over (partition by pack_id order by day) as gap from days
      )
      select pack_id as "packId", max(product_id) as "productId", count(*)::int as purchases, max(day)::text as "lastBought",
        (percentile_cont(0.5) within group (order by gap))::float8 as "medianDays"
      from gaps group by pack_id
      order by max(day) desc, pack_id
      limit ${limit}`),
  )
}
