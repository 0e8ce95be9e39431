import type { ShelfLabel } from '../../../common/contracts/admin-supplier-books'
import { toRupees } from '../../../common/money'
import { fail, ok, type Result } from '../../platform/result'
import type { StaffCtx } from '../../platform/staff-write'
import * as b from './books-queries'

/** Printable ASCII of at most 40 characters: what a Code 128 shelf label can carry (client: code128.ts). */
const printable = (s: string | null): s is string => s !== null && /^[\x20-\x7e]{1,40}$/.test(s)

/** Shelf labels for a bill's lines (issue 33): the barcode carries the pack's barcode, else its SKU, else P + its id. */
export async function purchaseLabels(ctx: StaffCtx, purchaseId: number): Promise<Result<{ data: ShelfLabel[] }>> {
  const rows = await b.labelsOf(ctx.db, ctx.site.id, purchaseId)
  if (!rows) return fail('not_found', 'No such purchase on this website')
  return ok({
    data: rows.map((r) => ({
      pack_id: r.pack_id,
      product_name: r.product_name,
      pack_name: r.pack_name,
      mrp: toRupees(r.mrp_paise),
      price: toRupees(r.price_paise),
      code: printable(r.barcode) ? r.barcode : printable(r.sku) ? r.sku : `P${r.pack_id}`,
      batch: r.batch,
      expiry: r.expiry,
      units: r.units,
    })),
  })
}
