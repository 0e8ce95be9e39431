import type { Db, Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import * as sessionService from '../session/service'
import { invalidFields, ok, type Result } from '../../platform/result'
import { earliestDelivery } from './estimate'
import * as queries from './queries'
import { ensureSlots } from './schedule'

export type PincodeCheck = { ok: true; pincode: string; message: string } | { ok: false; message: string }

/** The shopper's pincode, remembered when it is served; else a 422 on the pincode field. */
export async function checkPincode(ctx: RequestCtx, pincode: string): Promise<Result<{ pincode: string; message: string }>> {
  const result = await pincodeServiceability(ctx, pincode)
  if (!result.ok) return invalidFields({ pincode: result.message })
  await sessionService.saveData(ctx, { ...ctx.session?.data, pincode })
  return ok({ pincode: result.pincode, message: result.message })
}

/**
 * Whether and when the website delivers to a pincode, without remembering it (address book, checkout). "When" is the
 * earliest open window (cut-off, closures, capacity): the one answer every page gives (issue 31).
 */
export async function pincodeServiceability(ctx: RequestCtx, pincode: string): Promise<PincodeCheck> {
  const row = await queries.findPincode(ctx.db, ctx.site.id, pincode)
  if (!row) return { ok: false, message: `Sorry, we don't deliver to ${pincode} yet.` }
  const earliest = await earliestDelivery(ctx, { pincode, warehouseId: row.warehouseId, deliveryDays: row.deliveryDays })
  const when = earliest.when ? `, earliest ${earliest.when}` : ': no delivery windows are open right now'
  return { ok: true, pincode, message: `Delivery available to ${pincode}${when}.` }
}

export { currentPincode, currentWarehouseId } from './current'

/* ---------- the pincodes each warehouse serves (staff: server/features/stock/warehouses.ts) ---------- */

export interface ServedPincode {
  pincode: string
  warehouseId: number
  deliveryDays: number
}

export const servedPincodes = (db: Db | Tx, websiteId: number): Promise<ServedPincode[]> => queries.listPincodes(db, websiteId)

/**
 * A warehouse serves exactly `list` from now on. A pincode is served by one warehouse of the website (checkout
 * finds the warehouse by the pincode), so one served by another warehouse is refused with that warehouse's id.
 */
export async function setServedPincodes(tx: Tx, websiteId: number, warehouseId: number, list: { pincode: string; deliveryDays: number }[]) {
  const served = await queries.listPincodes(tx, websiteId)
  const taken = list.flatMap((p, index) => {
    const other = served.find((s) => s.pincode === p.pincode && s.warehouseId !== warehouseId)
    return other ? [{ index, pincode: p.pincode, warehouseId: other.warehouseId }] : []
  })
  if (taken.length) return { ok: false as const, taken }
  await queries.replaceWarehousePincodes(tx, websiteId, warehouseId, list)
  return { ok: true as const }
}

/**
 * Every delivery window of these warehouses on these dates (India calendar days), with its capacity and bookings:
 * the slots each warehouse's template offers are made first where none exist yet, as Delivery › Slots does, so the
 * admin home counts the same slots that screen shows (issue 29).
 */
export async function slotsOn(ctx: RequestCtx, warehouseIds: number[], dates: string[]) {
  for (const id of warehouseIds) await ensureSlots(ctx, id)
  return queries.findSlotsOn(ctx.db, ctx.site.id, dates)
}
