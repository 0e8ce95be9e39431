import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { deliveryCharges, deliveryClosures, deliverySlots, deliveryTemplates, pincodes } from '../../db/schema/delivery'

export async function findPincode(db: Db, websiteId: number, pincode: string) {
  const rows = await db
    .select()
    .from(pincodes)
    .where(and(eq(pincodes.websiteId, websiteId), eq(pincodes.pincode, pincode)))
    .limit(1)
  return rows[0] ?? null
}

export function findChargeRules(db: Db, websiteId: number, warehouseIds: number[]) {
  if (warehouseIds.length === 0) return Promise.resolve([])
  return db
    .select({
      id: deliveryCharges.id,
      warehouseId: deliveryCharges.warehouseId,
      chargePaise: deliveryCharges.chargePaise,
      freeAbovePaise: deliveryCharges.freeAbovePaise,
    })
    .from(deliveryCharges)
    .where(and(eq(deliveryCharges.websiteId, websiteId), inArray(deliveryCharges.warehouseId, warehouseIds)))
    .orderBy(asc(deliveryCharges.id))
}

/** The first window of a warehouse that still has room, from a date and time (IST wall clock) up to a last date. */
/** the first open windows from `from` on, earliest first (the caller skips closed days) */
export async function findEarliestOpenSlots(db: Db, websiteId: number, warehouseId: number, from: { date: string; time: string }, lastDate: string) {
  const rows = await db
    .select({ date: deliverySlots.date, startTime: deliverySlots.startTime, endTime: deliverySlots.endTime })
    .from(deliverySlots)
    .where(
      and(
        eq(deliverySlots.websiteId, websiteId),
        eq(deliverySlots.warehouseId, warehouseId),
        eq(deliverySlots.withdrawn, false),
        lt(deliverySlots.booked, deliverySlots.capacity),
        or(gt(deliverySlots.date, from.date), and(eq(deliverySlots.date, from.date), gte(deliverySlots.startTime, from.time))),
        lte(deliverySlots.date, lastDate),
      ),
    )
    .orderBy(asc(deliverySlots.date), asc(deliverySlots.startTime))
    .limit(200)
  return rows
}

export async function insertSlots(db: Db, rows: (typeof deliverySlots.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(deliverySlots).values(rows).onConflictDoNothing()
}

/** Every pincode a website serves, with its warehouse. */
export function listPincodes(db: Db | Tx, websiteId: number) {
  return db
    .select({ pincode: pincodes.pincode, warehouseId: pincodes.warehouseId, deliveryDays: pincodes.deliveryDays })
    .from(pincodes)
    .where(eq(pincodes.websiteId, websiteId))
    .orderBy(asc(pincodes.pincode))
}

/** A warehouse serves exactly these pincodes from now on (the caller checked that no other warehouse serves them). */
export async function replaceWarehousePincodes(tx: Tx, websiteId: number, warehouseId: number, list: { pincode: string; deliveryDays: number }[]) {
  await tx.delete(pincodes).where(and(eq(pincodes.websiteId, websiteId), eq(pincodes.warehouseId, warehouseId)))
  if (list.length) await tx.insert(pincodes).values(list.map((p) => ({ websiteId, warehouseId, pincode: p.pincode, deliveryDays: p.deliveryDays })))
}

/** Every window of a website on the given dates, for the admin home's fill view. */
export function findSlotsOn(db: Db, websiteId: number, dates: string[]) {
  return db
    .select({
      date: deliverySlots.date,
      start: deliverySlots.startTime,
      end: deliverySlots.endTime,
      warehouseId: deliverySlots.warehouseId,
      booked: deliverySlots.booked,
      capacity: deliverySlots.capacity,
    })
    .from(deliverySlots)
    .where(
      and(
        eq(deliverySlots.websiteId, websiteId),
        inArray(deliverySlots.date, dates),
        // a withdrawn window is no longer offered; it matters only while orders booked into it are still due
        or(eq(deliverySlots.withdrawn, false), gt(deliverySlots.booked, 0)),
      ),
    )
    .orderBy(asc(deliverySlots.date), asc(deliverySlots.startTime), asc(deliverySlots.warehouseId))
}

export async function findTemplate(db: Db | Tx, websiteId: number, warehouseId: number) {
  const rows = await db
    .select()
    .from(deliveryTemplates)
    .where(and(eq(deliveryTemplates.websiteId, websiteId), eq(deliveryTemplates.warehouseId, warehouseId)))
  return rows[0] ?? null
}

/** The closures of a warehouse and of its whole website, oldest first. */
export function findClosures(db: Db | Tx, websiteId: number, warehouseId: number) {
  return db
    .select()
    .from(deliveryClosures)
    .where(and(eq(deliveryClosures.websiteId, websiteId), or(isNull(deliveryClosures.warehouseId), eq(deliveryClosures.warehouseId, warehouseId))))
    .orderBy(asc(deliveryClosures.fromDate), asc(deliveryClosures.id))
}

/** A warehouse's offered windows between two days (the full ones too), in date and time order. */
export function offeredSlots(db: Db, websiteId: number, warehouseId: number, from: string, to: string) {
  return db
    .select()
    .from(deliverySlots)
    .where(
      and(
        eq(deliverySlots.websiteId, websiteId),
        eq(deliverySlots.warehouseId, warehouseId),
        eq(deliverySlots.withdrawn, false),
        gte(deliverySlots.date, from),
        lte(deliverySlots.date, to),
      ),
    )
    .orderBy(asc(deliverySlots.date), asc(deliverySlots.startTime))
}

/** One place in a window if it is this warehouse's, offered, has room and starts at `earliest` or later (conditional update). */
export async function takeSlotPlace(tx: Tx, websiteId: number, warehouseId: number, slotId: number, earliest: { date: string; time: string }) {
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
