import { sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { attachOrder, forgetPacks, type MoveResult, moveStock, openStock, type StockWho } from './moves'
import { type NewBatch, stampCosts } from './batches'
import { countStockAlerts } from './queries'

/**
 * The stock feature's service: what other features call. Every stock change goes through `moveStock`
 * (./moves.ts), which writes the ledger row and the product's figure with it.
 */
export { attachOrder, forgetPacks, moveStock, openStock }
/** A pack's low-stock mark (staff; the CSV import sets it too). */
export { setThreshold } from './admin'
export type { MoveResult, StockWho } from './moves'

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
  if (!result.ok) return { ok: false as const, line: lines[result.at] }
  // held again for an order that exists (its hold had run out): its lines' cost follows the batches held now
  if (orderId !== null) await stampCosts(tx, orderId)
  return { ok: true as const, ledgerIds: result.levels.flatMap((l) => (l.ledgerId === null ? [] : [l.ledgerId])) }
}

/** Gives back what an order held (cancelled, not paid in time, or lines taken out by staff: `userId`); never below zero. */
export async function releaseForOrder(tx: Tx | Db, websiteId: number, lines: OrderLineStock[], orderId: number, userId: number | null = null) {
  const result = await moveStock(
    tx,
    { websiteId, userId },
    lines.map((l) => ({ packId: l.packId, warehouseId: l.warehouseId, reserved: -l.quantity, clampReserved: true, reason: 'order_release' as const, orderId })),
  )
  // A line whose stock row is gone (the pack or warehouse was removed) has nothing to give back.
  if (!result.ok && result.kind === 'missing') {
    const rest = lines.filter((_, i) => i !== result.at)
    if (rest.length < lines.length) return releaseForOrder(tx, websiteId, rest, orderId, userId)
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

/**
 * What a sale that could not have its stock rows in time answers (503 with Retry-After, platform/errors.ts): many
 * checkouts and counter sales of one pack at once queue on its stock row, and each waits only so long.
 */
export const BUYING_BUSY = 'Many people are buying this right now: try again in a moment'

/** The order every caller lists stock rows in (pack, then warehouse); moveStock locks them in this order anyway. */
export const stockRowOrder = (a: { packId: number; warehouseId: number }, b: { packId: number; warehouseId: number }) =>
  a.packId - b.packId || a.warehouseId - b.warehouseId

export { listWarehouses } from './warehouses'

/** How many (pack, warehouse) rows are low and how many are out of stock, for the admin home. */
export const stockAlerts = (db: Db, websiteId: number): Promise<{ low: number; outOfStock: number }> => countStockAlerts(db, websiteId)

export interface CounterLine {
  packId: number
  warehouseId: number
  quantity: number
}

/**
 * A sale at the shop counter takes units off the shelf (ledger reason `sold`), never the units orders hold, all
 * lines in one move (docs/decisions/0024-point-of-sale.md). Online: all or nothing, `short` names the first line
 * that has fewer than asked. Offline (the goods already left the shop): each line takes what is left, and
 * `shortBy` says per line how many units the shelf did not have. `orderId` is filled in later by `attachOrder`.
 */
export async function sellAtCounter(
  tx: Tx,
  who: StockWho,
  lines: CounterLine[],
  offline: boolean,
): Promise<{ ok: true; ledgerIds: number[]; shortBy: number[]; expiredBy: number[]; soldOut: boolean } | { ok: false; at: number }> {
  let takes = lines.map((l) => l.quantity)
  if (offline) {
    // Locked in (pack, warehouse) order, as moveStock locks them; it locks the same rows again below.
    const pairs = JSON.stringify(lines.map((l) => ({ pack_id: Math.trunc(l.packId), warehouse_id: Math.trunc(l.warehouseId) })))
    const levels = rowsOf<{ pack_id: number; warehouse_id: number; quantity: number; reserved: number }>(
      await tx.execute(sql`
        select s.pack_id, s.warehouse_id, s.quantity, s.reserved
        from stock s join packs k on k.id = s.pack_id
        where k.website_id = ${who.websiteId}
          and (s.pack_id, s.warehouse_id) in (select v.pack_id, v.warehouse_id from jsonb_to_recordset(${pairs}::jsonb) as v(pack_id int, warehouse_id int))
        order by s.pack_id, s.warehouse_id
        for update of s`),
    )
    const left = new Map(levels.map((r) => [`${r.pack_id}:${r.warehouse_id}`, Math.max(r.quantity - r.reserved, 0)]))
    takes = lines.map((l) => {
      const k = `${l.packId}:${l.warehouseId}`
      const take = Math.min(l.quantity, left.get(k) ?? 0)
      left.set(k, (left.get(k) ?? 0) - take)
      return take
    })
  }
  const moving = lines.flatMap((l, i) => (takes[i] > 0 ? [{ l, i }] : []))
  const result = await moveStock(
    tx,
    who,
    moving.map(({ l, i }) => ({ packId: l.packId, warehouseId: l.warehouseId, onHand: { by: -takes[i] }, reason: 'sold' as const })),
  )
  if (!result.ok) return { ok: false, at: moving[result.at].i }
  return {
    ok: true,
    ledgerIds: result.levels.flatMap((l) => (l.ledgerId === null ? [] : [l.ledgerId])),
    shortBy: lines.map((l, i) => l.quantity - takes[i]),
    /** per line, units that had to come from expired batches (nothing unexpired was left): the counter warns */
    expiredBy: lines.map((_, i) => {
      const at = moving.findIndex((m) => m.i === i)
      return at < 0 ? 0 : result.levels[at].expiredTaken
    }),
    /** a pack has none left to sell here: the storefront's `in_stock` changes */
    soldOut: result.levels.some((l) => l.onHandChange !== 0 && l.onHand - l.reserved <= 0),
  }
}

/** Units brought back to the counter go on the shelf again (ledger reason `returned`). */
export const returnAtCounter = (tx: Tx, who: StockWho, lines: CounterLine[], orderId: number) =>
  moveStock(
    tx,
    { ...who, createMissing: true },
    lines.map((l) => ({ packId: l.packId, warehouseId: l.warehouseId, onHand: { by: l.quantity }, reason: 'returned' as const, orderId })),
  )

export interface ReceiptLine {
  packId: number
  warehouseId: number
  quantity: number
  batch: NewBatch
}

/**
 * Goods received from a supplier: each line's units go on hand as its batch (ledger reason `received`), all lines
 * in one move. Answers each line's batch id.
 */
export async function receiveStock(tx: Tx, who: StockWho, lines: ReceiptLine[], note: string | null) {
  const result = await moveStock(
    tx,
    { ...who, createMissing: true },
    lines.map((l) => ({ packId: l.packId, warehouseId: l.warehouseId, onHand: { by: l.quantity }, reason: 'received' as const, note, into: l.batch })),
  )
  if (!result.ok) return result
  return { ok: true as const, batchIds: result.levels.map((l) => l.batches[0]?.batchId ?? null) }
}
