import { sql } from 'drizzle-orm'
import type { StaffWriteCtx } from '../../platform/staff-write'
import { slices } from './csv-queries'

export interface OnHandChange {
  packId: number
  warehouseId: number
  from: number
  to: number
}

/**
 * The one place the import changes stock: sets on hand of (pack, warehouse) to the file's count, as a count
 * correction. Until the stock ledger's own function is merged this writes the stock rows itself; then it calls that
 * function, so every change gets its ledger row and reason.
 */
export async function setOnHandFromImport(ctx: StaffWriteCtx, changes: OnHandChange[]) {
  for (const part of slices(changes, 500)) {
    const values = sql.join(part.map((c) => sql`(${c.packId}::int, ${c.warehouseId}::int, ${c.to}::int)`), sql`, `)
    await ctx.db.execute(sql`
      insert into stock (pack_id, warehouse_id, quantity) select * from (values ${values}) as v(pack_id, warehouse_id, quantity)
      on conflict (pack_id, warehouse_id) do update set quantity = excluded.quantity`)
  }
}
