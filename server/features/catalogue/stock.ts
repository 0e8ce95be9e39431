import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { stock } from '../../db/schema/index'

/**
 * Stock held for orders (issue #5). A conditional update: free stock never goes below zero however many
 * checkouts run at once; PostgreSQL re-checks the condition after waiting for a concurrent update's row lock.
 * Callers reserve in (pack, warehouse) order so two orders never wait on each other in a cycle.
 */
export async function reserveStock(tx: Tx, packId: number, warehouseId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(stock)
    .set({ reserved: sql`${stock.reserved} + ${quantity}` })
    .where(and(eq(stock.packId, packId), eq(stock.warehouseId, warehouseId), sql`${stock.quantity} - ${stock.reserved} >= ${quantity}`))
    .returning({ packId: stock.packId })
  return rows.length === 1
}

/** The order every caller takes stock rows in (pack, then warehouse): two transactions then never wait in a cycle. */
export const stockRowOrder = (a: { packId: number; warehouseId: number }, b: { packId: number; warehouseId: number }) => a.packId - b.packId || a.warehouseId - b.warehouseId

/** Gives held stock back (an order cancelled or never paid); never below zero. */
export async function releaseStock(tx: Tx, packId: number, warehouseId: number, quantity: number) {
  await tx
    .update(stock)
    .set({ reserved: sql`greatest(${stock.reserved} - ${quantity}, 0)` })
    .where(and(eq(stock.packId, packId), eq(stock.warehouseId, warehouseId)))
}

export async function freeStock(tx: Tx, packId: number, warehouseId: number): Promise<number> {
  const rows = await tx
    .select({ free: sql<number>`(${stock.quantity} - ${stock.reserved})::int` })
    .from(stock)
    .where(and(eq(stock.packId, packId), eq(stock.warehouseId, warehouseId)))
  return rows[0]?.free ?? 0
}
