import { and, asc, eq, isNotNull, or } from 'drizzle-orm'
import { packs, products } from '../../db/schema/index'
import type { RequestCtx } from '../../platform/request-context'

const MAX_PACKS = 50_000

/**
 * The codes a scanner reads (each pack's barcode and SKU) of the packs on sale, for the counter to keep: a code never
 * scanned before is then found offline too (docs/decisions/0031-pos-gst-gaps.md).
 */
export async function packCodes(ctx: RequestCtx) {
  const rows = await ctx.db
    .select({ sku: packs.sku, barcode: packs.barcode, pack_id: packs.id, product_id: packs.productId })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.websiteId, ctx.site.id), eq(products.status, 'active'), or(isNotNull(packs.sku), isNotNull(packs.barcode))))
    .orderBy(asc(packs.id))
    .limit(MAX_PACKS)
  return {
    data: rows.flatMap((r) => [r.barcode, r.sku].filter((c): c is string => !!c).map((code) => ({ code, pack_id: r.pack_id, product_id: r.product_id }))),
  }
}
