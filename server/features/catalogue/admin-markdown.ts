import { toPaise, toRupees } from '../../../common/money'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import { loadAdminProducts, PRODUCT } from './admin-products'
import * as q from './admin-queries'
import { productRecord } from './admin-shape'

/**
 * A near-expiry pack marked down (issue 33): its selling price lowered, never above its MRP; the product's version
 * moves and its derived figures (lowest price, best discount) follow, as any price change does.
 */
export async function markDownPack(ctx: StaffWriteCtx, packId: number, price: number): Promise<Result<{ pack_id: number; price: number; act_price: number }>> {
  const site = ctx.site.id
  const [pack] = await q.packById(ctx.db, site, packId)
  if (!pack) return fail('not_found', 'No such pack on this website')
  const pricePaise = toPaise(price)
  if (pricePaise > pack.mrpPaise) return invalidFields({ price: `Price cannot be more than the MRP (₹${toRupees(pack.mrpPaise)})` })
  await q.lockProducts(ctx.db, site, [pack.productId])
  return ok(
    await staffWrite(ctx, { ...PRODUCT, action: 'product.mark_down', data: { pack_id: packId, price } }, async (tx) => {
      const [before] = await loadAdminProducts(tx, site, [pack.productId])
      await q.setPackPrices(tx, [{ id: packId, pricePaise, mrpPaise: pack.mrpPaise }])
      await q.bumpVersions(tx, [pack.productId])
      await q.refreshDerived(tx, [pack.productId])
      const [after] = await loadAdminProducts(tx, site, [pack.productId])
      return {
        id: pack.productId,
        before: productRecord(before),
        after: productRecord(after),
        result: { pack_id: packId, price: toRupees(pricePaise), act_price: toRupees(pack.mrpPaise) },
      }
    }),
  )
}
