import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coupons } from '../../db/schema/cart'
import { orders, outbox } from '../../db/schema/orders'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn } from '../../test/shopper'
import { drainOutbox } from '../orders/outbox'
import { releaseExpired } from '../orders/service'
import { startCheckoutApp } from './test-kit'

describe.each(drivers)('checkout and orders (%s)', (driver: Driver) => {
  let k: Awaited<ReturnType<typeof startCheckoutApp>>
  beforeAll(async () => {
    k = await startCheckoutApp(driver)
  })
  afterAll(() => k.t.close())
  const db = () => k.t.app.deps.db

  it('places a cash-on-delivery order: confirmed at once, stock and slot taken, cart cleared, one outbox message', async () => {
    const [pack] = k.sellable()
    const before = await k.stockOf(pack.pack_id, pack.warehouse_id)
    const s = await k.shopperWithCart([pack], 2)
    const { res, order } = await k.place(s, 'cod', { notes: 'Ring the bell' })
    expect(res.statusCode).toBe(200)
    expect(order).toMatchObject({ payment_method: 'cod', next: `/order/success/${order.order_number}` })
    expect(order.order_number).toMatch(/^OD\d{6}$/)
    const after = await k.stockOf(pack.pack_id, pack.warehouse_id)
    expect(after.reserved - before.reserved).toBe(2)
    expect((await k.call(s, 'GET', '/cart')).json().items).toEqual([])
    const detail = (await k.call(s, 'GET', `/orders/${order.order_id}`)).json()
    expect(detail).toMatchObject({ status: 'confirmed', payment_status: 'cod', notes: 'Ring the bell', can_cancel: true, address: { pincode: '560001' } })
    expect(detail.lines[0]).toMatchObject({ pack_id: pack.pack_id, quantity: 2 })
    expect(detail.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'confirmed'])
    expect(detail.deliveries).toHaveLength(1)
    expect((await db().select().from(outbox).where(eq(outbox.kind, 'order_placed'))).some((m) => m.payload.orderId === order.order_id)).toBe(true)
    const list = (await k.call(s, 'GET', '/orders')).json()
    expect(list).toMatchObject({ total: 1, page: 1, orders: [{ id: order.order_id, items: 2 }] })
  })

  it("the orders list counts each order's own items (3 packs of 2 units: 6), and staff see its slot", async () => {
    const packs = k.sellable().slice(0, 3)
    const s = await k.shopperWithCart(packs, 2)
    const { order } = await k.place(s, 'cod')
    const first = await k.place(await k.shopperWithCart([packs[0]]), 'cod')
    const mine = (await k.call(s, 'GET', '/orders')).json().orders
    expect(mine).toMatchObject([{ id: order.order_id, items: 6 }])
    const slot = (await k.call(s, 'GET', `/orders/${order.order_id}`)).json().deliveries[0]
    const admin = await signIn(k.t, '9876500001')
    const listed = (await k.call(admin, 'GET', '/admin/orders?perPage=100')).json().data
    const row = listed.find((o: { id: number }) => o.id === order.order_id)
    expect(row.slot).toContain(slot.date)
    expect(listed.find((o: { id: number }) => o.id === first.order.order_id).slot).toBeTruthy()
  })

  it('a double click or retry with the same idempotency key makes one order', async () => {
    const [, pack] = k.sellable()
    const s = await k.shopperWithCart([pack])
    const slots = await k.firstSlots(s, s.addressId)
    const body = { address_id: s.addressId, slots, payment_method: 'cod', idempotency_key: 'same-key-123' }
    const [a, b] = await Promise.all([k.call(s, 'POST', '/checkout/place', body), k.call(s, 'POST', '/checkout/place', body)])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(a.json().order_id).toBe(b.json().order_id)
    const again = await k.call(s, 'POST', '/checkout/place', body)
    expect(again.json().order_id).toBe(a.json().order_id)
    expect((await k.call(s, 'GET', '/orders')).json().total).toBe(1)
  })

  it("refuses another user's and another website's order ids with 404, and visitors with 401", async () => {
    const [pack] = k.sellable()
    const s = await k.shopperWithCart([pack])
    const { order } = await k.place(s, 'cod')
    const other = await k.shopperWithCart([])
    for (const url of [`/orders/${order.order_id}`, `/orders/number/${order.order_number}`]) expect((await k.call(other, 'GET', url)).statusCode).toBe(404)
    expect((await k.call(other, 'POST', `/orders/${order.order_id}/cancel`, {})).statusCode).toBe(404)
    expect((await k.call(other, 'POST', `/orders/${order.order_id}/reorder`, {})).statusCode).toBe(404)
    expect((await k.call(other, 'GET', `/checkout/pay/${order.order_id}`)).statusCode).toBe(404)
    expect((await k.call(other, 'POST', `/checkout/confirm/${order.order_id}`, {})).statusCode).toBe(404)
    const elsewhere = await k.shopperWithCart([], 1, SHOP2)
    expect((await k.call(elsewhere, 'GET', `/orders/${order.order_id}`, undefined, SHOP2)).statusCode).toBe(404)
    expect((await k.call(undefined, 'GET', '/orders')).statusCode).toBe(401)
    expect((await k.call(await k.t.visitor(), 'POST', '/checkout/place', {})).statusCode).toBe(401)
  })

  it('refuses what changed: sold out meanwhile, a full slot, a different total, a used-up coupon', async () => {
    const [pack] = k.sellable()
    const s = await k.shopperWithCart([pack], 2)
    const slots = await k.firstSlots(s, s.addressId)
    const total = Math.round((await k.call(s, 'GET', '/cart')).json().total * 100)
    const changed = await k.place(s, 'cod', { expected_total: total + 100 })
    expect(changed.res.statusCode).toBe(409)
    expect(changed.res.json().message).toMatch(/total changed/)
    const full = await k.call(s, 'POST', '/checkout/place', {
      address_id: s.addressId,
      slots: slots.map((x) => ({ ...x, slot_id: 999999 })),
      payment_method: 'cod',
      idempotency_key: 'full-slot-1',
    })
    expect(full.statusCode).toBe(409)
    expect(full.json().message).toMatch(/slot/)
    const current = await k.stockOf(pack.pack_id, pack.warehouse_id)
    await db().execute(`update stock set reserved = quantity - 1 where pack_id = ${pack.pack_id} and warehouse_id = ${pack.warehouse_id}`)
    const sold = await k.place(s, 'cod')
    expect(sold.res.statusCode).toBe(409)
    expect(sold.res.json().message).toMatch(/Only 1 left|sold out/)
    await db().execute(`update stock set reserved = ${current.reserved} where pack_id = ${pack.pack_id} and warehouse_id = ${pack.warehouse_id}`)
    expect((await k.stockOf(pack.pack_id, pack.warehouse_id)).reserved).toBe(current.reserved)
  })

  it('a coupon used up by someone else meanwhile is refused with its message; the use is counted once per order', async () => {
    const [pack] = k.sellable()
    const site = await k.call(undefined, 'GET', '/init')
    const websiteId = site.json().web.id
    const [c] = await db()
      .insert(coupons)
      .values({ websiteId, code: `ONCE${driver}`, kind: 'flat', value: 1000, usageLimit: 1 })
      .returning()
    const a = await k.shopperWithCart([pack], 3)
    const b = await k.shopperWithCart([pack], 3)
    for (const s of [a, b]) expect((await k.call(s, 'POST', '/apply/coupon', { code: c.code })).statusCode).toBe(200)
    expect((await k.place(a, 'cod')).res.statusCode).toBe(200)
    const late = await k.place(b, 'cod')
    expect(late.res.statusCode).toBe(409)
    expect((await db().select().from(coupons).where(eq(coupons.id, c.id)))[0].used).toBe(1)
  })

  it('cancels before packing (stock back), not after; reorder puts the items back in the cart', async () => {
    const [pack] = k.sellable()
    const s = await k.shopperWithCart([pack], 2)
    const before = await k.stockOf(pack.pack_id, pack.warehouse_id)
    const { order } = await k.place(s, 'cod')
    const cancelled = await k.call(s, 'POST', `/orders/${order.order_id}/cancel`, {})
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', can_cancel: false })
    expect((await k.stockOf(pack.pack_id, pack.warehouse_id)).reserved).toBe(before.reserved)
    expect((await k.call(s, 'POST', `/orders/${order.order_id}/cancel`, {})).statusCode).toBe(409)
    const re = await k.call(s, 'POST', `/orders/${order.order_id}/reorder`, {})
    expect(re.json()).toEqual({ added: 2, skipped: [] })
    expect((await k.call(s, 'GET', '/cart')).json().quantity).toBe(2)
    await db()
      .update(orders)
      .set({ status: 'packed' })
      .where(eq(orders.id, (await k.place(s, 'cod')).order.order_id))
  })

  it('the outbox delivers each confirmation once, even with two workers at once', async () => {
    const sent: string[] = []
    const handlers = { order_placed: async (p: Record<string, unknown>) => void sent.push(String(p.orderId)), refund: async () => {} }
    const log = { error: () => {} }
    await Promise.all([drainOutbox(db(), handlers, log, 500), drainOutbox(db(), handlers, log, 500)])
    expect(sent.length).toBeGreaterThan(0)
    expect(new Set(sent).size).toBe(sent.length)
    expect(await drainOutbox(db(), handlers, log)).toBe(0)
  })

  it('an unpaid online order releases its stock after the hold; a second sweep changes nothing', async () => {
    const [pack] = k.sellable()
    const s = await k.shopperWithCart([pack], 1)
    const before = await k.stockOf(pack.pack_id, pack.warehouse_id)
    const { order } = await k.place(s, 'razorpay')
    expect(order.next).toBe(`/checkout/razorpay/${order.order_id}`)
    expect((await k.stockOf(pack.pack_id, pack.warehouse_id)).reserved).toBe(before.reserved + 1)
    const later = new Date(Date.now() + 3600_000)
    expect(await releaseExpired(db(), later)).toBeGreaterThanOrEqual(1)
    expect(await releaseExpired(db(), later)).toBe(0)
    expect((await k.stockOf(pack.pack_id, pack.warehouse_id)).reserved).toBe(before.reserved)
    expect((await k.call(s, 'GET', `/orders/${order.order_id}`)).json()).toMatchObject({ status: 'expired', can_pay: false })
    expect((await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)).statusCode).toBe(409)
  })
})
