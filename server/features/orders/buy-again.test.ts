import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { BuyAgainItem } from '../../../common/contracts/orders'
import { orders } from '../../db/schema/orders'
import { type Driver, drivers } from '../../test/app'
import { newShopper, type SignedIn } from '../../test/shopper'
import { useCheckoutApp } from '../checkout/test-kit'

const DAY = 86_400_000
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)

/** Issue 31: the buy-again shelf ranks a shopper's packs by when each usually runs out for them. */
describe.each(drivers)('buy again (%s)', (driver: Driver) => {
  const { k, db } = useCheckoutApp(driver)
  /** in-stock packs of four different products */
  const fourProducts = () => {
    const picked = new Map<number, { pack_id: number; warehouse_id: number }>()
    for (const p of k().catalogue) {
      const pack = p.packs.find((x) => x.in_stock)
      if (pack && !picked.has(p.product_id)) picked.set(p.product_id, pack)
    }
    return [...picked.values()].slice(0, 4)
  }
  /** an order of these packs (one each), placed `daysAgo` days ago */
  const orderOf = async (s: SignedIn & { addressId: number }, packs: { pack_id: number; warehouse_id: number }[], daysAgo: number) => {
    for (const p of packs) expect((await k().call(s, 'POST', '/cart/add', { pack_id: p.pack_id, warehouse_id: p.warehouse_id })).statusCode).toBe(200)
    const { res, order } = await k().place(s, 'cod')
    expect(res.statusCode).toBe(200)
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(days => ${daysAgo})` })
      .where(eq(orders.id, order.order_id))
    return order.order_id
  }
  const shelf = async (s: SignedIn) => {
    const res = await k().call(s, 'GET', '/account/buy-again')
    expect(res.statusCode).toBe(200)
    return res.json().items as BuyAgainItem[]
  }

  it('ranks packs bought more than once by when they usually run out, then packs bought once; cancelled orders do not count', async () => {
    const [a, b, c, d] = fourProducts()
    const s = await k().shopperWithCart([], 1)
    // a: every 7 days, last 6 days ago (due tomorrow); b: 20 days apart, last 10 days ago (due in 10 days); c: once
    await orderOf(s, [b], 30)
    await orderOf(s, [a], 20)
    await orderOf(s, [a], 13)
    await orderOf(s, [a, b], 10)
    await orderOf(s, [a, c], 6)
    // a second order of a on the same day is the same purchase
    await orderOf(s, [a], 6)
    const cancelled = await orderOf(s, [d], 2)
    expect((await k().call(s, 'POST', `/orders/${cancelled}/cancel`, {})).statusCode).toBe(200)

    const items = await shelf(s)
    expect(items.map((i) => i.pack_id)).toEqual([a.pack_id, b.pack_id, c.pack_id])
    const [first, second, third] = items
    // gaps of a: 7, 3, 4 days (20 → 13 → 10 → 6): median 4
    expect(first).toMatchObject({ purchases: 4, median_days: 4 })
    expect(first.due_on).toBe(plusDays(first.last_bought, 4))
    expect(second).toMatchObject({ purchases: 2, median_days: 20 })
    expect(second.due_on).toBe(plusDays(second.last_bought, 20))
    expect(third).toMatchObject({ purchases: 1, median_days: null, due_on: null })
    // one tap adds the pack bought: it is the product's first pack
    for (const item of items) expect(item.product.packs[0].pack_id).toBe(item.pack_id)
    const add = await k().call(s, 'POST', '/cart/add', { pack_id: first.pack_id, warehouse_id: first.product.packs[0].warehouse_id })
    expect(add.statusCode).toBe(200)
    expect(add.json().items).toMatchObject([{ pack_id: a.pack_id, quantity: 1 }])
  })

  it("is the shopper's own: another shopper's shelf is empty and a visitor gets 401", async () => {
    const [a] = fourProducts()
    const s = await k().shopperWithCart([], 1)
    await orderOf(s, [a], 9)
    await orderOf(s, [a], 1)
    expect((await shelf(s)).map((i) => i.pack_id)).toEqual([a.pack_id])
    expect(await shelf(await newShopper(k().t))).toEqual([])
    expect((await k().call(undefined, 'GET', '/account/buy-again')).statusCode).toBe(401)
  })
})
