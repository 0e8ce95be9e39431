import { and, asc, eq, gt, gte, inArray, lt, lte, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { deliveryCharges, deliverySlots, pincodes } from '../../db/schema/index'

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
    .select({ id: deliveryCharges.id, warehouseId: deliveryCharges.warehouseId, chargePaise: deliveryCharges.chargePaise, freeAbovePaise: deliveryCharges.freeAbovePaise })
    .from(deliveryCharges)
    .where(and(eq(deliveryCharges.websiteId, websiteId), inArray(deliveryCharges.warehouseId, warehouseIds)))
    .orderBy(asc(deliveryCharges.id))
}

/** The first window of a warehouse that still has room, from a date and time (IST wall clock) up to a last date. */
export async function findEarliestOpenSlot(db: Db, websiteId: number, warehouseId: number, from: { date: string; time: string }, lastDate: string) {
  const rows = await db
    .select({ date: deliverySlots.date, startTime: deliverySlots.startTime, endTime: deliverySlots.endTime })
    .from(deliverySlots)
    .where(
      and(
        eq(deliverySlots.websiteId, websiteId),
        eq(deliverySlots.warehouseId, warehouseId),
        lt(deliverySlots.booked, deliverySlots.capacity),
        or(gt(deliverySlots.date, from.date), and(eq(deliverySlots.date, from.date), gte(deliverySlots.startTime, from.time))),
        lte(deliverySlots.date, lastDate),
      ),
    )
    .orderBy(asc(deliverySlots.date), asc(deliverySlots.startTime))
    .limit(1)
  return rows[0] ?? null
}

export async function insertSlots(db: Db, rows: (typeof deliverySlots.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(deliverySlots).values(rows).onConflictDoNothing()
}
