import type { RequestCtx } from '../../platform/request-context'
import { defaultWarehouseId } from '../catalogue/warehouses'
import * as queries from './queries'

/* The session's pincode and the warehouse that serves it (kept apart from service.ts, which asks the estimate). */

export const currentPincode = (ctx: RequestCtx) => ctx.session?.data.pincode ?? null

/** The warehouse that serves the shopper's pincode, else the website's default one. */
export async function currentWarehouseId(ctx: RequestCtx): Promise<number | null> {
  const pincode = currentPincode(ctx)
  const key = `warehouse:${pincode ?? ''}`
  const cached = ctx.caches.lookups.get(ctx.site.id, key) as number | null | undefined
  if (cached !== undefined) return cached
  const row = pincode ? await queries.findPincode(ctx.db, ctx.site.id, pincode) : null
  const id = row?.warehouseId ?? (await defaultWarehouseId(ctx.db, ctx.site.id))
  ctx.caches.lookups.set(ctx.site.id, key, id)
  return id
}
