import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm'
import type { PincodeQuery } from '../../../common/contracts/admin-delivery'
import { parseSort } from '../../../common/contracts/admin'
import type { Db, Tx } from '../../db/client'
import { warehouses } from '../../db/schema/catalogue'
import { deliveryCharges, deliveryClosures, deliverySlots, deliveryTemplates, pincodes, type SlotWindow } from '../../db/schema/delivery'
import { websites } from '../../db/schema/sites'

type Conn = Db | Tx

export function warehousesOf(db: Conn, websiteId: number) {
  return db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.websiteId, websiteId)).orderBy(asc(warehouses.id))
}

/* ---------- pincodes ---------- */

export async function listPincodes(db: Conn, websiteId: number, query: PincodeQuery) {
  const where = and(
    eq(pincodes.websiteId, websiteId),
    query.warehouse_id ? eq(pincodes.warehouseId, query.warehouse_id) : undefined,
    query.q ? ilike(pincodes.pincode, `${query.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  )
  const { column, desc: down } = parseSort(query.sort)
  const col = column === 'delivery_days' ? pincodes.deliveryDays : pincodes.pincode
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ pincode: pincodes.pincode, warehouseId: pincodes.warehouseId, warehouseName: warehouses.name, deliveryDays: pincodes.deliveryDays })
      .from(pincodes)
      .innerJoin(warehouses, eq(warehouses.id, pincodes.warehouseId))
      .where(where)
      .orderBy(down ? desc(col) : asc(col), asc(pincodes.pincode))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(pincodes).where(where),
  ])
  return { rows, total: n }
}

/** These pincodes of the website, locked for the write. */
export function lockPincodes(tx: Tx, websiteId: number, list: string[]) {
  return tx
    .select({ pincode: pincodes.pincode, warehouseId: pincodes.warehouseId, deliveryDays: pincodes.deliveryDays })
    .from(pincodes)
    .where(and(eq(pincodes.websiteId, websiteId), inArray(pincodes.pincode, list)))
    .orderBy(asc(pincodes.pincode))
    .for('update')
}

export function findServed(db: Conn, websiteId: number, list: string[]) {
  if (list.length === 0) return Promise.resolve([])
  return db
    .select({ pincode: pincodes.pincode, warehouseId: pincodes.warehouseId })
    .from(pincodes)
    .where(and(eq(pincodes.websiteId, websiteId), inArray(pincodes.pincode, list)))
}

/** Adds the pincodes not served yet; answers the ones added (a pincode served meanwhile is left to its warehouse). */
export async function insertPincodes(tx: Tx, websiteId: number, warehouseId: number, list: string[], deliveryDays: number) {
  const rows = await tx
    .insert(pincodes)
    .values(list.map((pincode) => ({ websiteId, warehouseId, pincode, deliveryDays })))
    .onConflictDoNothing()
    .returning({ pincode: pincodes.pincode })
  return rows.map((r) => r.pincode)
}

export async function setDays(tx: Tx, websiteId: number, list: string[], deliveryDays: number) {
  await tx
    .update(pincodes)
    .set({ deliveryDays })
    .where(and(eq(pincodes.websiteId, websiteId), inArray(pincodes.pincode, list)))
}

export async function deletePincodes(tx: Tx, websiteId: number, list: string[]) {
  await tx.delete(pincodes).where(and(eq(pincodes.websiteId, websiteId), inArray(pincodes.pincode, list)))
}

/* ---------- charges ---------- */

export async function websiteRule(db: Conn, websiteId: number) {
  const [row] = await db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId))
  return row.settings.delivery
}

/** Only the delivery rule of the settings changes (other settings are edited elsewhere at the same time). */
export async function setWebsiteRule(tx: Tx, websiteId: number, rule: { chargePaise: number; freeAbovePaise: number }) {
  await tx.execute(sql`update websites set settings = jsonb_set(settings, '{delivery}', ${JSON.stringify(rule)}::jsonb) where id = ${websiteId}`)
}

export function chargeRows(db: Conn, websiteId: number) {
  return db
    .select({
      id: deliveryCharges.id,
      warehouseId: deliveryCharges.warehouseId,
      chargePaise: deliveryCharges.chargePaise,
      freeAbovePaise: deliveryCharges.freeAbovePaise,
    })
    .from(deliveryCharges)
    .where(eq(deliveryCharges.websiteId, websiteId))
    .orderBy(asc(deliveryCharges.id))
}

/** A warehouse's own amounts (null: the website's); its rule row is made when it has none (cart lines are grouped by it). */
export async function setWarehouseRule(tx: Tx, websiteId: number, warehouseId: number, own: { chargePaise: number; freeAbovePaise: number } | null) {
  const values = { chargePaise: own?.chargePaise ?? null, freeAbovePaise: own?.freeAbovePaise ?? null }
  const [first] = await tx
    .select({ id: deliveryCharges.id })
    .from(deliveryCharges)
    .where(and(eq(deliveryCharges.websiteId, websiteId), eq(deliveryCharges.warehouseId, warehouseId)))
    .orderBy(asc(deliveryCharges.id))
    .limit(1)
  if (first) await tx.update(deliveryCharges).set(values).where(eq(deliveryCharges.id, first.id))
  else await tx.insert(deliveryCharges).values({ websiteId, warehouseId, name: 'Standard delivery', ...values })
}

/* ---------- templates ---------- */

export function lockTemplate(tx: Tx, websiteId: number, warehouseId: number) {
  return tx
    .select()
    .from(deliveryTemplates)
    .where(and(eq(deliveryTemplates.websiteId, websiteId), eq(deliveryTemplates.warehouseId, warehouseId)))
    .for('update')
    .then((rows) => rows[0] ?? null)
}

export interface TemplateValues {
  weekdays: number[]
  windows: SlotWindow[]
  capacity: number
  cutoffMinutes: number
  daysAhead: number
}

export async function saveTemplate(tx: Tx, websiteId: number, warehouseId: number, values: TemplateValues) {
  await tx
    .insert(deliveryTemplates)
    .values({ websiteId, warehouseId, ...values })
    .onConflictDoUpdate({
      target: deliveryTemplates.warehouseId,
      set: { ...values, version: sql`${deliveryTemplates.version} + 1`, updatedAt: sql`now()` },
    })
}

/* ---------- slots ---------- */

/** The slots of a warehouse from a date on (locked: bookings wait for the template's changes, and the reverse). */
export function slotsFrom(db: Conn, websiteId: number, warehouseId: number, from: string, to?: string) {
  return db
    .select()
    .from(deliverySlots)
    .where(
      and(
        eq(deliverySlots.websiteId, websiteId),
        eq(deliverySlots.warehouseId, warehouseId),
        gte(deliverySlots.date, from),
        to ? lte(deliverySlots.date, to) : undefined,
      ),
    )
    .orderBy(asc(deliverySlots.date), asc(deliverySlots.startTime))
}

/** Offered again with at least the template's capacity, never below what is booked (one statement per row set: a booking in between is counted). */
export async function offerSlots(tx: Tx, ids: number[], capacity: number) {
  if (ids.length)
    await tx
      .update(deliverySlots)
      .set({ withdrawn: false, capacity: sql`greatest(${capacity}, ${deliverySlots.booked})` })
      .where(inArray(deliverySlots.id, ids))
}

export async function withdrawSlots(tx: Tx, ids: number[]) {
  if (ids.length) await tx.update(deliverySlots).set({ withdrawn: true }).where(inArray(deliverySlots.id, ids))
}

/** A window whose end moved, while nobody has booked it, takes the new end. */
export async function moveSlotEnd(tx: Tx, id: number, end: string) {
  await tx
    .update(deliverySlots)
    .set({ endTime: end })
    .where(and(eq(deliverySlots.id, id), eq(deliverySlots.booked, 0)))
}

/* ---------- closures ---------- */

export function listClosures(db: Conn, websiteId: number, from: string) {
  return db
    .select({
      id: deliveryClosures.id,
      warehouseId: deliveryClosures.warehouseId,
      warehouseName: warehouses.name,
      fromDate: deliveryClosures.fromDate,
      toDate: deliveryClosures.toDate,
      reason: deliveryClosures.reason,
    })
    .from(deliveryClosures)
    .leftJoin(warehouses, eq(warehouses.id, deliveryClosures.warehouseId))
    .where(and(eq(deliveryClosures.websiteId, websiteId), gte(deliveryClosures.toDate, from)))
    .orderBy(asc(deliveryClosures.fromDate), asc(deliveryClosures.id))
}

export async function insertClosure(tx: Tx, values: typeof deliveryClosures.$inferInsert) {
  const [row] = await tx.insert(deliveryClosures).values(values).returning({ id: deliveryClosures.id })
  return row.id
}

export async function findClosure(db: Conn, websiteId: number, id: number) {
  const [row] = await db
    .select()
    .from(deliveryClosures)
    .where(and(eq(deliveryClosures.websiteId, websiteId), eq(deliveryClosures.id, id)))
  return row ?? null
}

export async function deleteClosureRow(tx: Tx, id: number) {
  await tx.delete(deliveryClosures).where(eq(deliveryClosures.id, id))
}
