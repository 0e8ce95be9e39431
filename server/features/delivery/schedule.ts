import type { RequestCtx } from '../../platform/request-context'
import * as queries from './queries'
import { currentPincode, currentWarehouseId } from './service'

/** CONTRACT: slots for the next 3 days, 2-hour windows from 07:00 to 21:00, each with a capacity. */
export const SLOT_DAYS = 3
export const SLOT_WINDOWS = ['07:00', '09:00', '11:00', '13:00', '15:00', '17:00', '19:00'].map((start) => ({
  start,
  end: `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:00`,
}))
export const SLOT_CAPACITY = 25
/** A window can be chosen until this long before it starts. */
const LEAD_MINUTES = 60
const SHOP_TIME_ZONE = 'Asia/Kolkata'

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

/** The delivery charge rule of each warehouse (cart lines are grouped by it); the website's settings when it has none. */
export async function chargeRules(ctx: RequestCtx, warehouseIds: number[]): Promise<Map<number, ChargeRule>> {
  const rows = await queries.findChargeRules(ctx.db, ctx.site.id, [...new Set(warehouseIds)])
  const fallback = ctx.site.settings.delivery
  const rules = new Map<number, ChargeRule>()
  for (const id of warehouseIds) {
    const row = rows.find((r) => r.warehouseId === id)
    rules.set(id, row ? { id: row.id, chargePaise: row.chargePaise, freeAbovePaise: row.freeAbovePaise } : { id: 0, ...fallback })
  }
  return rules
}

/** The first window with room that the warehouse can still make, no earlier than the pincode's delivery days. */
export async function earliestSlot(ctx: RequestCtx, warehouseId: number, deliveryDays: number, now = new Date()): Promise<Slot | null> {
  const today = shopClock(now)
  const earliest = new Date(now.getTime() + LEAD_MINUTES * 60_000)
  const from = deliveryDays > 0 ? { date: addDays(today.date, deliveryDays), time: '00:00' } : shopClock(earliest)
  const lastDate = addDays(today.date, SLOT_DAYS - 1)
  const find = () => queries.findEarliestOpenSlot(ctx.db, ctx.site.id, warehouseId, from, lastDate)
  let slot = await find()
  if (!slot) {
    await ensureSlots(ctx, warehouseId, now)
    slot = await find()
  }
  return slot && { date: slot.date, start: slot.startTime, end: slot.endTime }
}

/** Slots are made on demand for the next SLOT_DAYS days (a seed would age); existing ones are kept. */
export async function ensureSlots(ctx: RequestCtx, warehouseId: number, now = new Date()) {
  const today = shopClock(now).date
  const rows = Array.from({ length: SLOT_DAYS }, (_, day) => addDays(today, day)).flatMap((date) =>
    SLOT_WINDOWS.map((w) => ({ websiteId: ctx.site.id, warehouseId, date, startTime: w.start, endTime: w.end, capacity: SLOT_CAPACITY })),
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
