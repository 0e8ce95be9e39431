import type { RequestCtx } from '../../platform/request-context'
import * as q from './queries/sales'

/** Offline sales that sold more than the shelf had when they arrived: what staff count and correct. */
export async function listDiscrepancies(ctx: RequestCtx) {
  const rows = await q.listDiscrepancies(ctx.db, ctx.site.id)
  return {
    data: rows.map((r) => ({
      id: r.d.id,
      order_number: r.orderNumber,
      pack_id: r.d.packId,
      product: r.product,
      pack: r.pack,
      warehouse_id: r.d.warehouseId,
      sold: r.d.sold,
      short_by: r.d.shortBy,
      sold_at: r.soldAt.toISOString(),
      created_at: r.d.createdAt.toISOString(),
    })),
  }
}
