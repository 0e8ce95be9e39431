import type { Db, Tx } from '../../db/client'
import { attachOrder, forgetPacks, type MoveResult, moveStock, openStock } from './moves'
import { countStockAlerts } from './queries'

/**
 * The stock feature's service: what other features call. Every stock change goes through `moveStock`
 * (./moves.ts), which writes the ledger row and the product's figure with it.
 */
export { attachOrder, forgetPacks, moveStock, openStock }
/** A pack's low-stock mark (staff; the CSV import sets it too). */
export { setThreshold } from './admin'
export type { MoveFailure, MoveResult, StockLevel, StockMove, StockWho } from './moves'

export interface OrderLineStock {
  packId: number
  warehouseId: number
  quantity: number
}

/**
 * Holds stock for an order's lines, all or none (issue #5: never more than is available, however many checkouts
 * run at once). `orderId` null while the order row does not exist yet: `attachOrder` fills it in.
 */
export async function holdForOrder<L extends OrderLineStock>(tx: Tx, websiteId: number, lines: L[], orderId: number | null) {
  const result = await moveStock(
    tx,
    { websiteId, userId: null },
    lines.map((l) => ({ packId: l.packId, warehouseId: l.warehouseId, reserved: l.quantity, reason: 'order_hold' as const, orderId })),
  )
  if (result.ok) return { ok: true as const, ledgerIds: result.levels.flatMap((l) => (l.ledgerId === null ? [] : [l.ledgerId])) }
  return { ok: false as const, line: lines[result.at] }
}

/** Gives back what an order held (cancelled, or not paid in time); never below zero. */
export async function releaseForOrder(tx: Tx | Db, websiteId: number, lines: OrderLineStock[], orderId: number) {
  const result = await moveStock(
    tx,
    { websiteId, userId: null },
    lines.map((l) => ({ packId: l.packId, warehouseId: l.warehouseId, reserved: -l.quantity, clampReserved: true, reason: 'order_release' as const, orderId })),
  )
  // A line whose stock row is gone (the pack or warehouse was removed) has nothing to give back.
  if (!result.ok && result.kind === 'missing') {
    const rest = lines.filter((_, i) => i !== result.at)
    if (rest.length < lines.length) return releaseForOrder(tx, websiteId, rest, orderId)
  }
}

/**
 * A delivered order's units leave the shelf: reserved and on hand both go down (ledger reason `sold`). A line whose
 * stock row is gone is skipped, as a release skips it; any other refusal is the caller's to answer.
 */
export async function sellForOrder(tx: Tx, websiteId: number, userId: number | null, lines: OrderLineStock[], orderId: number): Promise<MoveResult> {
  const result = await moveStock(
    tx,
    { websiteId, userId },
    lines.map((l) => ({
      packId: l.packId,
      warehouseId: l.warehouseId,
      onHand: { by: -l.quantity },
      reserved: -l.quantity,
      clampReserved: true,
      reason: 'sold' as const,
      orderId,
    })),
  )
  if (!result.ok && result.kind === 'missing')
    return sellForOrder(
      tx,
      websiteId,
      userId,
      lines.filter((_, i) => i !== result.at),
      orderId,
    )
  return result
}

/** The order every caller lists stock rows in (pack, then warehouse); moveStock locks them in this order anyway. */
export const stockRowOrder = (a: { packId: number; warehouseId: number }, b: { packId: number; warehouseId: number }) =>
  a.packId - b.packId || a.warehouseId - b.warehouseId

export { listWarehouses } from './warehouses'

/** How many (pack, warehouse) rows are low and how many are out of stock, for the admin home. */
export const stockAlerts = (db: Db, websiteId: number): Promise<{ low: number; outOfStock: number }> => countStockAlerts(db, websiteId)
