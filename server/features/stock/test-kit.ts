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
