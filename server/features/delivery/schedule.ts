import type { SlotWindow } from '../../db/schema/delivery'
import type { Db, Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import * as queries from './queries'
import { currentPincode, currentWarehouseId } from './current'

/**
 * How a warehouse's slots are made. CONTRACT's demo facts are the default template: slots for the next 3 days,
 * 2-hour windows from 07:00 to 21:00, each with a capacity; staff change it per warehouse (docs/decisions/0021).
 */
export interface SlotTemplate {
  /** 0 = Sunday … 6 = Saturday */
  weekdays: number[]
  windows: SlotWindow[]
  capacity: number
  /** a window can be chosen until this long before it starts */
  cutoffMinutes: number
  /** today and the days after it, in all */
  daysAhead: number
}

export const DEFAULT_TEMPLATE: SlotTemplate = {
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  windows: ['07:00', '09:00', '11:00', '13:00', '15:00', '17:00', '19:00'].map((start) => ({
    start,
    end: `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:00`,
  })),
  capacity: 25,
  cutoffMinutes: 60,
  daysAhead: 3,
}

/** A warehouse's template and the days it is closed (India calendar days, from `from` on). */
export interface SlotPlan {
  template: SlotTemplate
  closures: { from: string; to: string }[]
}

const SHOP_TIME_ZONE = 'Asia/Kolkata'

/** Read from the database (a staff write or an order in its transaction). */
export async function loadPlan(db: Db | Tx, websiteId: number, warehouseId: number): Promise<SlotPlan> {
  const [row, closures] = await Promise.all([queries.findTemplate(db, websiteId, warehouseId), queries.findClosures(db, websiteId, warehouseId)])
  const template = row
    ? { weekdays: row.weekdays, windows: row.windows, capacity: row.capacity, cutoffMinutes: row.cutoffMinutes, daysAhead: row.daysAhead }
    : DEFAULT_TEMPLATE
  return { template, closures: closures.map((c) => ({ from: c.fromDate, to: c.toDate })) }
}

/** The plan a shopper's answers use, kept with the website's lookups (a staff write drops them). */
export async function slotPlan(ctx: RequestCtx, warehouseId: number): Promise<SlotPlan> {
  const key = `slot-plan:${warehouseId}`
  const cached = ctx.caches.lookups.get(ctx.site.id, key) as SlotPlan | undefined
  if (cached) return cached
  const plan = await loadPlan(ctx.db, ctx.site.id, warehouseId)
  ctx.caches.lookups.set(ctx.site.id, key, plan)
  return plan
}

export const isClosed = (plan: SlotPlan, date: string) => plan.closures.some((c) => c.from <= date && date <= c.to)
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()
/** a day the plan delivers on: one of its weekdays and not closed */
export const isOffered = (plan: SlotPlan, date: string) => plan.template.weekdays.includes(weekdayOf(date)) && !isClosed(plan, date)

/** The days slots are offered on from `today`: within the horizon, on the template's weekdays, not closed. */
export function offeredDates(plan: SlotPlan, today: string): string[] {
  return Array.from({ length: plan.template.daysAhead }, (_, day) => addDays(today, day)).filter(
    (date) => plan.template.weekdays.includes(weekdayOf(date)) && !isClosed(plan, date),
  )
}

/** The earliest date and time a window may start at to still be chosen now. */
export function earliestStart(plan: SlotPlan, deliveryDays: number, now: Date): { date: string; time: string } {
  const today = shopClock(now).date
  return deliveryDays > 0 ? { date: addDays(today, deliveryDays), time: '00:00' } : shopClock(new Date(now.getTime() + plan.template.cutoffMinutes * 60_000))
}

export interface DeliveryTarget {
  /** the pincode delivered to: the address's, else the session's; null when none is known yet */
  pincode: string | null
  /** the warehouse that serves it (the default one while no pincode is known); null when nobody delivers there */
  warehouseId: number | null
  deliveryDays: number
}

export interface ChargeRule {
  /** 0 when the warehouse has no rule of its own and the website's default applies */
  id: number
  chargePaise: number
  freeAbovePaise: number
}

export interface Slot {
  date: string
  start: string
  end: string
}

/** Where the cart would be delivered, and from which warehouse. */
export async function deliveryTarget(ctx: RequestCtx, addressPincode?: string): Promise<DeliveryTarget> {
  const pincode = addressPincode ?? currentPincode(ctx)
  if (!pincode) return { pincode: null, warehouseId: await currentWarehouseId(ctx), deliveryDays: 0 }
  const row = await queries.findPincode(ctx.db, ctx.site.id, pincode)
  return { pincode, warehouseId: row?.warehouseId ?? null, deliveryDays: row?.deliveryDays ?? 0 }
}

/** The delivery charge rule of each warehouse (cart lines are grouped by it); the website's settings when it has none of its own. */
export async function chargeRules(ctx: RequestCtx, warehouseIds: number[]): Promise<Map<number, ChargeRule>> {
  const rows = await queries.findChargeRules(ctx.db, ctx.site.id, [...new Set(warehouseIds)])
  const fallback = ctx.site.settings.delivery
  const rules = new Map<number, ChargeRule>()
  for (const id of warehouseIds) {
    const row = rows.find((r) => r.warehouseId === id)
    // a warehouse's own amounts, else the website's (a rule with null amounts follows the website's)
    const own = row && row.chargePaise !== null && row.freeAbovePaise !== null ? { chargePaise: row.chargePaise, freeAbovePaise: row.freeAbovePaise } : fallback
    rules.set(id, { id: row?.id ?? 0, ...own })
  }
  return rules
}

/** The first window with room that the warehouse can still make, no earlier than the pincode's delivery days. */
export async function earliestSlot(ctx: RequestCtx, warehouseId: number, deliveryDays: number, now = new Date()): Promise<Slot | null> {
  const plan = await slotPlan(ctx, warehouseId)
  const today = shopClock(now).date
  const from = earliestStart(plan, deliveryDays, now)
  const lastDate = addDays(today, plan.template.daysAhead - 1)
  // windows made before a closure or a change of weekdays are not offered (checkout lists the same: isOffered)
  const find = async () => (await queries.findEarliestOpenSlots(ctx.db, ctx.site.id, warehouseId, from, lastDate)).find((s) => isOffered(plan, s.date)) ?? null
  let slot = await find()
  if (!slot) {
    await ensureSlots(ctx, warehouseId, now)
    slot = await find()
  }
  return slot && { date: slot.date, start: slot.startTime, end: slot.endTime }
}

/** Slots are made on demand from the template (a seed would age); existing ones are kept as they are. */
export async function ensureSlots(ctx: RequestCtx, warehouseId: number, now = new Date()) {
  const plan = await slotPlan(ctx, warehouseId)
  const { windows, capacity } = plan.template
  const rows = offeredDates(plan, shopClock(now).date).flatMap((date) =>
    windows.map((w) => ({ websiteId: ctx.site.id, warehouseId, date, startTime: w.start, endTime: w.end, capacity })),
  )
  await queries.insertSlots(ctx.db, rows)
}

const clockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The shop's wall clock (India): 'YYYY-MM-DD' and 'HH:MM'. */
export function shopClock(at: Date): { date: string; time: string } {
  const parts = clockFormat.formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00'
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` }
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
