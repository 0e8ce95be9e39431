import type { RequestCtx } from '../../platform/request-context'
import { fail, ok } from '../../platform/result'
import { findRegister } from './queries/registers'
import { availableAt } from './queries/stock'
import { NO_REGISTER } from './shifts'

/** The stock the counter's tiles show: what is free to sell at the register's own warehouse. */
export async function registerStock(ctx: RequestCtx, registerId?: number) {
  const register = await findRegister(ctx.db, ctx.site.id, registerId)
  if (!register) return fail('not_found', registerId ? NO_REGISTER : 'This website has no register yet: open a shift to make one')
  const rows = await availableAt(ctx.db, ctx.site.id, register.warehouseId)
  return ok({ warehouse_id: register.warehouseId, data: rows.map((r) => ({ pack_id: r.pack_id, available: Number(r.available), expired: Number(r.expired) })) })
}
