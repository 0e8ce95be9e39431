import type { RequestCtx } from '../../platform/request-context'
import * as q from './queries/sales'

const MAX_PACKS = 50_000

/**
 * The codes a scanner reads (each pack's barcode and SKU) of the packs on sale, for the counter to keep: a code never
 * scanned before is then found offline too (docs/decisions/0031-pos-gst-gaps.md).
 */
export async function packCodes(ctx: RequestCtx) {
  const rows = await q.packCodes(ctx.db, ctx.site.id, MAX_PACKS)
  return {
    data: rows.flatMap((r) => [r.barcode, r.sku].filter((c): c is string => !!c).map((code) => ({ code, pack_id: r.pack_id, product_id: r.product_id }))),
  }
}
