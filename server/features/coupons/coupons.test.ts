import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Cart } from '../../../common/contracts/cart'
import type { Pack, Product } from '../../../common/contracts/catalogue'
import { formatINR, toPaise } from '../../../common/money'
import { couponRedemptions, coupons } from '../../db/schema/cart'
import { buildTestApp, drivers, SHOP2, type TestApp, type TestSession } from '../../test/app'
import { signIn, websiteOf } from '../../test/shopper'
import { MAX_FAILED_ATTEMPTS } from './attempts'

const XSRF_REFUSED = 'Missing or invalid XSRF token: call GET /s/api/cookie and send the XSRF-TOKEN cookie back in the X-XSRF-TOKEN header'

describe.each(drivers)('coupon calls (%s)', (driver) => {
  let t: TestApp
  let packs: Pack[]
  let siteId: number
  let products: Product[]
  const apply = (s: TestSession, code: unknown) => t.call({ method: 'POST', url: '/s/api/apply/coupon', session: s, payload: { code } })
  const add = (s: TestSession, pack: Pack) =>
    t.call({ method: 'POST', url: '/s/api/cart/add', session: s, payload: { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id } })
  const cartOf = async (s: TestSession) => Cart.parse((await t.call({ method: 'GET', url: '/s/api/cart', session: s })).json())
  /** a visitor whose cart holds packs worth at least `rupees` */
  async function cartWorth(rupees: number, from = packs): Promise<TestSession> {
    const v = await t.visitor()
    let total = 0
    for (const pack of from) {
      if (total >= rupees) break
      if ((await add(v, pack)).statusCode === 200) total += pack.price
    }
    return v
  }
  const coupon = async (values: Partial<typeof coupons.$inferInsert> & { code: string }) => {
    const [row] = await t.app.deps.db
      .insert(coupons)
      .values({ websiteId: siteId, kind: 'flat', value: 2000, ...values })
      .returning()
    return row
  }

  beforeAll(async () => {
    t = await buildTestApp(driver)
    siteId = (await websiteOf(t)).id
    products = (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data
    packs = products.flatMap((p) => p.packs.filter((k) => k.in_stock && k.price >= 20)).sort((a, b) => a.price - b.price)
  })
  afterAll(() => t.close())

  it('applies WELCOME10: 10% off, at most ₹100, on carts of ₹199 or more; any case and spacing', async () => {
    const v = await cartWorth(250)
    const before = await cartOf(v)
    const res = await apply(v, '  welcome10 ')
    expect(res.statusCode).toBe(200)
    const cart = Cart.parse(res.json())
    const discount = Math.min(Math.floor(toPaise(before.amount) / 10) / 100, 100)
    expect(cart).toMatchObject({ offercode: 'WELCOME10', discount, message: null })
    expect(cart.total).toBeCloseTo(before.amount - discount + cart.finalDelivery, 2)
    expect(await cartOf(v)).toEqual(cart)
    const big = await cartWorth(1500, [...packs].reverse())
    expect((await apply(big, 'WELCOME10')).json()).toMatchObject({ discount: 100 })
  })

  it('applies FLAT50 on carts of ₹499 or more, replacing the coupon before (one per cart)', async () => {
    const v = await cartWorth(520, [...packs].reverse())
    expect((await apply(v, 'WELCOME10')).json().offercode).toBe('WELCOME10')
    const cart = Cart.parse((await apply(v, 'flat50')).json())
    expect(cart).toMatchObject({ offercode: 'FLAT50', discount: 50, finalDelivery: 0 })
    expect(cart.total).toBeCloseTo(cart.amount - 50, 2)
  })

  it('refuses each kind of coupon that cannot be used, with its own message, and leaves the cart alone', async () => {
    const day = 86_400_000
    await coupon({ code: 'OLD20', endsAt: new Date(Date.now() - day) })
    await coupon({ code: 'SOON20', startsAt: new Date('2099-01-15T10:00:00Z') })
    await coupon({ code: 'GONE20', usageLimit: 5, used: 5 })
    await coupon({ code: 'SNACKS20', categoryIds: [-1] })
    const shop2 = await websiteOf(t, SHOP2)
    await t.app.deps.db.insert(coupons).values({ websiteId: shop2.id, code: 'CHAI30', kind: 'percent', value: 30 })
    const v = await cartWorth(100)
    const before = await cartOf(v)
    const cases: [unknown, number, string][] = [
      ['OLD20', 422, 'OLD20 has expired'],
      ['SOON20', 422, 'SOON20 can be used from Jan 15, 2099'],
      ['GONE20', 422, 'GONE20 has been fully redeemed'],
      ['SNACKS20', 422, 'SNACKS20 does not apply to any item in your cart'],
      ['CHAI30', 422, 'Coupon code CHAI30 is not valid'],
      ['WELCOME10', 422, `Add ${formatINR(19900 - toPaise(before.amount))} more to use WELCOME10 (minimum cart value ₹199)`],
      ['FLAT50', 422, `Add ${formatINR(49900 - toPaise(before.amount))} more to use FLAT50 (minimum cart value ₹499)`],
      ['NOPE', 422, 'Coupon code NOPE is not valid'],
      ['', 422, 'Enter a valid coupon code'],
      ["' or 1=1 --", 422, 'Enter a valid coupon code'],
      [42, 422, 'Enter a valid coupon code'],
    ]
    for (const [code, status, message] of cases) {
      const res = await apply(v, code)
      expect(res.statusCode, String(code)).toBe(status)
      expect(res.json().message, String(code)).toBe(message)
    }
    expect(await cartOf(v)).toEqual(before)
    expect((await apply(await t.visitor(), 'WELCOME10')).json().message).toBe('Add items to your cart before applying a coupon')
    // the shop2 code works there
    const there = await t.visitor(SHOP2)
    const shop2Pack = ((await t.call({ method: 'GET', url: '/s/api/products?perPage=5', origin: SHOP2 })).json().data as Product[])[0].packs[0]
    await t.call({
      method: 'POST',
      url: '/s/api/cart/add',
      origin: SHOP2,
      session: there,
      payload: { pack_id: shop2Pack.pack_id, warehouse_id: shop2Pack.warehouse_id },
    })
    expect((await t.call({ method: 'POST', url: '/s/api/apply/coupon', origin: SHOP2, session: there, payload: { code: 'CHAI30' } })).json().offercode).toBe(
      'CHAI30',
    )
  })

  it('keeps the coupon when the cart drops below its minimum, but gives no discount and says why', async () => {
    const v = await cartWorth(210)
    const applied = Cart.parse((await apply(v, 'WELCOME10')).json())
    expect(applied.discount).toBeGreaterThan(0)
    const last = applied.items.at(-1)!
    const after = Cart.parse((await t.call({ method: 'POST', url: '/s/api/cart/remove', session: v, payload: { pack_id: last.pack_id, remove: true } })).json())
    expect(after.amount).toBeLessThan(199)
    expect(after).toMatchObject({ offercode: 'WELCOME10', discount: 0 })
    expect(after.message).toMatch(/^Add ₹[\d.,]+ more to use WELCOME10 \(minimum cart value ₹199\)$/)
    expect(after.total).toBeCloseTo(after.amount + after.finalDelivery, 2)
  })

  it('scopes a coupon to categories and brands: only their lines are discounted', async () => {
    const product = products.find((p) => p.packs.some((k) => k.in_stock && k.price >= 50))!
    const pack = product.packs.find((k) => k.in_stock && k.price >= 50)!
    const row = (await t.app.deps.db.query.products.findFirst({ where: (p, { eq: is }) => is(p.id, product.product_id) }))!
    await coupon({ code: 'BRAND10', kind: 'percent', value: 10, brandIds: [row.brandId] })
    const v = await t.visitor()
    await add(v, pack)
    const other = packs.find((k) => !product.packs.includes(k))!
    await add(v, other)
    const cart = Cart.parse((await apply(v, 'BRAND10')).json())
    expect(cart.discount).toBe(Math.floor(toPaise(pack.price) / 10) / 100)
  })

  it('removes the coupon with GET /api/remove/coupon, which needs the XSRF header and refuses cross-site', async () => {
    const v = await cartWorth(250)
    await apply(v, 'WELCOME10')
    const noToken = await t.call({ method: 'GET', url: '/s/api/remove/coupon', headers: { cookie: v.cookie } })
    expect(noToken.statusCode).toBe(403)
    expect(noToken.json().message).toBe(XSRF_REFUSED)
    const crossSite = await t.call({ method: 'GET', url: '/s/api/remove/coupon', session: v, headers: { 'sec-fetch-site': 'cross-site' } })
    expect(crossSite.statusCode).toBe(403)
    expect((await cartOf(v)).offercode).toBe('WELCOME10')
    const res = await t.call({ method: 'GET', url: '/s/api/remove/coupon', session: v })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.json()).toMatchObject({ offercode: null, discount: 0, message: null })
  })

  it("checks a signed-in shopper's own use of a coupon limited per customer", async () => {
    const me = await signIn(t)
    for (const pack of packs.slice(-3)) await add(me, pack)
    const welcome = (
      await t.app.deps.db
        .select()
        .from(coupons)
        .where(and(eq(coupons.websiteId, siteId), eq(coupons.code, 'WELCOME10')))
    )[0]
    expect(welcome.perCustomerLimit).toBe(1)
    expect((await apply(me, 'WELCOME10')).statusCode).toBe(200)
    await t.app.deps.db.insert(couponRedemptions).values({ couponId: welcome.id, userId: me.userId })
    const cart = await cartOf(me)
    expect(cart).toMatchObject({ offercode: 'WELCOME10', discount: 0, message: 'You have already used WELCOME10' })
    expect((await apply(me, 'WELCOME10')).json().message).toBe('You have already used WELCOME10')
  })

  it(`slows down guessing: after ${MAX_FAILED_ATTEMPTS} unknown codes a session must wait (429)`, async () => {
    const v = await cartWorth(50)
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) expect((await apply(v, `GUESS${i}`)).statusCode).toBe(422)
    const blocked = await apply(v, 'WELCOME10')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().message).toBe('Too many coupon attempts. Please try again in a few minutes.')
    expect((await apply(await cartWorth(50), 'GUESSX')).statusCode).toBe(422)
  })
})
