import type { Tx } from '../../db/client'
import { requirePermission } from '../../platform/guards'
import type { StaffWriteCtx } from '../../platform/staff-write'
import { listWarehouses, moveStock } from '../stock/service'

/**
 * A new pack's opening stock from the product form (issue 29): on hand per warehouse, written through the stock
 * service in the product's own transaction, each a ledger row with reason `received` ("Opening stock"). It needs the
 * stock permission as well as the catalogue's (a catalogue editor's form without stock still saves).
 */

export interface OpeningStockIn {
  pack_id?: number
  opening_stock?: { warehouse_id: number; quantity: number }[]
}

/** 403 without the stock permission; per-field messages for a warehouse of another website or an existing pack. */
export async function openingStockProblems(ctx: StaffWriteCtx, packs: OpeningStockIn[]): Promise<Record<string, string>> {
  const errors: Record<string, string> = {}
  if (!packs.some((k) => k.opening_stock?.length)) return errors
  requirePermission(ctx, 'stock')
  const ours = new Set((await listWarehouses(ctx)).data.map((w) => w.id))
  packs.forEach((k, i) => {
    if (!k.opening_stock?.length) return
    if (k.pack_id !== undefined) errors[`packs.${i}.opening_stock`] = 'Opening stock is for a new pack: change this pack’s stock under Stock'
    k.opening_stock.forEach((s, j) => {
      if (!ours.has(s.warehouse_id)) errors[`packs.${i}.opening_stock.${j}.warehouse_id`] = 'No such warehouse on this website'
    })
  })
  return errors
}

/** The new packs' opening stock (`packIds[i]` is the i-th new pack's id). */
export async function recordOpeningStock(tx: Tx, ctx: StaffWriteCtx, newPacks: OpeningStockIn[], packIds: number[]) {
  const moves = newPacks.flatMap((k, i) =>
    (k.opening_stock ?? [])
      .filter((s) => s.quantity > 0)
      .map((s) => ({ packId: packIds[i], warehouseId: s.warehouse_id, onHand: { by: s.quantity }, reason: 'received' as const, note: 'Opening stock' })),
  )
  if (moves.length === 0) return
  const moved = await moveStock(tx, { websiteId: ctx.site.id, userId: ctx.user.id, createMissing: true }, moves)
  // A new pack holds nothing for orders: adding to it cannot be refused.
  if (!moved.ok) throw new Error(`opening stock refused: ${moved.kind}`)
}
