import { and, asc, eq, gte, lte, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { deliverySlots } from '../../db/schema/delivery'
import type { RequestCtx } from '../../platform/request-context'
import { addDays, earliestStart, ensureSlots, loadPlan, slotPlan, shopClock } from './schedule'

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
  const rows = await ctx.db
    .select()
    .from(deliverySlots)
    .where(
      and(
        eq(deliverySlots.websiteId, ctx.site.id),
        eq(deliverySlots.warehouseId, warehouseId),
        eq(deliverySlots.withdrawn, false),
        gte(deliverySlots.date, today),
        lte(deliverySlots.date, addDays(today, plan.template.daysAhead - 1)),
      ),
    )
    .orderBy(asc(deliverySlots.date), asc(deliverySlots.startTime))
  return rows
    .filter((r) => r.date > earliest.date || (r.date === earliest.date && r.startTime >= earliest.time))
    .map((r) => ({ id: r.id, date: r.date, start: r.startTime, end: r.endTime, open: r.booked < r.capacity }))
}

/** Takes one place in a window, if it is this warehouse's, offered, before its cut-off and has room (conditional update). */
export async function takeSlot(tx: Tx, websiteId: number, warehouseId: number, slotId: number, now = new Date()) {
  const plan = await loadPlan(tx, websiteId, warehouseId)
  const earliest = shopClock(new Date(now.getTime() + plan.template.cutoffMinutes * 60_000))
  const rows = await tx
    .update(deliverySlots)
    .set({ booked: sql`${deliverySlots.booked} + 1` })
    .where(
      and(
        eq(deliverySlots.id, slotId),
        eq(deliverySlots.websiteId, websiteId),
        eq(deliverySlots.warehouseId, warehouseId),
        eq(deliverySlots.withdrawn, false),
        sql`${deliverySlots.booked} < ${deliverySlots.capacity}`,
        sql`(${deliverySlots.date} > ${earliest.date} or (${deliverySlots.date} = ${earliest.date} and ${deliverySlots.startTime} >= ${earliest.time}))`,
      ),
    )
    .returning({ id: deliverySlots.id, date: deliverySlots.date, start: deliverySlots.startTime, end: deliverySlots.endTime })
  return rows[0] ?? null
}

export async function releaseSlot(tx: Tx | Db, slotId: number) {
  await tx
    .update(deliverySlots)
    .set({ booked: sql`greatest(${deliverySlots.booked} - 1, 0)` })
    .where(eq(deliverySlots.id, slotId))
}

/** Takes a window again for a late payment, even if it has passed (the shop then agrees a new time). */
export async function retakeSlot(tx: Tx, slotId: number): Promise<boolean> {
  const rows = await tx
    .update(deliverySlots)
    .set({ booked: sql`${deliverySlots.booked} + 1` })
    .where(and(eq(deliverySlots.id, slotId), sql`${deliverySlots.booked} < ${deliverySlots.capacity}`))
    .returning({ id: deliverySlots.id })
  return rows.length === 1
}
