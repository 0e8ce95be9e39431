import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { coupons } from '../../db/schema/cart'
import { type Driver, drivers } from '../../test/app'
import { signIn, websiteOf } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { type CheckoutKit, startCheckoutApp, useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

function counter(k: () => CheckoutKit) {
  const admin = () => signIn(k().t, '9876500001')
  const pos = async (method: 'GET' | 'POST', url: string, body?: object) => staffCall(k().t, await admin(), method, `/s/api/pos${url}`, body)
  const rows = async <T>(q: Sql) => rowsOf<T>(await k().t.app.deps.db.execute(q))
  async function ready(units: number) {
    const current = (await pos('GET', '/shifts/current')).json()
    if (!current.shift) expect((await pos('POST', '/shifts', { opening_cash: 500 })).statusCode).toBe(201)
    const register = (await pos('GET', '/shifts/current')).json().register as { warehouse_id: number }
    const pack = k().sellable()[0]
    await k().setStock(pack.pack_id, register.warehouse_id, units)
    return { pack, warehouseId: register.warehouse_id }
  }
  let n = 0
  async function coupon(values: Partial<typeof coupons.$inferInsert> = {}) {
    const code = `POS${Date.now().toString(36).toUpperCase()}${++n}`
    const websiteId = (await websiteOf(k().t)).id
    await k()
      .t.app.deps.db.insert(coupons)
      .values({ websiteId, code, kind: 'percent', value: 10, ...values })
    return code
  }
  return { pos, rows, ready, coupon }
}

describe.each(drivers)('coupons at the counter (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const c = counter(h.k)
  const sale = (packId: number, quantity: number, pay: number, extra: object = {}) => ({
    client_id: randomUUID(),
    lines: [{ pack_id: packId, quantity }],
    payments: [{ method: 'cash', amount: pay }],
    ...extra,
  })

  it('takes the website’s coupon by its rules, counts its use with the web orders’, shows it on the receipt and the shift', async () => {
    const { pack } = await c.ready(50)
    const code = await c.coupon({ usageLimit: 3, used: 1 })
    const gross = Math.round(pack.price * 4 * 100)
    const off = Math.floor(gross / 10)
    const before = (await c.pos('GET', '/shifts/current')).json().shift
    const sold = await c.pos('POST', '/sales', sale(pack.pack_id, 4, pack.price * 4, { coupon_code: code.toLowerCase() }))
    expect(sold.statusCode).toBe(201)
    expect(sold.json().total).toBeCloseTo((gross - off) / 100, 2)
    expect(sold.json().change_due).toBeCloseTo(off / 100, 2)
    const receipt = (await c.pos('GET', `/sales/${sold.json().order_number}`)).json()
    expect(receipt.coupon).toEqual({ code, discount: off / 100 })
    expect(receipt.discount).toBe(0)
    const after = (await c.pos('GET', '/shifts/current')).json().shift
    expect(after.discounts - before.discounts).toBeCloseTo(off / 100, 2)
    const [row] = await c.rows<{ used: number; coupon_code: string; redemption: number; customer: number | null }>(
      sql`select c.used, o.coupon_code, o.coupon_redemption_id as redemption, r.user_id as customer
          from coupons c join orders o on o.coupon_code = c.code join coupon_redemptions r on r.id = o.coupon_redemption_id
          where c.code = ${code}`,
    )
    // a walk-in's use is the coupon's, not the cashier's own (their online limits and the usage list stay theirs)
    expect(row).toMatchObject({ used: 2, coupon_code: code, redemption: expect.any(Number), customer: null })
    // the last use, then none left
    expect((await c.pos('POST', '/sales', sale(pack.pack_id, 1, pack.price, { coupon_code: code }))).statusCode).toBe(201)
    const spent = await c.pos('POST', '/sales', sale(pack.pack_id, 1, pack.price, { coupon_code: code }))
    expect(spent.statusCode).toBe(409)
    expect(spent.json().errors.coupon_code).toMatch(/fully redeemed/)
    // everything of a sale back: its use is given back
    expect((await c.pos('POST', '/returns', { order_number: sold.json().order_number, refund_method: 'cash' })).statusCode).toBe(201)
    const [back] = await c.rows<{ used: number }>(sql`select used from coupons where code = ${code}`)
    expect(back.used).toBe(2)
  })

  it('previews the cart after the coupon, so card, UPI and split pay exactly that total (the preview keeps nothing)', async () => {
    const { pack } = await c.ready(30)
    const code = await c.coupon({ usageLimit: 5, used: 0 })
    const gross = Math.round(pack.price * 3 * 100)
    const afterLine = gross - 100
    const off = Math.floor(afterLine / 10)
    const body = { lines: [{ pack_id: pack.pack_id, quantity: 3, discount: 1 }], coupon_code: code.toLowerCase() }
    const preview = await c.pos('POST', '/sales/preview', body)
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toEqual({ items_total: gross / 100, discount: 1, coupon: { code, discount: off / 100 }, total: (afterLine - off) / 100 })
    const [unused] = await c.rows<{ used: number }>(sql`select used from coupons where code = ${code}`)
    expect(unused.used).toBe(0)
    const total = preview.json().total as number
    // card for the whole total after the coupon
    const card = await c.pos('POST', '/sales', { client_id: randomUUID(), ...body, payments: [{ method: 'card', amount: total, reference: 'TERM-1' }] })
    expect(card.statusCode, card.body).toBe(201)
    expect(card.json()).toMatchObject({ total, change_due: 0 })
    // split: UPI part, card the rest
    const upi = Math.round(total * 40) / 100
    const split = await c.pos('POST', '/sales', {
      client_id: randomUUID(),
      ...body,
      payments: [
        { method: 'upi', amount: upi, reference: 'UPI-1' },
        { method: 'card', amount: Math.round((total - upi) * 100) / 100, reference: 'TERM-2' },
      ],
    })
    expect(split.statusCode, split.body).toBe(201)
    expect(split.json().total).toBe(total)
    // coupon problems on their field, bad lines on theirs
    const unknown = await c.pos('POST', '/sales/preview', { ...body, coupon_code: 'NOSUCHCODE' })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().errors.coupon_code).toMatch(/not valid/)
    const tooMuch = await c.pos('POST', '/sales/preview', { lines: [{ pack_id: pack.pack_id, quantity: 1, discount: pack.price + 1 }] })
    expect(tooMuch.statusCode).toBe(422)
    expect(tooMuch.json().errors['lines.0.discount']).toBeTruthy()
    const none = await c.pos('POST', '/sales/preview', { lines: [{ pack_id: 999999, quantity: 1 }] })
    expect(none.statusCode).toBe(422)
    expect(none.json().errors['lines.0.pack_id']).toMatch(/No such pack/)
  })

  it('refuses an unknown code, a sale under the minimum, and a per-customer coupon without the customer', async () => {
    const { pack } = await c.ready(20)
    const unknown = await c.pos('POST', '/sales', sale(pack.pack_id, 1, pack.price, { coupon_code: 'NOSUCHCODE' }))
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().errors.coupon_code).toMatch(/not valid/)
    const min = await c.coupon({ minCartPaise: Math.round(pack.price * 100) * 10 })
    const small = await c.pos('POST', '/sales', sale(pack.pack_id, 1, pack.price, { coupon_code: min }))
    expect(small.statusCode).toBe(422)
    expect(small.json().errors.coupon_code).toMatch(/more to use/)
    const once = await c.coupon({ perCustomerLimit: 1 })
    const walkIn = await c.pos('POST', '/sales', sale(pack.pack_id, 1, pack.price, { coupon_code: once }))
    expect(walkIn.statusCode).toBe(422)
    expect(walkIn.json().errors.coupon_code).toMatch(/mobile/)
    const phone = `98${String(Date.now()).slice(-8)}`
    expect((await c.pos('POST', '/sales', sale(pack.pack_id, 1, pack.price, { coupon_code: once, customer_phone: phone }))).statusCode).toBe(201)
    const again = await c.pos('POST', '/sales', sale(pack.pack_id, 1, pack.price, { coupon_code: once, customer_phone: phone }))
    expect(again.statusCode).toBe(409)
    expect(again.json().errors.coupon_code).toMatch(/already used/)
  })
})

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('the last uses of a coupon, many counter sales at once (postgres)', () => {
  let kit: CheckoutKit
  beforeAll(async () => {
    kit = await startCheckoutApp('postgres')
  })
  afterAll(() => kit.t.close())
  const c = counter(() => kit)

  it('never more uses than its limit: exactly the uses left succeed', { timeout: 120_000 }, async () => {
    const { pack } = await c.ready(200)
    const code = await c.coupon({ usageLimit: 10, used: 5 })
    const who = await signIn(kit.t, '9876500001')
    const answers = await Promise.all(
      Array.from({ length: 14 }, () =>
        staffCall(kit.t, who, 'POST', '/s/api/pos/sales', {
          client_id: randomUUID(),
          lines: [{ pack_id: pack.pack_id, quantity: 1 }],
          payments: [{ method: 'cash', amount: pack.price }],
          coupon_code: code,
        }),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((s) => s === 201)).toHaveLength(5)
    expect(codes.filter((s) => s !== 201).every((s) => s === 409)).toBe(true)
    const [row] = await c.rows<{ used: number; redemptions: number; orders: number }>(sql`
      select c.used,
        (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id and r.released_at is null) as redemptions,
        (select count(*)::int from orders o where o.coupon_code = c.code) as orders
      from coupons c where c.code = ${code}`)
    expect(row).toEqual({ used: 10, redemptions: 5, orders: 5 })
  })
})
