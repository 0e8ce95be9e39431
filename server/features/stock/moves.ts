import { sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import type { StockReason } from '../../db/schema/stock'
import { type BatchMoveLine, OPENING, planBatches, settleBatches } from './batch-plan'
import {
  findOrMakeBatch,
  stampCosts,
  insertOpening,
  type LoadedBatch,
  loadBatches,
  loadOrderBatches,
  type NewBatch,
  type Pair,
  saveBatchMoves,
  saveBatches,
} from './batches'

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
  /** the one batch the change is of (a write-off of an expired batch); else first expiring, first out */
  batchId?: number
  /** units coming in as this batch (a goods receipt): made, or topped up when the same one is there */
  into?: NewBatch
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
  /** what the move did to each batch of the row */
  batches: BatchMoveLine[]
  /** units a counter sale had to take from expired batches (nothing else was left) */
  expiredTaken: number
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
const int = (n: number) => Math.trunc(n)
/**
 * Many rows as one parameter (a JSON array read by jsonb_to_recordset): a statement's size does not grow with the
 * batch, and PGlite, which loses rows of statements with several hundred parameters, reads them right.
 */
const rowSet = (rows: object[], columns: string) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(columns)})`

/**
 * Applies the moves in order, all or nothing: every row is checked before anything is written, so a refused
 * batch leaves stock as it was (the caller still decides whether to roll back its transaction).
 */
export async function moveStock(tx: Tx | Db, who: StockWho, moves: StockMove[]): Promise<MoveResult> {
  if (moves.length === 0) return { ok: true, levels: [] }
  const rowKeys = [...new Map(moves.map((m) => [key(m.packId, m.warehouseId), { packId: m.packId, warehouseId: m.warehouseId }])).values()].sort(
    (a, b) => a.packId - b.packId || a.warehouseId - b.warehouseId,
  )
  const pairs = rowSet(
    rowKeys.map((r) => ({ pack_id: int(r.packId), warehouse_id: int(r.warehouseId) })),
    'pack_id int, warehouse_id int',
  )
  if (who.createMissing) {
    await tx.execute(sql`
      insert into stock (pack_id, warehouse_id)
      select v.pack_id, v.warehouse_id from ${pairs}
      join packs k on k.id = v.pack_id and k.website_id = ${who.websiteId}
      join warehouses w on w.id = v.warehouse_id and w.website_id = ${who.websiteId}
      order by v.pack_id, v.warehouse_id
      on conflict do nothing`)
  }
  // Rows are locked as the sort returns them: in (pack, warehouse) order.
  const locked = rowsOf<Locked>(
    await tx.execute(sql`
      select s.pack_id, s.warehouse_id, k.product_id, s.quantity, s.reserved
      from stock s join packs k on k.id = s.pack_id join ${pairs} on v.pack_id = s.pack_id and v.warehouse_id = s.warehouse_id
      where k.website_id = ${who.websiteId}
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

  const planned = await planAll(tx, who, moves, locked, ledger)
  if (!planned.ok) return planned

  const changed = [...rows.values()].filter((r) =>
    ledger.some((l) => l.m.packId === r.pack_id && l.m.warehouseId === r.warehouse_id && (l.onHandChange || l.reservedChange)),
  )
  if (changed.length) {
    await tx.execute(sql`
      update stock s set quantity = v.quantity, reserved = v.reserved
      from ${rowSet(
        changed.map((r) => ({ pack_id: r.pack_id, warehouse_id: r.warehouse_id, quantity: r.quantity, reserved: r.reserved })),
        'pack_id int, warehouse_id int, quantity int, reserved int',
      )}
      where s.pack_id = v.pack_id and s.warehouse_id = v.warehouse_id`)
  }
  const written = ledger.filter((l) => l.onHandChange || l.reservedChange)
  const ids = written.length
    ? rowsOf<{ id: number | string }>(
        await tx.execute(sql`
          insert into stock_ledger (website_id, pack_id, warehouse_id, on_hand_change, reserved_change, on_hand_after, reserved_after, reason, user_id, order_id, note)
          select ${who.websiteId}::int, v.pack_id, v.warehouse_id, v.on_hand_change, v.reserved_change, v.on_hand_after, v.reserved_after, v.reason,
            ${who.userId}::int, v.order_id, v.note
          from ${rowSet(
            written.map((l, n) => ({
              n,
              pack_id: int(l.m.packId),
              warehouse_id: int(l.m.warehouseId),
              on_hand_change: int(l.onHandChange),
              reserved_change: int(l.reservedChange),
              on_hand_after: int(l.onHand),
              reserved_after: int(l.reserved),
              reason: l.m.reason,
              order_id: l.m.orderId ? int(l.m.orderId) : null,
              note: l.m.note ?? null,
            })),
            'n int, pack_id int, warehouse_id int, on_hand_change int, reserved_change int, on_hand_after int, reserved_after int, reason text, order_id int, note text',
          )}
          order by v.n
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
      select v.product_id, ${who.websiteId}::int, v.on_hand, v.reserved
      from ${rowSet(
        deltas.map(([productId, d]) => ({ product_id: productId, on_hand: d.onHand, reserved: d.reserved })),
        'product_id int, on_hand int, reserved int',
      )}
      order by v.product_id
      on conflict (product_id) do update set on_hand = product_stock.on_hand + excluded.on_hand, reserved = product_stock.reserved + excluded.reserved`)
  }

  const ledgerIdOf = new Map(written.map((l, i) => [l, ids[i]]))
  await saveBatches(tx, planned.changed)
  await saveBatchMoves(
    tx,
    ledger.flatMap((l, i) => {
      const ledgerId = ledgerIdOf.get(l)
      return ledgerId === undefined ? [] : planned.plans[i].lines.map((line) => ({ ...line, ledgerId }))
    }),
  )
  return {
    ok: true,
    levels: ledger.map((l, i) => ({
      packId: l.m.packId,
      warehouseId: l.m.warehouseId,
      onHand: l.onHand,
      reserved: l.reserved,
      onHandChange: l.onHandChange,
      reservedChange: l.reservedChange,
      ledgerId: ledgerIdOf.get(l) ?? null,
      batches: planned.plans[i].lines,
      expiredTaken: planned.plans[i].expiredTaken,
    })),
  }
}

/**
 * Packs about to be deleted (their stock rows and ledger go with them, by cascade): their stock leaves the
 * products' figures first, with the rows locked in the same order as every move.
 */
export async function forgetPacks(tx: Tx, websiteId: number, productId: number, keep: number[]) {
  const kept = `{${keep.map((n) => Math.trunc(n)).join(',')}}`
  const gone = rowsOf<{ quantity: number; reserved: number }>(
    await tx.execute(sql`
      select s.quantity, s.reserved from stock s join packs k on k.id = s.pack_id
      where k.product_id = ${productId} and k.website_id = ${websiteId} and not (k.id = any(${kept}::int[]))
      order by s.pack_id, s.warehouse_id
      for update of s`),
  )
  const onHand = gone.reduce((n, r) => n + r.quantity, 0)
  const reserved = gone.reduce((n, r) => n + r.reserved, 0)
  if (onHand || reserved) {
    await tx.execute(sql`update product_stock set on_hand = on_hand - ${onHand}::int, reserved = reserved - ${reserved}::int where product_id = ${productId}`)
  }
}

/** Hold rows written before their order existed (checkout reserves first) get the order's id. */
export async function attachOrder(tx: Tx, ledgerIds: number[], orderId: number) {
  if (ledgerIds.length === 0) return
  await tx.execute(
    sql`update stock_ledger set order_id = ${orderId} where id = any(${`{${ledgerIds.map((n) => Math.trunc(n)).join(',')}}`}::bigint[]) and order_id is null`,
  )
  await stampCosts(tx, orderId)
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
  await tx.execute(sql`
    insert into stock_batches (website_id, pack_id, warehouse_id, batch, quantity, reserved)
    select k.website_id, s.pack_id, s.warehouse_id, ${OPENING}, s.quantity, s.reserved
    from stock s join packs k on k.id = s.pack_id
    where k.website_id = ${websiteId} and (s.quantity > 0 or s.reserved > 0)
      and not exists (select 1 from stock_batches b where b.pack_id = s.pack_id and b.warehouse_id = s.warehouse_id)
    order by s.pack_id, s.warehouse_id`)
}

type Planned = { ok: true; plans: { lines: BatchMoveLine[]; expiredTaken: number }[]; changed: LoadedBatch[] } | MoveFailure

/**
 * The batches of the locked rows, each move spread over them (./batch-plan.ts). A row whose batches do not add up
 * to it is put right first; a receipt's batch and a missing "Opening" batch are made here, under the rows' locks.
 */
async function planAll(
  tx: Tx | Db,
  who: StockWho,
  moves: StockMove[],
  locked: Locked[],
  ledger: { m: StockMove; onHandChange: number; reservedChange: number }[],
): Promise<Planned> {
  const pairs: Pair[] = locked.map((r) => ({ pack_id: r.pack_id, warehouse_id: r.warehouse_id }))
  for (const m of moves) {
    if (m.into && m.batchId === undefined) m.batchId = await findOrMakeBatch(tx, who.websiteId, { pack_id: m.packId, warehouse_id: m.warehouseId }, m.into)
  }
  const orderIds = [...new Set(moves.flatMap((m) => (m.orderId && ((m.reserved ?? 0) < 0 || m.reason === 'returned') ? [m.orderId] : [])))]
  const history = await loadOrderBatches(tx, orderIds, pairs)
  for (let attempt = 0; ; attempt++) {
    const all = await loadBatches(tx, pairs)
    const before = new Map(all.map((b) => [b.id, { quantity: b.quantity, reserved: b.reserved }]))
    const byRow = new Map(locked.map((r) => [key(r.pack_id, r.warehouse_id), all.filter((b) => b.pack_id === r.pack_id && b.warehouse_id === r.warehouse_id)]))
    const needOpening: Pair[] = []
    for (const r of locked) if (!settleBatches(byRow.get(key(r.pack_id, r.warehouse_id))!, r)) needOpening.push(r)
    const plans: { lines: BatchMoveLine[]; expiredTaken: number }[] = []
    for (const l of ledger) {
      if (needOpening.some((p) => p.pack_id === l.m.packId && p.warehouse_id === l.m.warehouseId)) continue
      const plan = planBatches(byRow.get(key(l.m.packId, l.m.warehouseId))!, {
        onHandChange: l.onHandChange,
        reservedChange: l.reservedChange,
        reason: l.m.reason,
        batchId: l.m.batchId,
        history: history
          .filter((h) => h.orderId === l.m.orderId && h.packId === l.m.packId && h.warehouseId === l.m.warehouseId)
          .map((h) => ({ batchId: h.batchId, held: h.held, out: h.out })),
      })
      if (plan.ok) plans.push(plan)
      else if (plan.kind === 'opening') needOpening.push({ pack_id: l.m.packId, warehouse_id: l.m.warehouseId })
      else return { ok: false, at: moves.indexOf(l.m), kind: 'short', available: plan.available }
    }
    if (!needOpening.length) {
      const changed = all.filter((b) => b.quantity !== before.get(b.id)!.quantity || b.reserved !== before.get(b.id)!.reserved)
      return { ok: true, plans, changed }
    }
    if (attempt > 0) throw new Error('stock batches: an Opening batch could not be made')
    await insertOpening(tx, who.websiteId, needOpening)
  }
}
