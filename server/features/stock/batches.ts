import { sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { type Batch, type BatchMoveLine, OPENING, type OrderBatch } from './batch-plan'

/**
 * The batch rows of the stock service (./moves.ts): read and written only while the caller holds the lock of their
 * `stock` rows, so no two transactions change one row's batches at once.
 */

type Conn = Tx | Db
export interface Pair {
  pack_id: number
  warehouse_id: number
}
export type LoadedBatch = Batch & Pair

const json = (rows: object[]) => JSON.stringify(rows)
const pairSet = (pairs: Pair[], columns = 'pack_id int, warehouse_id int') =>
  sql`jsonb_to_recordset(${json(pairs.map((p) => ({ pack_id: Math.trunc(p.pack_id), warehouse_id: Math.trunc(p.warehouse_id) })))}::jsonb) as v(${sql.raw(columns)})`

/** Today in India: a batch is expired the day after its expiry date. */
export const TODAY = sql`(now() at time zone 'Asia/Kolkata')::date`

export async function loadBatches(tx: Conn, pairs: Pair[]) {
  return rowsOf<LoadedBatch>(
    await tx.execute(sql`
      select b.id, b.pack_id, b.warehouse_id, b.batch, b.expiry::text as expiry, b.quantity, b.reserved, b.cost_paise,
             coalesce(b.expiry < ${TODAY}, false) as expired
      from stock_batches b join ${pairSet(pairs)} on v.pack_id = b.pack_id and v.warehouse_id = b.warehouse_id
      order by b.id`),
  )
}

/** What the orders did to these rows' batches so far (holds, releases, deliveries, counter sales and returns). */
export async function loadOrderBatches(tx: Conn, orderIds: number[], pairs: Pair[]) {
  if (!orderIds.length) return []
  return rowsOf<OrderBatch & { orderId: number; packId: number; warehouseId: number }>(
    await tx.execute(sql`
      select l.order_id as "orderId", l.pack_id as "packId", l.warehouse_id as "warehouseId", m.batch_id as "batchId",
             sum(m.reserved_change)::int as held, (-sum(m.on_hand_change))::int as out
      from stock_ledger l join stock_batch_moves m on m.ledger_id = l.id join ${pairSet(pairs)} on v.pack_id = l.pack_id and v.warehouse_id = l.warehouse_id
      where l.order_id = any(${`{${orderIds.map((n) => Math.trunc(n)).join(',')}}`}::int[])
      group by l.order_id, l.pack_id, l.warehouse_id, m.batch_id`),
  )
}

/** Empty "Opening" batches (no expiry, cost unknown) for rows that get units with no batch named. */
export async function insertOpening(tx: Conn, websiteId: number, pairs: Pair[]) {
  await tx.execute(sql`
    insert into stock_batches (website_id, pack_id, warehouse_id, batch)
    select ${websiteId}::int, v.pack_id, v.warehouse_id, ${OPENING} from ${pairSet(pairs)}
    where not exists (select 1 from stock_batches b where b.pack_id = v.pack_id and b.warehouse_id = v.warehouse_id and b.batch = ${OPENING} and b.expiry is null)
    order by v.pack_id, v.warehouse_id`)
}

export interface NewBatch {
  batch: string
  expiry: string | null
  costPaise: number | null
  mrpPaise: number | null
  purchaseLineId?: number | null
}

/**
 * A batch a receipt brings (empty; the move fills it). The same batch number, expiry and cost already there is
 * topped up instead of made twice.
 */
export async function findOrMakeBatch(tx: Conn, websiteId: number, pair: Pair, b: NewBatch) {
  const [found] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select id from stock_batches
      where pack_id = ${pair.pack_id} and warehouse_id = ${pair.warehouse_id} and batch = ${b.batch}
        and expiry is not distinct from ${b.expiry}::date and cost_paise is not distinct from ${b.costPaise}::int
        and mrp_paise is not distinct from ${b.mrpPaise}::int
      order by id limit 1`),
  )
  if (found) return found.id
  const [made] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into stock_batches (website_id, pack_id, warehouse_id, batch, expiry, cost_paise, mrp_paise, purchase_line_id)
      values (${websiteId}, ${pair.pack_id}, ${pair.warehouse_id}, ${b.batch}, ${b.expiry}::date, ${b.costPaise}::int, ${b.mrpPaise}::int, ${b.purchaseLineId ?? null}::int)
      returning id`),
  )
  return made.id
}

export async function saveBatches(tx: Conn, changed: { id: number; quantity: number; reserved: number }[]) {
  if (!changed.length) return
  await tx.execute(sql`
    update stock_batches b set quantity = v.quantity, reserved = v.reserved
    from jsonb_to_recordset(${json(changed.map((c) => ({ id: c.id, quantity: c.quantity, reserved: c.reserved })))}::jsonb) as v(id int, quantity int, reserved int)
    where b.id = v.id`)
}

export async function saveBatchMoves(tx: Conn, rows: (BatchMoveLine & { ledgerId: number })[]) {
  if (!rows.length) return
  await tx.execute(sql`
    insert into stock_batch_moves (ledger_id, batch_id, on_hand_change, reserved_change, taken, cost_paise)
    select v.ledger_id, v.batch_id, v.on_hand_change, v.reserved_change, v.taken, v.cost_paise
    from jsonb_to_recordset(${json(
      rows.map((r) => ({
        ledger_id: r.ledgerId,
        batch_id: r.batchId,
        on_hand_change: r.onHandChange,
        reserved_change: r.reservedChange,
        taken: r.taken,
        cost_paise: r.costPaise,
      })),
    )}::jsonb) as v(ledger_id bigint, batch_id int, on_hand_change int, reserved_change int, taken int, cost_paise int)
    order by v.ledger_id`)
}

/**
 * Each line of the order records what its units cost: the batches it took, weighted by how many it took of each
 * (null while any of them has no known cost).
 */
export async function stampCosts(tx: Conn, orderId: number) {
  await tx.execute(sql`
    update order_items i set cost_paise = c.cost
    from (
      select l.pack_id, l.warehouse_id,
             case when bool_or(m.cost_paise is null and m.taken <> 0) then null else coalesce(sum(m.taken::bigint * m.cost_paise), 0) end as cost
      from stock_ledger l join stock_batch_moves m on m.ledger_id = l.id
      where l.order_id = ${orderId}
      group by l.pack_id, l.warehouse_id
    ) c
    where i.order_id = ${orderId} and i.pack_id = c.pack_id and i.warehouse_id = c.warehouse_id`)
}
