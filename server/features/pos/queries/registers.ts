import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { users } from '../../../db/schema/accounts'
import { warehouses } from '../../../db/schema/catalogue'
import { posRegisters, posShifts } from '../../../db/schema/pos'

type Conn = Db | Tx
export type RegisterRow = typeof posRegisters.$inferSelect

/** The website's register: the one asked for, else its first one. */
export async function findRegister(db: Conn, websiteId: number, registerId?: number): Promise<RegisterRow | null> {
  const rows = await db
    .select()
    .from(posRegisters)
    .where(registerId ? and(eq(posRegisters.websiteId, websiteId), eq(posRegisters.id, registerId)) : eq(posRegisters.websiteId, websiteId))
    .orderBy(asc(posRegisters.id))
    .limit(1)
  return rows[0] ?? null
}

export const registerById = (db: Conn, id: number): Promise<RegisterRow | null> =>
  db
    .select()
    .from(posRegisters)
    .where(eq(posRegisters.id, id))
    .then((r) => r[0] ?? null)

/** The first register that sells from the warehouse. */
export const warehouseRegister = (db: Conn, websiteId: number, warehouseId: number): Promise<RegisterRow | null> =>
  db
    .select()
    .from(posRegisters)
    .where(and(eq(posRegisters.websiteId, websiteId), eq(posRegisters.warehouseId, warehouseId)))
    .orderBy(asc(posRegisters.id))
    .limit(1)
    .then((r) => r[0] ?? null)

/** A new register; a name taken meanwhile (two first shifts at once) leaves the other's. */
export async function insertRegister(db: Conn, row: { websiteId: number; warehouseId: number; name: string }) {
  await db.insert(posRegisters).values(row).onConflictDoNothing()
}

/** The website's registers (or one of them), each with its warehouse and whoever has a shift open on it. */
export const listRegisters = (db: Conn, websiteId: number, only?: number) =>
  db
    .select({ id: posRegisters.id, name: posRegisters.name, warehouse_id: posRegisters.warehouseId, warehouse: warehouses.name, open_by: users.name })
    .from(posRegisters)
    .innerJoin(warehouses, eq(warehouses.id, posRegisters.warehouseId))
    .leftJoin(posShifts, and(eq(posShifts.registerId, posRegisters.id), isNull(posShifts.closedAt)))
    .leftJoin(users, eq(users.id, posShifts.userId))
    .where(and(eq(posRegisters.websiteId, websiteId), only ? eq(posRegisters.id, only) : undefined))
    .orderBy(asc(posRegisters.id))

/** The website's warehouses, its default first. */
export const listWarehouses = (db: Conn, websiteId: number) =>
  db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.websiteId, websiteId))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.id))

export const findWarehouse = (db: Conn, websiteId: number, warehouseId: number) =>
  db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(and(eq(warehouses.websiteId, websiteId), eq(warehouses.id, warehouseId)))
    .then((r) => r[0] ?? null)

/** A register of the website named `name` (other than `except`), if any. */
export const registerNamed = (db: Conn, websiteId: number, name: string, except = 0) =>
  db
    .select({ id: posRegisters.id })
    .from(posRegisters)
    .where(and(eq(posRegisters.websiteId, websiteId), eq(posRegisters.name, name), ne(posRegisters.id, except)))
    .then((r) => r[0] ?? null)

/** A new register; null when the name was taken meanwhile. */
export const addRegister = (db: Conn, row: { websiteId: number; warehouseId: number; name: string }) =>
  db
    .insert(posRegisters)
    .values(row)
    .onConflictDoNothing()
    .returning()
    .then((r) => r[0] ?? null)

export const setRegisterName = (db: Conn, id: number, name: string) =>
  db
    .update(posRegisters)
    .set({ name })
    .where(eq(posRegisters.id, id))
    .returning()
    .then((r) => r[0] ?? null)

/** One register of the website as the chooser lists it. */
export const listedRegister = (db: Conn, websiteId: number, id: number) => listRegisters(db, websiteId, id).then((r) => r[0] ?? null)
