import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { drivers } from '../../test/app'
import { type SignedIn, websiteOf } from '../../test/shopper'
import { emptyCart, lockCart } from '../cart/queries'
import { mergeVisitorCart } from '../cart/service'
import { releaseExpired } from '../orders/service'
import { hashToken } from '../session/service'
import { until } from '../../test/wait'
import { startCheckoutApp } from './test-kit'

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('200 shoppers, the last 10 units (postgres)', () => {
  let k: Awaited<ReturnType<typeof startCheckoutApp>>
  beforeAll(async () => {
    k = await startCheckoutApp('postgres')
  })
  afterAll(() => k.t.close())

  it('exactly 10 orders succeed, the others are refused with what changed, and free stock ends at 0, never below', { timeout: 120_000 }, async () => {
    const [pack] = k.sellable()
    await k.setStock(pack.pack_id, pack.warehouse_id, 1000)
    const shoppers = []
    for (let i = 0; i < 200; i += 20) shoppers.push(...(await Promise.all(Array.from({ length: 20 }, () => k.shopperWithCart([pack])))))
    await k.setStock(pack.pack_id, pack.warehouse_id, 10)
    const slots = await Promise.all(shoppers.map((s) => k.firstSlots(s, s.addressId)))
    const results = await Promise.all(
      shoppers.map((s, i) =>
        k.call(s, 'POST', '/checkout/place', { address_id: s.addressId, slots: slots[i], payment_method: 'cod', idempotency_key: `race-${i}-key` }),
      ),
    )
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(10)
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true)
    const row = await k.stockOf(pack.pack_id, pack.warehouse_id)
    expect(row.quantity - row.reserved).toBe(0)
    expect(row.reserved).toBe(10)
  })
})

// Issue 9 finding 3: the cart lock comes first in placement; cancels, hold releases and cart adds take their rows
// in the same order, so nothing waits in a cycle (a deadlock would answer 500) and no unit added is lost.
describe.skipIf(!drivers.includes('postgres'))('placements, cancels, hold releases and cart adds at once (postgres)', () => {
  let k: Awaited<ReturnType<typeof startCheckoutApp>>
  beforeAll(async () => {
    k = await startCheckoutApp('postgres')
  })
  afterAll(() => k.t.close())
  const db = () => k.t.app.deps.db

  it('never deadlock, hold exactly what held orders hold, and every unit added is ordered or still in the cart', { timeout: 120_000 }, async () => {
    const all = k.sellable()
    const home = all[0].warehouse_id
    const [a, b, c] = all
      .filter((p) => p.warehouse_id === home)
      .slice(1, 4)
      .sort((x, y) => x.pack_id - y.pack_id)
    for (const p of [a, b, c]) await k.setStock(p.pack_id, p.warehouse_id, 10_000)
    const n = 8
    const make = (packs: typeof all, count: number) => Promise.all(Array.from({ length: count }, () => k.shopperWithCart(packs)))
    // lines added b then a: their orders give stock back in that order unless release sorts it
    const toCancel = await make([b, a], n)
    const cancelled = await Promise.all(toCancel.map(async (s) => ({ s, order: (await k.place(s, 'cod')).order })))
    const toExpire = await make([b, a], n)
    await Promise.all(toExpire.map((s) => k.place(s, 'razorpay')))
    const placing = await make([a, b], n)
    const slots = await Promise.all(placing.map((s) => k.firstSlots(s, s.addressId)))

    const adds: { userId: number; pack: number }[] = []
    const add = async (s: (typeof placing)[number], p: typeof a) => {
      const res = await k.call(s, 'POST', '/cart/add', { pack_id: p.pack_id, warehouse_id: p.warehouse_id })
      expect(res.statusCode).toBe(200)
      adds.push({ userId: s.userId, pack: p.pack_id })
    }
    const later = new Date(Date.now() + 3600_000)
    const results = await Promise.all([
      ...cancelled.map(({ s, order }) => k.call(s, 'POST', `/orders/${order.order_id}/cancel`, {})),
      ...placing.map((s, i) =>
        k.call(s, 'POST', '/checkout/place', { address_id: s.addressId, slots: slots[i], payment_method: 'cod', idempotency_key: `mixed-${i}-key` }),
      ),
      ...placing.flatMap((s) => [add(s, a), add(s, c), add(s, a)]),
      releaseExpired(db(), later),
      releaseExpired(db(), later),
    ])
    const statuses = results.flatMap((r) => (r && typeof r === 'object' && 'statusCode' in r ? [r.statusCode] : []))
    expect(statuses).toEqual(Array(2 * n).fill(200))

    for (const p of [a, b, c]) {
      const [held] = rowsOf<{ n: number }>(
        await db().execute(
          sql`select coalesce(sum(i.quantity), 0)::int as n from order_items i join orders o on o.id = i.order_id where o.released_at is null and i.pack_id = ${p.pack_id}`,
        ),
      )
      expect((await k.stockOf(p.pack_id, p.warehouse_id)).reserved).toBe(held.n)
    }
    for (const s of placing) {
      const ordered = rowsOf<{ pack_id: number; n: number }>(
        await db().execute(
          sql`select i.pack_id, sum(i.quantity)::int as n from order_items i join orders o on o.id = i.order_id where o.user_id = ${s.userId} group by i.pack_id`,
        ),
      )
      const inCart = (await k.call(s, 'GET', '/cart')).json().items as { pack_id: number; quantity: number }[]
      for (const p of [a, c]) {
        const got = (ordered.find((r) => r.pack_id === p.pack_id)?.n ?? 0) + (inCart.find((x) => x.pack_id === p.pack_id)?.quantity ?? 0)
        const put = (p === a ? 1 : 0) + adds.filter((x) => x.userId === s.userId && x.pack === p.pack_id).length
        expect(got, `pack ${p.pack_id} of shopper ${s.userId}`).toBe(put)
      }
    }
  })
})

// A placement holds the cart row until it commits (here held by hand, as the 'take the cart' step does).
describe.skipIf(!drivers.includes('postgres'))('changes to a cart while an order is being placed from it (postgres)', () => {
  let k: Awaited<ReturnType<typeof startCheckoutApp>>
  beforeAll(async () => {
    k = await startCheckoutApp('postgres')
  })
  afterAll(() => k.t.close())
  const db = () => k.t.app.deps.db
  /** a statement of this database waiting for a lock another transaction holds */
  const waitingForLock = async () =>
    rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
    )[0].n > 0

  /** runs `during` while a transaction holds the shopper's cart as placement does, then empties it as the order would */
  async function whilePlacing<T>(s: SignedIn, during: () => Promise<T>) {
    let locked!: () => void
    let finish!: () => void
    const isLocked = new Promise<void>((r) => (locked = r))
    const finished = new Promise<void>((r) => (finish = r))
    const placing = db().transaction(async (tx) => {
      const cart = (await lockCart(tx, s.websiteId, { userId: s.userId }))!
      locked()
      await finished
      await emptyCart(tx, cart.id, 'OD999999')
    })
    await isLocked
    let settled = false
    const change = during().finally(() => (settled = true))
    // it waits when its statement stands blocked on the cart's lock (had it not needed the lock, it would have settled)
    await until(async () => settled || (await waitingForLock()), 10_000, 'the change to wait for the cart or to end')
    const waited = !settled
    finish()
    await placing
    return { waited, result: await change }
  }

  it('an add waits for the order, then lands in the emptied cart (never taken away by it)', async () => {
    const [pack] = k.sellable()
    const s = await k.shopperWithCart([pack])
    const { waited, result } = await whilePlacing(s, () => k.call(s, 'POST', '/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id }))
    expect(waited).toBe(true)
    expect(result.json()).toMatchObject({ quantity: 1 })
    expect((await k.call(s, 'GET', '/cart')).json()).toMatchObject({ quantity: 1 })
  })

  it("a visitor cart merged at sign-in waits for the order, then joins the emptied cart (no deadlock on the cart's lines)", async () => {
    const [pack, other] = k.sellable()
    const s = await k.shopperWithCart([pack])
    const visitor = await k.t.visitor()
    for (const p of [pack, other]) await k.call(visitor, 'POST', '/cart/add', { pack_id: p.pack_id, warehouse_id: p.warehouse_id })
    const site = await websiteOf(k.t)
    const sid = hashToken(/sid=([^;]+)/.exec(visitor.cookie)![1])
    const { waited } = await whilePlacing(s, () => mergeVisitorCart({ db: db(), site }, sid, s.userId))
    expect(waited).toBe(true)
    expect((await k.call(s, 'GET', '/cart')).json().items.map((i: { pack_id: number; quantity: number }) => [i.pack_id, i.quantity])).toEqual([
      [pack.pack_id, 1],
      [other.pack_id, 1],
    ])
  })
})
