import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { packs, stock } from '../../../db/schema/catalogue'

/**
 * What is free to sell (quantity − reserved) of each of the website's packs at one warehouse, and how many of those
 * units are in expired batches (the counter sells them only when nothing else is left, and warns: decision 0048).
 */
export const availableAt = (db: Db | Tx, websiteId: number, warehouseId: number) =>
  db
    .select({
      pack_id: stock.packId,
      available: sql<number>`(${stock.quantity} - ${stock.reserved})::int`,
      expired: sql<number>`coalesce((select sum(b.quantity - b.reserved) from stock_batches b where b.pack_id = ${stock.packId}
        and b.warehouse_id = ${stock.warehouseId} and b.expiry < (now() at time zone 'Asia/Kolkata')::date), 0)::int`,
    })
    .from(stock)
    .innerJoin(packs, eq(packs.id, stock.packId))
    .where(and(eq(stock.warehouseId, warehouseId), eq(packs.websiteId, websiteId)))
