import { and, count, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { couponRedemptions, coupons } from '../../db/schema/cart'
import { failedAttempts } from '../../db/schema/limits'

export type CouponRow = typeof coupons.$inferSelect

/** Codes compare without regard to case (the unique index is on upper(code)); an archived (deleted) coupon is unknown. */
export async function findCouponByCode(db: Db, websiteId: number, code: string): Promise<CouponRow | null> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), sql`upper(${coupons.code}) = ${code.toUpperCase()}`, ne(coupons.status, 'archived')))
    .limit(1)
  return rows[0] ?? null
}

export async function countActiveRedemptions(db: Db | Tx, couponId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId), isNull(couponRedemptions.releasedAt)))
  return row?.n ?? 0
}

/** Locks the coupon row until the transaction ends: concurrent redemptions of one coupon queue here. */
export async function lockCoupon(tx: Tx, couponId: number): Promise<CouponRow | null> {
  const rows = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update')
  return rows[0] ?? null
}

export async function incrementUsed(tx: Tx, couponId: number) {
  await tx
    .update(coupons)
    .set({ used: sql`${coupons.used} + 1` })
    .where(eq(coupons.id, couponId))
}

export async function insertRedemption(tx: Tx, row: typeof couponRedemptions.$inferInsert) {
  const [created] = await tx.insert(couponRedemptions).values(row).returning({ id: couponRedemptions.id })
  return created.id
}

/** Gives a redemption back (an order cancelled or never paid); only once. */
export async function releaseRedemption(tx: Tx, redemptionId: number): Promise<boolean> {
  const released = await tx
    .update(couponRedemptions)
    .set({ releasedAt: new Date() })
    .where(and(eq(couponRedemptions.id, redemptionId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId })
  if (!released[0]) return false
  await tx
    .update(coupons)
    .set({ used: sql`greatest(${coupons.used} - 1, 0)` })
    .where(eq(coupons.id, released[0].couponId))
  return true
}

/** The coupons this website shows in its list of offers (visible and active; dates and limits are checked after). */
export function visibleCoupons(db: Db, websiteId: number): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), eq(coupons.visible, true), eq(coupons.status, 'active')))
    .orderBy(coupons.id)
    .limit(50)
}

/** Failed coupon codes under this key since the given time. */
export async function countFailedAttempts(db: Db, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(failedAttempts)
    .where(and(eq(failedAttempts.key, key), gt(failedAttempts.at, since)))
  return row?.n ?? 0
}

export async function insertFailedAttempt(db: Db, key: string, at: Date) {
  await db.insert(failedAttempts).values({ key, at })
}

/** The failed attempts older than a day (no window reaches that far back). */
export async function deleteOldFailedAttempts(db: Db) {
  await db.delete(failedAttempts).where(lt(failedAttempts.at, sql`now() - interval '1 day'`))
}
