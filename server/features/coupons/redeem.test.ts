import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type Database, openDb, rowsOf } from '../../db/client'
import { withDatabase } from '../../db/template'
import { users } from '../../db/schema/accounts'
import { couponRedemptions, coupons } from '../../db/schema/cart'
import { buildTestApp, drivers, type TestApp } from '../../test/app'
import { websiteOf } from '../../test/shopper'
import { type RedeemResult, redeemCoupon, releaseCoupon } from './service'

/** The order-time use of a coupon (issue #5 calls it inside the order transaction), under concurrency. */
describe.each(drivers)('redeemCoupon at order time (%s)', (driver) => {
  let t: TestApp
  let siteId: number
  let shoppers: number[]
  /** on PostgreSQL, a pool of 50 connections of its own so the transactions really run at once */
  let racePool: Database | null = null
  const db = () => t.app.deps.db
  const raceDb = () => racePool?.db ?? db()
  const newCoupon = async (values: Partial<typeof coupons.$inferInsert>) =>
    (
      await db()
        .insert(coupons)
        .values({ websiteId: siteId, code: `RACE${Math.random().toString(36).slice(2, 8)}`, kind: 'flat', value: 1000, ...values })
        .returning()
    )[0]
  /** one order transaction per attempt, all at once; a refused redemption rolls its transaction back */
  const race = (couponId: number, userIds: number[]) =>
    Promise.all(
      userIds.map(async (userId) => {
        let result = { ok: false, message: 'not run' } as RedeemResult
        await raceDb()
          .transaction(async (tx) => {
            result = await redeemCoupon(tx, couponId, userId)
            if (!result.ok) tx.rollback()
          })
          .catch((err: unknown) => {
            if (result.ok) throw err
          })
        return result
      }),
    )
  const state = async (couponId: number) => {
    const [row] = await db().select({ used: coupons.used }).from(coupons).where(eq(coupons.id, couponId))
    const [uses] = await db().select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId))
    return { used: row.used, redemptions: uses.n }
  }

  beforeAll(async () => {
    t = await buildTestApp(driver)
    siteId = (await websiteOf(t)).id
    const rows = await db()
      .insert(users)
      .values(Array.from({ length: 100 }, (_, i) => ({ name: `Racer ${i}`, phone: `70000${String(i).padStart(5, '0')}` })))
      .returning({ id: users.id })
    shoppers = rows.map((r) => r.id)
    if (driver === 'postgres') {
      const name = rowsOf<{ name: string }>(await db().execute(sql`select current_database() as name`))[0].name
      racePool = await openDb({ url: withDatabase(inject('pgAdminUrl')!, name), poolSize: 50 })
    }
  })
  afterAll(async () => {
    await racePool?.close()
    await t.close()
  })

  it('lets 100 parallel redemptions of a coupon limited to 10 uses succeed at most 10 times', async () => {
    const coupon = await newCoupon({ usageLimit: 10 })
    const results = await race(coupon.id, shoppers)
    expect(results.filter((r) => r.ok)).toHaveLength(10)
    expect(results.filter((r) => !r.ok).every((r) => r.message === `${coupon.code} has been fully redeemed`)).toBe(true)
    expect(await state(coupon.id)).toEqual({ used: 10, redemptions: 10 })
  })

  it('lets one shopper use a once-per-customer coupon once, however many orders race', async () => {
    const coupon = await newCoupon({ perCustomerLimit: 1 })
    const results = await race(
      coupon.id,
      Array.from({ length: 20 }, () => shoppers[0]),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(await state(coupon.id)).toEqual({ used: 1, redemptions: 1 })
    expect((await race(coupon.id, [shoppers[1]]))[0].ok).toBe(true)
  })

  it('re-checks the validity window at order time, and gives a use back once when an order is cancelled', async () => {
    const expired = await newCoupon({ endsAt: new Date(Date.now() - 1000) })
    expect(await race(expired.id, [shoppers[2]])).toEqual([{ ok: false, message: `${expired.code} has expired` }])
    const coupon = await newCoupon({ usageLimit: 1 })
    const [first] = await race(coupon.id, [shoppers[3]])
    expect(first.ok).toBe(true)
    expect((await race(coupon.id, [shoppers[4]]))[0].ok).toBe(false)
    const redemptionId = first.ok ? first.redemptionId : -1
    expect(await db().transaction((tx) => releaseCoupon(tx, redemptionId))).toBe(true)
    expect(await db().transaction((tx) => releaseCoupon(tx, redemptionId))).toBe(false)
    expect((await state(coupon.id)).used).toBe(0)
    expect((await race(coupon.id, [shoppers[4]]))[0].ok).toBe(true)
    const [released] = await db()
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.id, redemptionId)))
    expect(released.releasedAt).toBeInstanceOf(Date)
  })
})
