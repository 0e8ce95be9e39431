import type { Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import * as q from './queries'
import { addDays, earliestStart, ensureSlots, isOffered, loadPlan, slotPlan, shopClock } from './schedule'

// orders gives places back and takes them again inside its own transaction (this module is published to it)
export { releaseSlot, retakeSlot } from './queries'

/** A window a shopper may choose at checkout; a full one is listed but not open. */
export interface SlotOption {
  id: number
  date: string
  start: string
  end: string
  open: boolean
}

/** The template's days of windows of a warehouse, from the pincode's first delivery day (issue #5); closed days have none. */
export async function slotOptions(ctx: RequestCtx, warehouseId: number, deliveryDays: number, now = new Date()): Promise<SlotOption[]> {
  await ensureSlots(ctx, warehouseId, now)
  const plan = await slotPlan(ctx, warehouseId)
  const today = shopClock(now).date
  const earliest = earliestStart(plan, deliveryDays, now)
  const rows = await q.offeredSlots(ctx.db, ctx.site.id, warehouseId, today, addDays(today, plan.template.daysAhead - 1))
  return rows
    .filter((r) => isOffered(plan, r.date) && (r.date > earliest.date || (r.date === earliest.date && r.startTime >= earliest.time)))
    .map((r) => ({ id: r.id, date: r.date, start: r.startTime, end: r.endTime, open: r.booked < r.capacity }))
}

/** Takes one place in a window, if it is this warehouse's, offered, before its cut-off and has room (conditional update). */
export async function takeSlot(tx: Tx, websiteId: number, warehouseId: number, slotId: number, now = new Date()) {
  const plan = await loadPlan(tx, websiteId, warehouseId)
  const earliest = shopClock(new Date(now.getTime() + plan.template.cutoffMinutes * 60_000))
  return q.takeSlotPlace(tx, websiteId, warehouseId, slotId, earliest)
}
