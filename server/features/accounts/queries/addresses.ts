import { and, count, desc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { addresses } from '../../../db/schema/accounts'

type Conn = Db | Tx

export type AddressRow = typeof addresses.$inferSelect
export type AddressValues = Pick<AddressRow, 'name' | 'mobile' | 'house' | 'street' | 'area' | 'landmark' | 'city' | 'state' | 'pincode' | 'type'>

const own = (websiteId: number, userId: number) => and(eq(addresses.websiteId, websiteId), eq(addresses.userId, userId))
const ownOne = (websiteId: number, userId: number, id: number) => and(own(websiteId, userId), eq(addresses.id, id))

export function listAddresses(db: Conn, websiteId: number, userId: number) {
  return db.select().from(addresses).where(own(websiteId, userId)).orderBy(desc(addresses.isDefault), desc(addresses.id))
}

export async function findAddress(db: Conn, websiteId: number, userId: number, id: number): Promise<AddressRow | null> {
  const rows = await db
    .select()
    .from(addresses)
    .where(ownOne(websiteId, userId, id))
    .limit(1)
  return rows[0] ?? null
}

export async function countAddresses(db: Conn, websiteId: number, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(own(websiteId, userId))
  return row.n
}

export async function hasDefault(db: Conn, websiteId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(own(websiteId, userId), eq(addresses.isDefault, true)))
    .limit(1)
  return rows.length > 0
}

export async function insertAddress(tx: Tx, websiteId: number, userId: number, values: AddressValues, isDefault: boolean) {
  await tx.insert(addresses).values({ ...values, websiteId, userId, isDefault })
}

export async function updateAddress(db: Conn, websiteId: number, userId: number, id: number, values: AddressValues): Promise<boolean> {
  const rows = await db
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(ownOne(websiteId, userId, id))
    .returning({ id: addresses.id })
  return rows.length === 1
}

export async function deleteAddress(tx: Tx, websiteId: number, userId: number, id: number) {
  const rows = await tx
    .delete(addresses)
    .where(ownOne(websiteId, userId, id))
    .returning({ isDefault: addresses.isDefault })
  return rows[0] ?? null
}

/** Exactly one default: clears the others and sets this one, in one transaction; false when the id is not the user's. */
export async function setDefaultAddress(tx: Tx, websiteId: number, userId: number, id: number): Promise<boolean> {
  const hit = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(ownOne(websiteId, userId, id))
    .for('update')
  if (hit.length === 0) return false
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(own(websiteId, userId), eq(addresses.isDefault, true)))
  await tx
    .update(addresses)
    .set({ isDefault: true })
    .where(ownOne(websiteId, userId, id))
  return true
}

export async function newestAddressId(tx: Tx, websiteId: number, userId: number): Promise<number | null> {
  const rows = await tx.select({ id: addresses.id }).from(addresses).where(own(websiteId, userId)).orderBy(desc(addresses.id)).limit(1)
  return rows[0]?.id ?? null
}
