import { sql } from 'drizzle-orm'
import { rowsOf } from '../../db/client'
import type { TestApp } from '../../test/app'

/** Stock rows whose ledger does not add up to them, and products whose figure is not their packs' sum (both: none). */
export async function ledgerDrift(t: TestApp) {
  const db = t.app.deps.db
  const rows = rowsOf<{ pack_id: number }>(
    await db.execute(sql`
      select s.pack_id from stock s
      left join (select pack_id, warehouse_id, sum(on_hand_change)::int as q, sum(reserved_change)::int as r from stock_ledger group by pack_id, warehouse_id) l
        on l.pack_id = s.pack_id and l.warehouse_id = s.warehouse_id
      where coalesce(l.q, 0) <> s.quantity or coalesce(l.r, 0) <> s.reserved`),
  )
  const products = rowsOf<{ product_id: number }>(
    await db.execute(sql`
      select k.product_id from packs k join stock s on s.pack_id = k.id
      left join product_stock ps on ps.product_id = k.product_id
      group by k.product_id, ps.on_hand, ps.reserved
      having coalesce(ps.on_hand, 0) <> sum(s.quantity) or coalesce(ps.reserved, 0) <> sum(s.reserved)`),
  )
  return { rows: rows.length, products: products.length }
}

/** Stock rows whose batches do not sum to them (on hand and reserved), and batches below zero or holding more than they have (all: none). */
export async function batchDrift(t: TestApp, websiteId?: number) {
  const rows = rowsOf<{ pack_id: number; warehouse_id: number; quantity: number; batches: number; reserved: number; batches_reserved: number }>(
    await t.app.deps.db.execute(sql`
      select s.pack_id, s.warehouse_id, s.quantity, coalesce(b.q, 0)::int as batches, s.reserved, coalesce(b.r, 0)::int as batches_reserved
      from stock s join packs k on k.id = s.pack_id
      left join (select pack_id, warehouse_id, sum(quantity) as q, sum(reserved) as r from stock_batches group by pack_id, warehouse_id) b
        on b.pack_id = s.pack_id and b.warehouse_id = s.warehouse_id
      where (${websiteId ?? null}::int is null or k.website_id = ${websiteId ?? null}::int)
        and (coalesce(b.q, 0) <> s.quantity or coalesce(b.r, 0) <> s.reserved)`),
  )
  return rows
}
