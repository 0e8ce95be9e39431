import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../../db/client'
import { users } from '../../../db/schema/accounts'
import { posCashMoves, posShifts } from '../../../db/schema/pos'

type Conn = Db | Tx
export type ShiftRow = typeof posShifts.$inferSelect

export const openShiftOn = (db: Conn, registerId: number): Promise<ShiftRow | null> =>
  db
    .select()
    .from(posShifts)
    .where(and(eq(posShifts.registerId, registerId), isNull(posShifts.closedAt)))
    .then((r) => r[0] ?? null)

/**
 * The open shift of the register, share-locked: sales and returns of the shift run side by side, a close waits for
 * them (and they for it), so a closed shift's figures never change.
 */
export async function lockOpenShift(tx: Tx, registerId: number): Promise<ShiftRow | null> {
  const rows = await tx
    .select()
    .from(posShifts)
    .where(and(eq(posShifts.registerId, registerId), isNull(posShifts.closedAt)))
    .for('share')
  return rows[0] ?? null
}

/** The website's shift; `lock` takes it for update (a close, a cash move). */
export async function findShift(db: Conn, websiteId: number, id: number, lock = false): Promise<ShiftRow | null> {
  const q = db
    .select()
    .from(posShifts)
    .where(and(eq(posShifts.websiteId, websiteId), eq(posShifts.id, id)))
  const rows = lock ? await q.for('update') : await q
  return rows[0] ?? null
}

export async function insertShift(tx: Tx, row: { websiteId: number; registerId: number; userId: number; openingPaise: number }): Promise<ShiftRow> {
  const [made] = await tx.insert(posShifts).values(row).returning()
  return made
}

export async function closeShift(tx: Tx, id: number, set: Pick<ShiftRow, 'closedAt' | 'closedBy' | 'expectedPaise' | 'countedPaise' | 'counted'>) {
  const [row] = await tx.update(posShifts).set(set).where(eq(posShifts.id, id)).returning()
  return row
}

export async function insertCashMove(tx: Tx, row: { shiftId: number; kind: 'in' | 'out'; amountPaise: number; reason: string; userId: number }) {
  const [made] = await tx.insert(posCashMoves).values(row).returning()
  return made
}

export const cashMoves = (db: Conn, shiftId: number) => db.select().from(posCashMoves).where(eq(posCashMoves.shiftId, shiftId)).orderBy(asc(posCashMoves.id))

export const userName = (db: Conn, userId: number): Promise<string | null> =>
  db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .then((r) => r[0]?.name ?? null)

/** The shift's money by method, taken for sales and given back for returns (refund rows are negative). */
export async function shiftMoney(db: Conn, shiftId: number) {
  return rowsOf<{ method: string; kind: 'sale' | 'refund'; paise: string | number }>(
    await db.execute(sql`
      select method, case when return_id is null then 'sale' else 'refund' end as kind, sum(amount_paise) as paise
      from pos_payments where shift_id = ${shiftId} group by 1, 2`),
  )
}

export async function shiftCounts(db: Conn, shiftId: number) {
  const [counts] = rowsOf<{ sales: string | number; discounts: string | number; returns: string | number }>(
    await db.execute(sql`
      select (select count(*) from pos_sales where shift_id = ${shiftId} and order_id is not null) as sales,
        (select coalesce(sum(discount_paise + coupon_paise), 0) from pos_sales where shift_id = ${shiftId}) as discounts,
        (select count(*) from pos_returns where shift_id = ${shiftId}) as returns`),
  )
  return counts
}
