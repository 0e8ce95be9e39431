import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { TaxDocumentContent } from '../../../common/contracts/invoices'
import { rowsOf } from '../../db/client'
import { couponRedemptions, coupons } from '../../db/schema/cart'
import { packs } from '../../db/schema/catalogue'
import { orders } from '../../db/schema/orders'
import { type Driver, drivers } from '../../test/app'
import { useCheckoutApp } from '../checkout/test-kit'

/** Issue 18: the offers a shopper can use with their saving, the coupon that stops applying and why, COD round-off. */
describe.each(drivers)('offers, coupon messages and cash round-off (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  type Offer = { code: string; saves: number; applies: boolean; message: string | null; applied: boolean }

  it('lists the visible offers with what each saves on this cart, largest first; a cart below a minimum says what is missing', async () => {
    const k = h.k()
    const cheap = k.sellable()[0]
    const s = await k.shopperWithCart([cheap])
    const small: Offer[] = (await k.call(s, 'GET', '/cart/offers')).json().offers
    expect(small.map((o) => o.code).sort()).toEqual(['FLAT50', 'WELCOME10'])
    expect(small.every((o) => !o.applies && o.saves === 0 && /^Add ₹[\d,.]+ more to use /.test(o.message ?? ''))).toBe(true)

    const big = k.sellable().find((p) => p.price >= 500)!
    await k.call(s, 'POST', '/cart/add', { pack_id: big.pack_id, warehouse_id: big.warehouse_id })
    const cart = (await k.call(s, 'GET', '/cart')).json()
    const offers: Offer[] = (await k.call(s, 'GET', '/cart/offers')).json().offers
    const welcome = Math.min(100, Math.floor(cart.amount * 10) / 100)
    expect(offers).toEqual([
      expect.objectContaining(welcome >= 50 ? { code: 'WELCOME10', saves: welcome } : { code: 'FLAT50', saves: 50 }),
      expect.objectContaining(welcome >= 50 ? { code: 'FLAT50', saves: 50 } : { code: 'WELCOME10', saves: welcome }),
    ])
    expect(offers.every((o) => o.applies && o.message === null && !o.applied)).toBe(true)
    // applying an offer prices the cart exactly as the list said
    const applied = (await k.call(s, 'POST', '/apply/coupon', { code: 'FLAT50' })).json()
    expect(applied.discount).toBe(50)
    expect((await k.call(s, 'GET', '/cart/offers')).json().offers.find((o: Offer) => o.code === 'FLAT50').applied).toBe(true)

    // a hidden or paused coupon is not offered; a visitor sees the list with an empty-cart note
    await h.db().update(coupons).set({ visible: false }).where(eq(coupons.code, 'FLAT50'))
    try {
      expect((await k.call(s, 'GET', '/cart/offers')).json().offers.map((o: Offer) => o.code)).toEqual(['WELCOME10'])
    } finally {
      await h.db().update(coupons).set({ visible: true }).where(eq(coupons.code, 'FLAT50'))
    }
    const visitor = await k.t.visitor()
    const seen: Offer[] = (await k.call(visitor, 'GET', '/cart/offers')).json().offers
    expect(seen.map((o) => o.message)).toEqual(['Add items to your cart before applying a coupon', 'Add items to your cart before applying a coupon'])
  })

  it('a coupon the shopper has since used stays on the cart with the reason, is left out of the offers and the popup, and blocks the order until removed', async () => {
    const k = h.k()
    const big = k.sellable().find((p) => p.price >= 250)!
    const s = await k.shopperWithCart([big])
    expect((await k.call(s, 'POST', '/apply/coupon', { code: 'WELCOME10' })).json().discount).toBeGreaterThan(0)
    const [c] = await h
      .db()
      .select()
      .from(coupons)
      .where(and(eq(coupons.code, 'WELCOME10'), eq(coupons.websiteId, s.websiteId)))
    const popup = async () => (await k.t.call({ method: 'GET', url: '/s/api/init', session: s })).json().popup
    expect(await popup()).toMatchObject({ coupon: 'WELCOME10' })
    await h.db().insert(couponRedemptions).values({ couponId: c.id, userId: s.userId })
    // the demo popup promotes WELCOME10: a shopper who has used it is not offered it again
    expect(await popup()).toBeNull()
    const cart = (await k.call(s, 'GET', '/cart')).json()
    expect(cart).toMatchObject({ offercode: 'WELCOME10', discount: 0, coupon_message: 'You have already used WELCOME10' })
    expect((await k.call(s, 'GET', '/cart/offers')).json().offers.map((o: Offer) => o.code)).toEqual(['FLAT50'])
    const refused = await k.place(s, 'cod')
    expect(refused.res.statusCode).toBe(409)
    expect(refused.res.json().message).toBe('You have already used WELCOME10')
    const removed = (await k.call(s, 'GET', '/remove/coupon')).json()
    expect(removed).toMatchObject({ offercode: null, coupon_message: null })
  })

  it('cash on delivery is rounded to the rupee: the cart shows it, the order keeps it and the invoice has it as Round-off', async () => {
    const k = h.k()
    const pack = k.sellable()[0]
    const [row] = await h.db().select().from(packs).where(eq(packs.id, pack.pack_id))
    await h
      .db()
      .update(packs)
      .set({ pricePaise: 12345, mrpPaise: Math.max(row.mrpPaise, 12345) })
      .where(eq(packs.id, pack.pack_id))
    try {
      const s = await k.shopperWithCart([pack])
      const cart = (await k.call(s, 'GET', `/cart?address_id=${s.addressId}`)).json()
      const exact = Math.round(cart.total * 100)
      expect(exact % 100).toBe(45)
      expect(cart.cod_total).toBe(Math.floor(cart.total))
      expect(cart.cod_round_off).toBe(-0.45)
      const { res, order } = await k.place(s, 'cod', { expected_total: Math.round(cart.cod_total * 100) })
      expect(res.statusCode).toBe(200)
      const [o] = await h.db().select().from(orders).where(eq(orders.id, order.order_id))
      expect(o.totalPaise).toBe(exact - 45)
      expect(o.itemsPaise - o.discountPaise + o.deliveryPaise).toBe(exact)
      const [inv] = rowsOf<{ content: TaxDocumentContent }>(
        await h.db().execute(sql`select content from tax_documents where order_id = ${order.order_id} and kind = 'invoice'`),
      )
      expect(inv.content.totals).toMatchObject({ roundOffPaise: -45, totalPaise: exact - 45 })
      const detail = (await k.call(s, 'GET', `/orders/${order.order_id}`)).json()
      expect(detail.charges.total).toBe(exact - 45)

      // paid online, the exact total is kept; half a rupee rounds up for cash
      const online = await k.shopperWithCart([pack])
      const paid = await k.place(online, 'razorpay', { expected_total: exact })
      expect(paid.res.statusCode).toBe(200)
      expect((await h.db().select().from(orders).where(eq(orders.id, paid.order.order_id)))[0].totalPaise).toBe(exact)
    } finally {
      await h.db().update(packs).set({ pricePaise: row.pricePaise, mrpPaise: row.mrpPaise }).where(eq(packs.id, pack.pack_id))
    }
  })
})
