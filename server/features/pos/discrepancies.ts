import { desc, eq } from 'drizzle-orm'
import { orders, packs, posSales, posStockDiscrepancies, products } from '../../db/schema/index'
import type { RequestCtx } from '../../platform/request-context'

/** Offline sales that sold more than the shelf had when they arrived: what staff count and correct. */
export async function listDiscrepancies(ctx: RequestCtx) {
  const rows = await ctx.db
    .select({
      d: posStockDiscrepancies,
      orderNumber: orders.orderNumber,
      product: products.name,
      pack: packs.name,
      soldAt: posSales.soldAt,
    })
    .from(posStockDiscrepancies)
    .innerJoin(orders, eq(orders.id, posStockDiscrepancies.orderId))
    .innerJoin(posSales, eq(posSales.id, posStockDiscrepancies.saleId))
    .innerJoin(packs, eq(packs.id, posStockDiscrepancies.packId))
    .innerJoin(products, eq(products.id, packs.productId))
    .where(eq(posStockDiscrepancies.websiteId, ctx.site.id))
    .orderBy(desc(posStockDiscrepancies.id))
    .limit(200)
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
