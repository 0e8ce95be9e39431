import { type SQL, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import type { StockReason } from '../../db/schema/index'

/**
 * The one way stock changes (docs/decisions/0015-stock-ledger-and-warehouses.md). Every change of a `stock` row
 * writes its `stock_ledger` row and moves the product's `product_stock` figure in the caller's transaction.
 *
 * Lock order, the same for every caller so no two transactions wait on each other in a cycle: the stock rows of
 * the batch by (pack, warehouse), then the products' figures by product id. So a transaction makes all its stock
 * changes in ONE call (checkout passes all its lines at once), never one call per line.
 */

export interface StockMove {
  packId: number
  warehouseId: number
  /** on hand: changed by a delta, or set to a figure */
  onHand?: { by: number } | { to: number }
  /** change in reserved (held for orders) */
  reserved?: number
  /** for a release: give back at most what is held (an old order may hold less than its lines) */
  clampReserved?: boolean
  reason: StockReason
  orderId?: number | null
  note?: string | null
}

export interface StockWho {
  websiteId: number
  /** null: the system (checkout, the hold sweeper) */
  userId: number | null
  /** make a missing (pack, warehouse) row at 0 first (staff setting stock of a new pack); else a missing row fails */
  createMissing?: boolean
}

export interface StockLevel {
  packId: number
  warehouseId: number
  onHand: number
  reserved: number
  onHandChange: number
  reservedChange: number
  /** the ledger row of the change; null when the move changed nothing */
  ledgerId: number | null
}

export type MoveFailure =
  | { ok: false; at: number; kind: 'missing' }
  /** fewer available than the hold asks for */
  | { ok: false; at: number; kind: 'short'; available: number }
  /** on hand would go below what orders hold (or below zero) */
  | { ok: false; at: number; kind: 'below_reserved'; reserved: number }
export type MoveResult = { ok: true; levels: StockLevel[] } | MoveFailure

interface Locked {
  pack_id: number
  warehouse_id: number
  product_id: number
  quantity: number
  reserved: number
}

const key = (packId: number, warehouseId: number) => `${packId}:${warehouseId}`
const int = (n: number) => sql`${Math.trunc(n)}::int`
const values = (rows: SQL[][]) => sql.join(rows.map((r) => sql`(${sql.join(r, sql`, `)})`), sql`, `)

/**
 * Applies the moves in order, all or nothing: every row is checked before anything is written, so a refused
 * batch leaves stock as it was (the caller still decides whether to roll back its transaction).
 */
export async function moveStock(tx: Tx | Db, who: StockWho, moves: StockMove[]): Promise<MoveResult> {
  if (moves.length === 0) return { ok: true, levels: [] }
  const rowKeys = [...new Map(moves.map((m) => [key(m.packId, m.warehouseId), { packId: m.packId, warehouseId: m.warehouseId }])).values()].sort(
    (a, b) => a.packId - b.packId || a.warehouseId - b.warehouseId,
  )
  const pairs = sql.join(rowKeys.map((r) => sql`(${int(r.packId)}, ${int(r.warehouseId)})`), sql`, `)
  if (who.createMissing) {
    await tx.execute(sql`
      insert into stock (pack_id, warehouse_id)
      select v.pack_id, v.warehouse_id from (values ${pairs}) v(pack_id, warehouse_id)
      join packs k on k.id = v.pack_id and k.website_id = ${who.websiteId}
      join warehouses w on w.id = v.warehouse_id and w.website_id = ${who.websiteId}
      order by v.pack_id, v.warehouse_id
      on conflict do nothing`)
  }
  // Rows are locked as the sort returns them: in (pack, warehouse) order.
  const locked = rowsOf<Locked>(
    await tx.execute(sql`
      select s.pack_id, s.warehouse_id, k.product_id, s.quantity, s.reserved
      from stock s join packs k on k.id = s.pack_id
      where (s.pack_id, s.warehouse_id) in (${pairs}) and k.website_id = ${who.websiteId}
      order by s.pack_id, s.warehouse_id
      for update of s`),
  )
  const rows = new Map(locked.map((r) => [key(r.pack_id, r.warehouse_id), { ...r }]))
  const ledger: { m: StockMove; onHandChange: number; reservedChange: number; onHand: number; reserved: number }[] = []
  for (const [at, m] of moves.entries()) {
    const row = rows.get(key(m.packId, m.warehouseId))
    if (!row) return { ok: false, at, kind: 'missing' }
    const onHand = m.onHand === undefined ? row.quantity : 'to' in m.onHand ? m.onHand.to : row.quantity + m.onHand.by
    let reservedChange = m.reserved ?? 0
    if (m.clampReserved && reservedChange < 0) reservedChange = Math.max(reservedChange, -row.reserved)
    const reserved = row.reserved + reservedChange
    if (reservedChange > 0 && onHand - reserved < 0) return { ok: false, at, kind: 'short', available: Math.max(onHand - row.reserved, 0) }
    if (reserved < 0 || onHand < reserved) return { ok: false, at, kind: 'below_reserved', reserved: row.reserved }
    ledger.push({ m, onHandChange: onHand - row.quantity, reservedChange, onHand, reserved })
    row.quantity = onHand
    row.reserved = reserved
  }

  const changed = [...rows.values()].filter((r) => ledger.some((l) => l.m.packId === r.pack_id && l.m.warehouseId === r.warehouse_id && (l.onHandChange || l.reservedChange)))
  if (changed.length) {
    await tx.execute(sql`
      update stock s set quantity = v.quantity, reserved = v.reserved
      from (values ${values(changed.map((r) => [int(r.pack_id), int(r.warehouse_id), int(r.quantity), int(r.reserved)]))}) v(pack_id, warehouse_id, quantity, reserved)
      where s.pack_id = v.pack_id and s.warehouse_id = v.warehouse_id`)
  }
  const written = ledger.filter((l) => l.onHandChange || l.reservedChange)
  const ids = written.length
    ? rowsOf<{ id: number | string }>(
        await tx.execute(sql`
          insert into stock_ledger (website_id, pack_id, warehouse_id, on_hand_change, reserved_change, on_hand_after, reserved_after, reason, user_id, order_id, note)
          values ${values(
            written.map((l) => [
              int(who.websiteId), int(l.m.packId), int(l.m.warehouseId), int(l.onHandChange), int(l.reservedChange), int(l.onHand), int(l.reserved),
              sql`${l.m.reason}`, who.userId === null ? sql`null::int` : int(who.userId), l.m.orderId ? int(l.m.orderId) : sql`null::int`, sql`${l.m.note ?? null}::text`,
            ]),
          )}
          returning id`),
      ).map((r) => Number(r.id))
    : []

  // The products' figures, in product id order (after every stock row of the batch: see the lock order above).
  const byProduct = new Map<number, { onHand: number; reserved: number }>()
  for (const l of written) {
    const productId = rows.get(key(l.m.packId, l.m.warehouseId))!.product_id
    const sum = byProduct.get(productId) ?? { onHand: 0, reserved: 0 }
    sum.onHand += l.onHandChange
    sum.reserved += l.reservedChange
    byProduct.set(productId, sum)
  }
  const deltas = [...byProduct.entries()].filter(([, d]) => d.onHand || d.reserved).sort((a, b) => a[0] - b[0])
  if (deltas.length) {
    await tx.execute(sql`
      insert into product_stock (product_id, website_id, on_hand, reserved)
      values ${values(deltas.map(([productId, d]) => [int(productId), int(who.websiteId), int(d.onHand), int(d.reserved)]))}
      on conflict (product_id) do update set on_hand = product_stock.on_hand + excluded.on_hand, reserved = product_stock.reserved + excluded.reserved`)
  }

  const ledgerIdOf = new Map(written.map((l, i) => [l, ids[i]]))
  return {
    ok: true,
    levels: ledger.map((l) => ({
      packId: l.m.packId, warehouseId: l.m.warehouseId, onHand: l.onHand, reserved: l.reserved, onHandChange: l.onHandChange, reservedChange: l.reservedChange, ledgerId: ledgerIdOf.get(l) ?? null,
    })),
  }
}

/** Hold rows written before their order existed (checkout reserves first) get the order's id. */
export async function attachOrder(tx: Tx, ledgerIds: number[], orderId: number) {
  if (ledgerIds.length === 0) return
  await tx.execute(sql`update stock_ledger set order_id = ${orderId} where id = any(${`{${ledgerIds.map((n) => Math.trunc(n)).join(',')}}`}::bigint[]) and order_id is null`)
}

/**
 * Stock rows inserted in bulk outside the service (the demo seed, the benchmark catalogue): their opening ledger
 * rows and the products' figures, as the migration that began the ledger did for the stock there was.
 */
export async function openStock(tx: Tx | Db, websiteId: number) {
  await tx.execute(sql`
    insert into stock_ledger (website_id, pack_id, warehouse_id, on_hand_change, reserved_change, on_hand_after, reserved_after, reason, note)
    select k.website_id, s.pack_id, s.warehouse_id, s.quantity, s.reserved, s.quantity, s.reserved, 'opening', 'Opening stock'
    from stock s join packs k on k.id = s.pack_id
    where k.website_id = ${websiteId} and not exists (select 1 from stock_ledger l where l.pack_id = s.pack_id and l.warehouse_id = s.warehouse_id)
    order by s.pack_id, s.warehouse_id`)
  await tx.execute(sql`
    insert into product_stock (product_id, website_id, on_hand, reserved)
    select k.product_id, k.website_id, sum(s.quantity)::int, sum(s.reserved)::int
    from stock s join packs k on k.id = s.pack_id where k.website_id = ${websiteId}
    group by k.product_id, k.website_id
    on conflict (product_id) do update set on_hand = excluded.on_hand, reserved = excluded.reserved`)
}
