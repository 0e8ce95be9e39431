import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../common/contracts/catalogue'
import { couponRedemptions, coupons } from '../../db/schema/cart'
import { deliverySlots } from '../../db/schema/delivery'
import { orders } from '../../db/schema/orders'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn } from '../../test/shopper'
import { shopping, startCheckoutApp } from './test-kit'

type Pack = Product['packs'][number]

/** Issue 9, findings 3 and 4: a cart is ordered once, and a retry hears exactly what the first attempt heard. */
describe.each(drivers)('one cart, one order; retries answer the first answer (%s)', (driver: Driver) => {
  let k: Awaited<ReturnType<typeof startCheckoutApp>>
  let pack: Pack
  beforeAll(async () => {
    k = await startCheckoutApp(driver)
    pack = k.sellable().at(-1)!
    await k.setStock(pack.pack_id, pack.warehouse_id, 10_000)
  })
  afterAll(() => k.t.close())
  const db = () => k.t.app.deps.db
  /** enough units for a cart worth at least `rupees` */
  const unitsFor = (rupees: number) => Math.ceil(rupees / pack.price)
  const concurrently = (n: number, f: (i: number) => ReturnType<typeof k.call>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)))
  const ordersOf = async (userId: number) => (await db().select().from(orders).where(eq(orders.userId, userId))).sort((a, b) => a.id - b.id)
  const bookedOf = async (slotId: number) => (await db().select().from(deliverySlots).where(eq(deliverySlots.id, slotId)))[0].booked
  const couponOf = async (websiteId: number, code: string) =>
    (
      await db()
        .select()
        .from(coupons)
        .where(and(eq(coupons.websiteId, websiteId), eq(coupons.code, code)))
    )[0]
  const redemptionsOf = async (couponId: number, userId: number) =>
    (
      await db()
        .select({ n: count() })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)))
    )[0].n

  it('ten placements at once from one cart with different keys make one order: stock, slot and coupon taken once; the others hear which order took the cart', async () => {
    const units = unitsFor(520)
    const s = await k.shopperWithCart([pack], units)
    expect((await k.call(s, 'POST', '/apply/coupon', { code: 'FLAT50' })).statusCode).toBe(200)
    const slots = await k.firstSlots(s, s.addressId)
    const [stockBefore, bookedBefore, couponBefore] = [
      await k.stockOf(pack.pack_id, pack.warehouse_id),
      await bookedOf(slots[0].slot_id),
      await couponOf(s.websiteId, 'FLAT50'),
    ]

    const results = await concurrently(10, (i) =>
      k.call(s, 'POST', '/checkout/place', { address_id: s.addressId, slots, payment_method: 'cod', idempotency_key: `tab-${i}-of-ten` }),
    )

    const placed = results.filter((r) => r.statusCode === 200)
    expect(placed).toHaveLength(1)
    const number = placed[0].json().order_number
    for (const r of results.filter((x) => x !== placed[0])) expect([r.statusCode, r.json().message]).toEqual([409, `This cart was just ordered as ${number}`])
    const [order, ...more] = await ordersOf(s.userId)
    expect(more).toEqual([])
    expect(order).toMatchObject({ orderNumber: number, couponCode: 'FLAT50', discountPaise: 5000 })
    expect((await k.stockOf(pack.pack_id, pack.warehouse_id)).reserved - stockBefore.reserved).toBe(units)
    expect((await bookedOf(slots[0].slot_id)) - bookedBefore).toBe(1)
    expect((await couponOf(s.websiteId, 'FLAT50')).used - couponBefore.used).toBe(1)
    expect(await redemptionsOf(couponBefore.id, s.userId)).toBe(1)
    expect((await k.call(s, 'GET', '/cart')).json()).toMatchObject({ items: [], offercode: null })
  })

  it('ten identical retries at once (same key and body, WELCOME10 applied) all answer what the first answered; one order, one redemption', async () => {
    const s = await k.shopperWithCart([pack], unitsFor(210))
    expect((await k.call(s, 'POST', '/apply/coupon', { code: 'WELCOME10' })).statusCode).toBe(200)
    const slots = await k.firstSlots(s, s.addressId)
    const expected_total = Math.round((await k.call(s, 'GET', '/cart')).json().total * 100)
    const body = { address_id: s.addressId, slots, payment_method: 'razorpay', expected_total, idempotency_key: 'retry-welcome10' }

    const results = await concurrently(10, () => k.call(s, 'POST', '/checkout/place', body))

    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200))
    expect(new Set(results.map((r) => r.body)).size).toBe(1)
    const [order, ...more] = await ordersOf(s.userId)
    expect(more).toEqual([])
    expect(results[0].json()).toEqual({
      order_id: order.id,
      order_number: order.orderNumber,
      payment_method: 'razorpay',
      total: expected_total,
      next: `/checkout/razorpay/${order.id}`,
    })
    expect(order.couponCode).toBe('WELCOME10')
    expect(await redemptionsOf((await couponOf(s.websiteId, 'WELCOME10')).id, s.userId)).toBe(1)
    const later = await k.call(s, 'POST', '/checkout/place', body)
    expect([later.statusCode, later.body]).toEqual([200, results[0].body])
  })

  it('the same key with a different body is refused with 422 on idempotency_key; the first body still answers its order', async () => {
    const s = await k.shopperWithCart([pack])
    const slots = await k.firstSlots(s, s.addressId)
    const body = { address_id: s.addressId, slots, payment_method: 'cod', idempotency_key: 'changed-body-1' }
    const first = await k.call(s, 'POST', '/checkout/place', body)
    expect(first.statusCode).toBe(200)
    for (const other of [{ payment_method: 'razorpay' }, { notes: 'Leave at the door' }, { expected_total: 1 }]) {
      const res = await k.call(s, 'POST', '/checkout/place', { ...body, ...other })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({ code: 'invalid', errors: { idempotency_key: 'This key was already used for a different order' } })
    }
    const again = await k.call(s, 'POST', '/checkout/place', body)
    expect([again.statusCode, again.body]).toEqual([200, first.body])
    expect(await ordersOf(s.userId)).toHaveLength(1)
  })

  it("the same key on another website places that website's own order, never answers with the first website's", async () => {
    const s = await k.shopperWithCart([pack])
    const main = await k.place(s, 'cod', { idempotency_key: 'one-key-two-shops' })
    expect(main.res.statusCode).toBe(200)
    const shop2Catalogue: Product[] = (await k.call(undefined, 'GET', '/products?perPage=100', undefined, SHOP2)).json().data
    const shop2Pack = shop2Catalogue.flatMap((p) => p.packs.filter((x) => x.in_stock))[0]
    const kit2 = shopping(k.t, shop2Catalogue)
    const filled = await kit2.shopperWithCart([shop2Pack], 1, SHOP2, await signIn(k.t, s.phone, SHOP2))
    const shop2 = await kit2.place(filled, 'cod', { idempotency_key: 'one-key-two-shops' }, SHOP2)
    expect(shop2.res.statusCode).toBe(200)
    expect(shop2.order.order_id).not.toBe(main.order.order_id)
    expect((await k.call(filled, 'GET', `/orders/${shop2.order.order_id}`, undefined, SHOP2)).statusCode).toBe(200)
    const mine = await ordersOf(s.userId)
    expect(mine.map((o) => [o.websiteId, o.idempotencyKey])).toEqual([
      [s.websiteId, 'one-key-two-shops'],
      [filled.websiteId, 'one-key-two-shops'],
    ])
    expect(filled.websiteId).not.toBe(s.websiteId)
  })

  it('an order empties the cart but keeps it: the next add lands in it, and an empty cart is refused with a clear message', async () => {
    const s = await k.shopperWithCart([pack], 2)
    const { order } = await k.place(s, 'cod')
    const again = await k.place(s, 'cod')
    expect([again.res.statusCode, again.res.json().message]).toEqual([409, `This cart was just ordered as ${order.order_number}`])
    expect((await k.call(s, 'POST', '/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id })).json().quantity).toBe(1)
    expect((await k.call(s, 'POST', '/cart/remove', { pack_id: pack.pack_id, remove: true })).json().items).toEqual([])
    const empty = await k.place(s, 'cod')
    expect([empty.res.statusCode, empty.res.json().message]).toEqual([409, 'Your cart is empty'])
  })
})
