import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AdminCoupon, type CreateCouponInput } from '../../../common/contracts/admin-coupons'
import { Cart } from '../../../common/contracts/cart'
import { formatINR, toPaise } from '../../../common/money'
import type { Product } from '../../../common/contracts/catalogue'
import { rowsOf } from '../../db/client'
import { coupons } from '../../db/schema/cart'
import { orders } from '../../db/schema/orders'
import { drivers, MAIN, SHOP2 } from '../../test/app'
import { signIn, type SignedIn, websiteOf } from '../../test/shopper'
import { auditFor, auditOf, staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'
import { redeemCoupon } from './service'

const URL = '/s/api/admin/coupons'
let n = 0
const code = (prefix = 'STAFF') => `${prefix}${Date.now().toString(36).toUpperCase()}${++n}`

describe.each(drivers)('staff coupons (%s)', (driver) => {
  const { k, db } = useCheckoutApp(driver)
  let admin: SignedIn
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who?: SignedIn) =>
    staffCall(k().t, who ?? admin, method, url, payload)
  const create = async (over: Partial<CreateCouponInput> = {}) => {
    const res = await call('POST', URL, { code: code(), kind: 'percent', value: 10, ...over })
    expect(res.statusCode, res.body).toBe(201)
    return AdminCoupon.parse(res.json())
  }
  const cartOf = async (s: SignedIn) => Cart.parse((await k().call(s, 'GET', '/cart')).json())
  const apply = (s: SignedIn, c: string) => k().call(s, 'POST', '/apply/coupon', { code: c })
  /** a signed-in shopper with an address and one unit of each pack in the cart, the coupon applied */
  async function cartWith(couponCode: string, packs = [k().sellable().at(-1)!]) {
    const s = await k().shopperWithCart(packs)
    const res = await apply(s, couponCode)
    expect(res.statusCode, res.body).toBe(200)
    return s
  }
  const ensureAdmin = async () => {
    admin ??= await signIn(k().t, '9876500001')
  }

  it('creates, reads and lists coupons: rupees at the edge, India days, audited; codes unique per website whatever the case', async () => {
    await ensureAdmin()
    const c = code('SAVE')
    const res = await call('POST', URL, {
      code: c.toLowerCase(),
      kind: 'percent',
      value: 15,
      max_discount: 120.5,
      min_cart: 299,
      usage_limit: 100,
      per_customer_limit: 2,
      starts_on: '2020-01-01',
      ends_on: '2099-12-31',
      first_order_only: true,
      categories: ['rice'],
      visible: false,
      description: 'Rice week',
    })
    expect(res.statusCode, res.body).toBe(201)
    const made = AdminCoupon.parse(res.json())
    expect(made).toMatchObject({
      code: c,
      value: 15,
      max_discount: 120.5,
      min_cart: 299,
      starts_on: '2020-01-01',
      ends_on: '2099-12-31',
      first_order_only: true,
      categories: ['rice'],
      brands: [],
      visible: false,
      status: 'active',
      state: 'active',
      used: 0,
      version: 1,
    })
    const [row] = await db().select().from(coupons).where(eq(coupons.id, made.id))
    // India midnight, and the first instant after the last day
    expect(row.startsAt?.toISOString()).toBe('2019-12-31T18:30:00.000Z')
    expect(row.endsAt?.toISOString()).toBe('2099-12-31T18:30:00.000Z')
    expect(row).toMatchObject({ maxDiscountPaise: 12050, minCartPaise: 29900, firstOrderOnly: 1 })
    expect(await auditOf(k().t, res)).toMatchObject([{ action: 'coupon.create', entity: 'coupon', entityId: String(made.id), before: null }])

    expect((await call('GET', `${URL}/${made.id}`)).json()).toEqual(made)
    const again = await call('POST', URL, { code: c.toLowerCase(), kind: 'flat', value: 10 })
    expect(again.statusCode).toBe(422)
    expect(again.json().errors.code).toBe(`Another coupon already uses the code ${c}`)
    // another website may use the same code
    const shop2Admin = await signIn(k().t, '9876500001', SHOP2)
    expect((await staffCall(k().t, shop2Admin, 'POST', URL, { code: c, kind: 'flat', value: 10 }, SHOP2)).statusCode).toBe(201)
    expect((await staffCall(k().t, shop2Admin, 'GET', `${URL}/${made.id}`, undefined, SHOP2)).statusCode).toBe(404)
  })

  it('answers 422 per field for what a coupon cannot be', async () => {
    await ensureAdmin()
    const errorsOf = async (body: object) => {
      const res = await call('POST', URL, { code: code(), kind: 'percent', value: 10, ...body })
      expect(res.statusCode, res.body).toBe(422)
      return res.json().errors as Record<string, string>
    }
    expect((await errorsOf({ value: 101 })).value).toBe('A percent coupon takes a whole percent from 1 to 100')
    expect((await errorsOf({ value: -5 })).value).toBe('Value must be more than 0')
    expect((await errorsOf({ min_cart: -1 })).min_cart).toBe('Minimum cart cannot be negative')
    expect((await errorsOf({ starts_on: '2026-12-10', ends_on: '2026-12-01' })).ends_on).toBe('The end date cannot be before the start date')
    expect((await errorsOf({ starts_on: '2026-02-30' })).starts_on).toBe('Start date must be a real date from 1900 to 2099, written like 2026-01-31')
    expect((await errorsOf({ kind: 'flat', value: 50, max_discount: 40 })).max_discount).toBe('A flat coupon gives its value: leave the maximum discount empty')
    expect((await errorsOf({ categories: ['rice', 'no-such-aisle'] })).categories).toBe('There is no category “no-such-aisle” on this website')
    expect((await errorsOf({ brands: ['no-such-brand'] })).brands).toBe('There is no brand “no-such-brand” on this website')
    expect((await errorsOf({ usage_limit: 5, per_customer_limit: 6 })).per_customer_limit).toBe('Uses per shopper cannot be more than total uses')
    expect((await errorsOf({ code: 'a b' })).code).toBeDefined()
    // an edit is checked against what it leaves unchanged
    const flat = await create({ kind: 'flat', value: 30 })
    const res = await call('PATCH', `${URL}/${flat.id}`, { version: flat.version, max_discount: 10 })
    expect(res.json().errors).toEqual({ max_discount: 'A flat coupon gives its value: leave the maximum discount empty' })
  })

  it('lists with search, state filters and pages; deleted coupons are not listed', async () => {
    await ensureAdmin()
    const tag = `LST${Date.now().toString(36).toUpperCase()}`
    const active = await create({ code: `${tag}A` })
    const paused = await create({ code: `${tag}P` })
    await call('POST', `${URL}/status`, { ids: [paused.id], status: 'paused' })
    const scheduled = await create({ code: `${tag}S`, starts_on: '2098-01-01' })
    const expired = await create({ code: `${tag}E`, starts_on: '2020-01-01', ends_on: '2020-01-31' })
    const gone = await create({ code: `${tag}D` })
    expect((await call('DELETE', `${URL}/${gone.id}`)).json()).toEqual({ id: gone.id, outcome: 'deleted' })
    const list = async (query: string) => (await call('GET', `${URL}?q=${tag.toLowerCase()}&${query}`)).json()
    const all = await list('sort=code')
    expect(all.meta.total).toBe(4)
    expect(all.data.map((c: AdminCoupon) => [c.code, c.state])).toEqual([
      [`${tag}A`, 'active'],
      [`${tag}E`, 'expired'],
      [`${tag}P`, 'paused'],
      [`${tag}S`, 'scheduled'],
    ])
    for (const [state, c] of [
      ['active', active],
      ['paused', paused],
      ['scheduled', scheduled],
      ['expired', expired],
    ] as const) {
      expect((await list(`state=${state}`)).data.map((x: AdminCoupon) => x.id)).toEqual([c.id])
    }
    const page2 = await list('sort=code&perPage=5&page=1')
    expect(page2.meta).toEqual({ total: 4, page: 1, perPage: 5 })
    expect((await call('GET', `${URL}?state=gone`)).statusCode).toBe(422)
    expect((await call('GET', `${URL}?q=welcome10`)).json().data.map((c: AdminCoupon) => c.code)).toEqual(['WELCOME10'])
  })

  it('edits with the version read: a stale save gets 409 with what changed, nothing written', async () => {
    await ensureAdmin()
    const c = await create({ value: 10 })
    const first = await call('PATCH', `${URL}/${c.id}`, { version: c.version, value: 20, description: 'Twenty' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ value: 20, version: 2 })
    expect(await auditOf(k().t, first)).toMatchObject([{ action: 'coupon.update', before: { value: 10 }, after: { value: 20 } }])
    const stale = await call('PATCH', `${URL}/${c.id}`, { version: c.version, min_cart: 500 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'stale', current: { value: 20, version: 2 } })
    expect(stale.json().changed.sort()).toEqual(['description', 'value'])
    expect((await call('GET', `${URL}/${c.id}`)).json()).toMatchObject({ min_cart: 0, version: 2 })
  })

  it('pause and resume in bulk move each coupon to its next version, one audit row each; other websites’ ids are 404', async () => {
    await ensureAdmin()
    const [a, b] = [await create(), await create()]
    const res = await call('POST', `${URL}/status`, { ids: [a.id, b.id], status: 'paused' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.map((c: AdminCoupon) => [c.status, c.version])).toEqual([
      ['paused', 2],
      ['paused', 2],
    ])
    expect((await auditOf(k().t, res)).map((r) => r.action)).toEqual(['coupon.pause', 'coupon.pause'])
    const back = await call('POST', `${URL}/status`, { ids: [a.id], status: 'active' })
    expect(back.json().data[0]).toMatchObject({ status: 'active', state: 'active', version: 3 })
    const shop2Admin = await signIn(k().t, '9876500001', SHOP2)
    expect((await staffCall(k().t, shop2Admin, 'POST', `${URL}/status`, { ids: [a.id], status: 'paused' }, SHOP2)).statusCode).toBe(404)
  })

  it('a coupon edited while in a cart: the cart shows the new result and the order is priced with it', async () => {
    await ensureAdmin()
    const c = await create({ value: 10 })
    const s = await cartWith(c.code)
    const before = await cartOf(s)
    expect(before.discount).toBeCloseTo(Math.floor(before.amount * 10) / 100, 2)
    await call('PATCH', `${URL}/${c.id}`, { version: c.version, value: 20 })
    const after = await cartOf(s)
    expect(after.discount).toBeCloseTo(Math.floor(before.amount * 20) / 100, 2)
    // the shopper saw the old total: placing with it is refused with the total's message, without it the new rule applies
    const stale = await k().place(s, 'cod', { expected_total: toPaise(before.total) })
    expect(stale.res.statusCode).toBe(409)
    expect(stale.res.json().message).toBe(
      `Your total changed from ${formatINR(toPaise(before.total))} to ${formatINR(toPaise(after.total))}: please check your order`,
    )
    const { res, order } = await k().place(s, 'cod')
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await db().select().from(orders).where(eq(orders.id, order.order_id))
    expect(row.discountPaise).toBe(Math.round(after.discount * 100))
    expect(row.couponCode).toBe(c.code)
  })

  it('a coupon paused (or made first-order-only) while in a cart: the cart says why and checkout refuses with that message', async () => {
    await ensureAdmin()
    const c = await create({ value: 10 })
    const s = await cartWith(c.code)
    await call('POST', `${URL}/status`, { ids: [c.id], status: 'paused' })
    const cart = await cartOf(s)
    expect(cart).toMatchObject({ discount: 0, message: `${c.code} is not available right now` })
    const refused = await k().place(s, 'cod')
    expect(refused.res.statusCode).toBe(409)
    expect(refused.res.json().message).toBe(`${c.code} is not available right now`)
    expect((await apply(s, c.code)).json().message).toBe(`${c.code} is not available right now`)

    // resumed, the shopper orders once; made first-order-only afterwards, their next cart is refused
    const resumed = (await call('POST', `${URL}/status`, { ids: [c.id], status: 'active' })).json().data[0] as AdminCoupon
    expect((await k().place(s, 'cod')).res.statusCode).toBe(200)
    await k().shopperWithCart([k().sellable().at(-1)!], 1, MAIN, s)
    expect((await apply(s, c.code)).statusCode).toBe(200)
    await call('PATCH', `${URL}/${c.id}`, { version: resumed.version, first_order_only: true })
    expect((await cartOf(s)).message).toBe(`${c.code} is valid only on your first order`)
    expect((await k().place(s, 'cod')).res.json().message).toBe(`${c.code} is valid only on your first order`)
  })

  it('an edit saved between the cart’s pricing and the order’s lock refuses the order (it would be priced with the old rule)', async () => {
    await ensureAdmin()
    const c = await create({ value: 10 })
    const shopper = await k().shopperWithCart([])
    const outcome = await db().transaction(async (tx) => redeemCoupon(tx, c.id, shopper.userId, { version: c.version + 1 }))
    expect(outcome).toEqual({ ok: false, message: `${c.code} has just changed: please check your cart` })
    const fine = await db().transaction(async (tx) => redeemCoupon(tx, c.id, shopper.userId, { version: c.version }))
    expect(fine.ok).toBe(true)
  })

  it('applies its categories and brands limits: only lines in scope are discounted', async () => {
    await ensureAdmin()
    const catalogue: Product[] = k().catalogue
    const inStock = (p: Product) => p.packs.find((x) => x.in_stock && x.price >= 50)
    // two products sharing neither category nor brand
    const a = catalogue.find((p) => inStock(p))!
    const b = catalogue.find((p) => inStock(p) && p.category_slug !== a.category_slug && p.brand_slug !== a.brand_slug)!
    const packA = inStock(a)!
    const packB = inStock(b)!
    const byCategory = await create({ value: 50, categories: [a.category_slug] })
    const byBrand = await create({ value: 50, brands: [b.brand_slug] })
    const s = await k().shopperWithCart([packA, packB])
    expect((await apply(s, byCategory.code)).json().discount).toBeCloseTo(Math.floor(packA.price * 50) / 100, 2)
    expect((await apply(s, byBrand.code)).json().discount).toBeCloseTo(Math.floor(packB.price * 50) / 100, 2)
    const neither = await create({ value: 50, categories: [a.category_slug], brands: [b.brand_slug] })
    expect((await apply(s, neither.code)).json().message).toBe(`${neither.code} does not apply to any item in your cart`)
  })

  it('deletes an unused coupon; archives a used one (orders keep it, the code is free again) and reports its usage', async () => {
    await ensureAdmin()
    const c = await create({ value: 10 })
    const s1 = await cartWith(c.code)
    const s2 = await cartWith(c.code)
    const o1 = (await k().place(s1, 'cod')).order
    const o2 = (await k().place(s2, 'cod')).order
    const rows = await db().select().from(orders).where(sql`${orders.id} in (${o1.order_id}, ${o2.order_id})`)
    const discount = rows.reduce((sum, r) => sum + r.discountPaise, 0) / 100
    const usage = await call('GET', `${URL}/${c.id}/usage`)
    expect(usage.statusCode, usage.body).toBe(200)
    expect(usage.json()).toMatchObject({ uses: 2, discount_given: discount, meta: { total: 2 } })
    expect(usage.json().data.map((u: { order_number: string }) => u.order_number)).toEqual([o2.order_number, o1.order_number])
    expect((await call('GET', `${URL}?q=${c.code}`)).json().data[0].used).toBe(2)

    const del = await call('DELETE', `${URL}/${c.id}`)
    expect(del.json()).toEqual({ id: c.id, outcome: 'archived' })
    expect(await auditOf(k().t, del)).toMatchObject([{ action: 'coupon.archive', after: null }])
    expect((await call('GET', `${URL}/${c.id}`)).statusCode).toBe(404)
    expect(rowsOf<{ status: string }>(await db().execute(sql`select status from coupons where id = ${c.id}`))[0].status).toBe('archived')
    expect((await db().select().from(orders).where(eq(orders.id, o1.order_id)))[0].couponCode).toBe(c.code)
    const s3 = await k().shopperWithCart([k().sellable().at(-1)!])
    expect((await apply(s3, c.code)).json().message).toBe(`Coupon code ${c.code} is not valid`)
    // the code may be used again by a new coupon
    expect((await call('POST', URL, { code: c.code, kind: 'flat', value: 25 })).statusCode).toBe(201)
    const unused = await create()
    expect((await call('DELETE', `${URL}/${unused.id}`)).json()).toEqual({ id: unused.id, outcome: 'deleted' })
    expect(await db().select().from(coupons).where(eq(coupons.id, unused.id))).toEqual([])
    expect((await auditFor(k().t, (await websiteOf(k().t, MAIN)).id, 'coupon', unused.id))[0]).toMatchObject({ action: 'coupon.delete' })
  })

  it.runIf(driver === 'postgres')('two staff saving the same version at once: exactly one wins, the others get 409', async () => {
    await ensureAdmin()
    const c = await create({ value: 10 })
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => call('PATCH', `${URL}/${c.id}`, { version: c.version, value: 11 + i })))
    const codes = answers.map((r) => r.statusCode).sort()
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
    const [row] = rowsOf<{ version: number; audits: number }>(
      await db().execute(
        sql`select c.version, (select count(*)::int from audit_log a where a.entity = 'coupon' and a.entity_id = ${String(c.id)} and a.action = 'coupon.update') as audits from coupons c where c.id = ${c.id}`,
      ),
    )
    expect(row).toEqual({ version: 2, audits: 1 })
  })

  it.runIf(driver === 'postgres')('orders racing a pause: every order placed before the pause has the coupon, none after', async () => {
    await ensureAdmin()
    const c = await create({ value: 10, usage_limit: 50 })
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => cartWith(c.code)))
    const [pause, ...placed] = await Promise.all([
      call('POST', `${URL}/status`, { ids: [c.id], status: 'paused' }),
      ...shoppers.map((s) => k().place(s, 'cod')),
    ])
    expect(pause.statusCode).toBe(200)
    const ok = placed.filter((p) => p.res.statusCode === 200)
    for (const p of placed.filter((x) => x.res.statusCode !== 200)) expect(p.res.statusCode).toBe(409)
    const [row] = rowsOf<{ used: number; redemptions: number; orders: number }>(
      await db().execute(
        sql`select c.used, (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id and r.released_at is null) as redemptions,
                   (select count(*)::int from orders o where o.coupon_code = c.code and o.website_id = c.website_id) as orders
            from coupons c where c.id = ${c.id}`,
      ),
    )
    expect(row).toEqual({ used: ok.length, redemptions: ok.length, orders: ok.length })
  })
})
