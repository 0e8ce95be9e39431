import type { NearExpiryRow, StockBatch } from '../../../common/contracts/admin-purchases'
import { toRupees } from '../../../common/money'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as b from './batch-queries'
import { moveStock } from './moves'
import * as q from './queries'

/** Staff calls of batches: a pack's batches, the near-expiry list, an expired batch written off. */

const rupees = (p: number | null) => (p === null ? null : toRupees(p))
const batchAnswer = (r: b.BatchRow): StockBatch => ({
  id: r.id,
  batch: r.batch,
  expiry: r.expiry,
  quantity: r.quantity,
  reserved: r.reserved,
  cost_price: rupees(r.cost_paise),
  mrp: rupees(r.mrp_paise),
  expired: r.expired,
})

/** CONTRACT `GET /api/admin/stock/batches`. */
export async function listBatches(ctx: StaffCtx, packId: number, warehouseId: number): Promise<Result<{ data: StockBatch[] }>> {
  if (!(await q.findPack(ctx.db, ctx.site.id, packId))) return fail('not_found', 'No such pack on this website')
  if (!(await q.findWarehouse(ctx.db, ctx.site.id, warehouseId))) return fail('not_found', 'No such warehouse on this website')
  return ok({ data: (await b.batchesOf(ctx.db, ctx.site.id, packId, warehouseId)).map(batchAnswer) })
}

export async function nearExpiry(ctx: StaffCtx, days: number, warehouseId: number | undefined): Promise<{ data: NearExpiryRow[] }> {
  const rows = await b.nearExpiry(ctx.db, ctx.site.id, days, warehouseId)
  return {
    data: rows.map((r) => ({
      ...batchAnswer(r),
      pack_id: r.pack_id,
      pack_name: r.pack_name,
      product_id: r.product_id,
      product_name: r.product_name,
      warehouse_id: r.warehouse_id,
      warehouse_name: r.warehouse_name,
      price: toRupees(r.price_paise),
      act_price: toRupees(r.pack_mrp_paise),
      days_left: r.days_left ?? 0,
    })),
  }
}

/** The batch's units that no order holds leave stock as expired (ledger reason `expired`), from that batch only. */
export async function writeOff(ctx: StaffWriteCtx, id: number, note: string | null) {
  const site = ctx.site.id
  const batch = await b.findBatch(ctx.db, site, id)
  if (!batch) return fail('not_found', 'No such batch on this website')
  const units = batch.quantity - batch.reserved
  if (units <= 0) return invalidFields({ id: batch.quantity ? 'Every unit of this batch is held by orders' : 'This batch has no stock left' })
  const moved = await moveStock(ctx.db, { websiteId: site, userId: ctx.user.id }, [
    {
      packId: batch.pack_id,
      warehouseId: batch.warehouse_id,
      onHand: { by: -units },
      reason: 'expired',
      batchId: id,
      note: note || `Batch ${batch.batch}${batch.expiry ? `, expiry ${batch.expiry}` : ''} written off`,
    },
  ])
  if (!moved.ok) return invalidFields({ id: 'Orders hold this stock: it cannot be written off now' })
  const level = moved.levels[0]
  const answer = { pack_id: batch.pack_id, warehouse_id: batch.warehouse_id, written_off: units, on_hand: level.onHand }
  return ok(
    await staffWrite(ctx, { entity: 'stock', action: 'stock.write_off', changesStorefront: true, data: { batch_id: id } }, async () => ({
      id: `${batch.pack_id}:${batch.warehouse_id}`,
      before: { on_hand: level.onHand + units, batch: batch.quantity },
      after: { on_hand: level.onHand, batch: batch.quantity - units },
      result: answer,
    })),
  )
}
