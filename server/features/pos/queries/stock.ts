import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { packs, stock } from '../../../db/schema/catalogue'

/** What is free to sell (quantity − reserved) of each of the website's packs at one warehouse. */
export const availableAt = (db: Db | Tx, websiteId: number, warehouseId: number) =>
  db
    .select({ pack_id: stock.packId, available: sql<number>`(${stock.quantity} - ${stock.reserved})::int` })
    .from(stock)
    .innerJoin(packs, eq(packs.id, stock.packId))
    .where(and(eq(stock.warehouseId, warehouseId), eq(packs.websiteId, websiteId)))
