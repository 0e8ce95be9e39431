import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type {
  CategoriesReport,
  ChannelsReport,
  CouponsReport,
  ProductsReport,
  SalesReport,
  SlotsReport,
} from '../../../common/contracts/admin-reports'
import { rowsOf } from '../../db/client'
import { type Driver, drivers, MAIN, SHOP2 } from '../../test/app'
import { type SignedIn, signIn, websiteOf } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { pick, until, useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

/**
 * Reports over a known set of orders, placed through checkout and moved to days of March 2025 (India time), so no
 * other test's orders fall in the range: exact figures, the rules of what counts, CSV files.
 */
describe.each(drivers)('reports (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  let admin: SignedIn
  const get = async <T>(url: string, who = admin, origin = MAIN) => {
    const res = await staffCall(h.k().t, who, 'GET', url, undefined, origin)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as T
  }
  const RANGE = 'from=2025-03-10&to=2025-03-12'
  /** the placed orders: id, total (paise), lines */
  const placed: Record<string, { id: number; total: number }> = {}
  let packs: { pack_id: number; warehouse_id: number; product_id: number }[]
  let couponCode: string
  const at = (id: number, instant: string) => h.db().execute(sql`update orders set created_at = ${instant}::timestamptz where id = ${id}`)

  beforeAll(async () => {
    const k = h.k()
    admin = await signIn(k.t, '9876500001')
    // a cheap pack of each of two products (of different categories when the catalogue has them)
    const choices = k.catalogue.flatMap((p) => p.packs.filter((x) => x.in_stock).map((x) => ({ ...x, product_id: p.product_id, category: p.category_slug })))
    choices.sort((x, y) => x.price - y.price)
    const first = choices[0]
    const second = choices.find((x) => x.product_id !== first.product_id && x.category !== first.category) ?? choices.find((x) => x.product_id !== first.product_id)!
    const sellable = [first, second]
    packs = sellable
    const move = (id: number, body: object) => staffCall(k.t, admin, 'POST', `/s/api/admin/orders/${id}/status`, body)
    const cod = async (name: string, units: number, pack: number, instant: string) => {
      const s = await k.shopperWithCart([sellable[pack]], units)
      const { res, order } = await k.place(s, 'cod')
      expect(res.statusCode, res.body).toBe(200)
      placed[name] = { id: order.order_id, total: order.total }
      await at(order.order_id, instant)
      return s
    }
    const online = async (name: string, instant: string) => {
      const s = await k.shopperWithCart([sellable[0]], 1)
      const { order } = await k.place(s, 'razorpay')
      const pay = (await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)).json()
      const triple = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
      expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))).json().status).toBe('paid')
      placed[name] = { id: order.order_id, total: order.total }
      await at(order.order_id, instant)
    }
    // 10 March (India): two COD orders, the second at 23:50 India time (18:20 UTC, still the 10th in India)
    await cod('a', 2, 0, '2025-03-10T09:00:00+05:30')
    await cod('b', 1, 1, '2025-03-10T23:50:00+05:30')
    // 11 March: an online order paid at 00:05 India time (the 10th in UTC); a COD order cancelled by the shop
    await online('c', '2025-03-11T00:05:00+05:30')
    await cod('d', 1, 0, '2025-03-11T10:00:00+05:30')
    expect((await move(placed.d.id, { status: 'cancelled', note: 'Shopper changed their mind' })).statusCode).toBe(200)
    // 12 March: an online order paid, then cancelled and refunded through the provider; a COD order with a coupon
    await online('e', '2025-03-12T08:00:00+05:30')
    expect((await move(placed.e.id, { status: 'cancelled', note: 'Out of stock' })).statusCode).toBe(200)
    await until(async () => {
      await k.drain()
      return (await rows<{ status: string }>(sql`select status from payment_refunds where order_id = ${placed.e.id}`)).some((r) => r.status === 'processed')
    }, 8000)
    couponCode = `REP${Date.now().toString(36).toUpperCase()}`
    const made = await staffCall(k.t, admin, 'POST', '/s/api/admin/coupons', { code: couponCode, kind: 'flat', value: 10, min_cart: 0 })
    expect(made.statusCode, made.body).toBe(201)
    const s = await k.shopperWithCart([sellable[1]], 3)
    expect((await k.call(s, 'POST', '/apply/coupon', { code: couponCode })).statusCode).toBe(200)
    const { order: f } = await k.place(s, 'cod')
    placed.f = { id: f.order_id, total: f.total }
    await at(f.order_id, '2025-03-12T19:00:00+05:30')
    // order c: ₹25 given back by the shop (a partial refund) counts against revenue; a refund of a second payment does not
    const [pay] = await rows<{ id: number; website_id: number }>(sql`select id, website_id from payments where order_id = ${placed.c.id} and status = 'paid'`)
    await h.db().execute(sql`
      insert into payment_refunds (order_id, payment_id, website_id, provider, provider_order_id, provider_payment_id, amount_paise, currency, reason, status, reference)
      values (${placed.c.id}, ${pay.id}, ${pay.website_id}, 'razorpay', 'order_x1', 'pay_partial_x1', 2500, 'INR', 'partial', 'processed', 'rf-x1'),
             (${placed.c.id}, ${pay.id}, ${pay.website_id}, 'razorpay', 'order_x2', 'pay_dup_x2', 99900, 'INR', 'duplicate', 'processed', 'rf-x2')`)
    // another website's order on the same day, straight into the table: never counted here
    const shop2 = (await websiteOf(k.t, SHOP2)).id
    await h.db().execute(sql`
      insert into orders (website_id, user_id, order_number, status, payment_status, payment_method, items_paise, discount_paise, delivery_paise, total_paise,
                          coupon_code, address, idempotency_key, created_at)
      select ${shop2}, id, 'R-SHOP2', 'delivered', 'cod', 'cod', 777700, 10000, 0, 777700, ${couponCode}, '{}'::jsonb, 'rep-shop2', '2025-03-10T12:00:00+05:30'
      from users where phone = '9876500003'`)
  }, 60_000)

  it('sums sales per India day: cancelled orders out, refunds taken off revenue, a second payment’s refund not', async () => {
    const { a, b, c, f } = placed
    const report = await get<SalesReport>(`/s/api/admin/reports/sales?${RANGE}`)
    const rupees = (paise: number) => Math.round(paise) / 100
    expect(report).toMatchObject({ from: '2025-03-10', to: '2025-03-12', group: 'day' })
    expect(report.rows).toEqual([
      { period: '2025-03-10', orders: 2, gross: rupees(a.total + b.total), refunds: 0, revenue: rupees(a.total + b.total), average_order_value: rupees((a.total + b.total) / 2) },
      { period: '2025-03-11', orders: 1, gross: rupees(c.total), refunds: 25, revenue: rupees(c.total - 2500), average_order_value: rupees(c.total - 2500) },
      { period: '2025-03-12', orders: 1, gross: rupees(f.total), refunds: 0, revenue: rupees(f.total), average_order_value: rupees(f.total) },
    ])
    const revenue = a.total + b.total + c.total - 2500 + f.total
    expect(report.totals).toEqual({
      orders: 4,
      gross: rupees(revenue + 2500),
      refunds: 25,
      revenue: rupees(revenue),
      average_order_value: rupees(revenue / 4),
    })
    // by week (from Monday 10 March) and by month: one period each, empty periods of a longer range shown as zero
    const week = await get<SalesReport>(`/s/api/admin/reports/sales?from=2025-03-01&to=2025-03-16&group=week`)
    expect(week.rows.map((r) => [r.period, r.orders])).toEqual([
      ['2025-02-24', 0],
      ['2025-03-03', 0],
      ['2025-03-10', 4],
    ])
    const month = await get<SalesReport>(`/s/api/admin/reports/sales?from=2025-02-01&to=2025-03-31&group=month`)
    expect(month.rows).toEqual([
      expect.objectContaining({ period: '2025-02-01', orders: 0, revenue: 0, average_order_value: 0 }),
      expect.objectContaining({ period: '2025-03-01', orders: 4, revenue: rupees(revenue) }),
    ])
  })

  it('splits orders by channel and payment method, by products and categories, and by coupon', async () => {
    const { a, b, c, f } = placed
    const rupees = (paise: number) => Math.round(paise) / 100
    const channels = await get<ChannelsReport>(`/s/api/admin/reports/channels?${RANGE}`)
    expect(channels.channels).toEqual([{ channel: 'web', orders: 4, revenue: rupees(a.total + b.total + c.total - 2500 + f.total) }])
    expect(channels.payment_methods).toEqual(
      [
        { payment_method: 'cod', orders: 3, revenue: rupees(a.total + b.total + f.total) },
        { payment_method: 'razorpay', orders: 1, revenue: rupees(c.total - 2500) },
      ].sort((x, y) => y.revenue - x.revenue),
    )
    // pack 0: 2 units (a) + 1 (c); pack 1: 1 (b) + 3 (f); the cancelled d and e are not sold
    const lines = await rows<{ product_id: number; quantity: number; price_paise: number }>(
      sql`select product_id, quantity, price_paise from order_items where order_id in (${placed.a.id}, ${placed.b.id}, ${placed.c.id}, ${placed.f.id})`,
    )
    const value = (productId: number) => rupees(lines.filter((l) => l.product_id === productId).reduce((s, l) => s + l.quantity * l.price_paise, 0))
    const products = await get<ProductsReport>(`/s/api/admin/reports/products?${RANGE}`)
    expect(products.rows.map((r) => [r.product_id, r.units, r.orders, r.revenue])).toEqual([
      [packs[1].product_id, 4, 2, value(packs[1].product_id)],
      [packs[0].product_id, 3, 2, value(packs[0].product_id)],
    ])
    expect(products.rows.every((r) => r.name.length > 0)).toBe(true)
    const categories = await get<CategoriesReport>(`/s/api/admin/reports/categories?${RANGE}`)
    expect(categories.rows.reduce((s, r) => s + r.units, 0)).toBe(7)
    expect(categories.rows.every((r) => r.category_id !== null && r.name.length > 0)).toBe(true)
    const coupons = await get<CouponsReport>(`/s/api/admin/reports/coupons?${RANGE}`)
    const [fRow] = await rows<{ discount_paise: number }>(sql`select discount_paise from orders where id = ${placed.f.id}`)
    expect(fRow.discount_paise).toBe(1000)
    expect(coupons.rows).toEqual([{ code: couponCode, uses: 1, orders: 1, discount: 10, revenue: rupees(f.total) }])
  })

  it('reports slot fill per day, per window and per slot, by the slot’s own date; another website’s slots never', async () => {
    const k = h.k()
    const main = (await websiteOf(k.t, MAIN)).id
    const shop2 = (await websiteOf(k.t, SHOP2)).id
    await h.db().execute(sql`
      insert into delivery_slots (website_id, warehouse_id, date, start_time, end_time, capacity, booked)
      select website_id, min(id), '2025-03-10', s, e, cap, b from warehouses
      cross join (values ('09:00', '11:00', 10, 7), ('11:00', '13:00', 20, 5)) v(s, e, cap, b)
      where website_id in (${main}, ${shop2}) group by website_id, s, e, cap, b`)
    const report = await get<SlotsReport>(`/s/api/admin/reports/slots?${RANGE}`)
    expect(report.days).toEqual([{ date: '2025-03-10', booked: 12, capacity: 30 }])
    expect(report.windows).toEqual([
      { start: '09:00', end: '11:00', booked: 7, capacity: 10 },
      { start: '11:00', end: '13:00', booked: 5, capacity: 20 },
    ])
    expect(report.slots).toHaveLength(2)
    expect(report.slots[0]).toMatchObject({ date: '2025-03-10', start: '09:00', booked: 7, capacity: 10, warehouse_name: expect.any(String) })
  })

  it('answers each report as a CSV file: attachment, BOM, ISO dates, rupees with two decimals', async () => {
    const { a, b } = placed
    const res = await staffCall(h.k().t, admin, 'GET', `/s/api/admin/reports/sales.csv?${RANGE}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-2025-03-10-to-2025-03-12.csv"')
    expect(res.body.startsWith('\uFEFF')).toBe(true)
    const lines = res.body.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe('Period start (day),Orders,Gross (INR),Refunds (INR),Revenue (INR),Average order value (INR)')
    const ab = ((a.total + b.total) / 100).toFixed(2)
    expect(lines[1]).toBe(`2025-03-10,2,${ab},0.00,${ab},${((a.total + b.total) / 200).toFixed(2)}`)
    expect(lines).toHaveLength(4)
    const coupons = await staffCall(h.k().t, admin, 'GET', `/s/api/admin/reports/coupons.csv?${RANGE}`)
    expect(coupons.body.slice(1).trimEnd().split('\r\n')).toEqual([
      'Code,Uses,Orders,Discount (INR),Revenue (INR)',
      `${couponCode},1,1,10.00,${(placed.f.total / 100).toFixed(2)}`,
    ])
    const slots = await staffCall(h.k().t, admin, 'GET', `/s/api/admin/reports/slots.csv?${RANGE}`)
    expect(slots.body.slice(1).split('\r\n')[0]).toBe('Date,Start,End,Warehouse,Booked,Capacity,Utilisation (%)')
    expect(slots.body).toContain(',09:00,11:00,')
    expect(slots.body).toContain(',7,10,70.0')
    for (const name of ['channels', 'products', 'categories']) {
      const r = await staffCall(h.k().t, admin, 'GET', `/s/api/admin/reports/${name}.csv?${RANGE}`)
      expect(r.headers['content-disposition']).toBe(`attachment; filename="${name}-2025-03-10-to-2025-03-12.csv"`)
      expect(r.body.slice(1).trimEnd().split('\r\n').length).toBeGreaterThan(1)
    }
  })

  it('shows another website’s admin none of these orders, defaults to the last 30 days, and refuses bad ranges with 422', async () => {
    const other = await signIn(h.k().t, '9876500001', SHOP2)
    const there = await get<SalesReport>(`/s/api/admin/reports/sales?${RANGE}`, other, SHOP2)
    expect(there.totals.orders).toBe(1)
    expect(there.totals.revenue).toBe(7777)
    const coupons = await get<CouponsReport>(`/s/api/admin/reports/coupons?${RANGE}`, other, SHOP2)
    expect(coupons.rows).toEqual([{ code: couponCode, uses: 1, orders: 1, discount: 100, revenue: 7777 }])

    const recent = await get<SalesReport>('/s/api/admin/reports/sales')
    expect(recent.rows).toHaveLength(30)
    expect(recent.rows.at(-1)?.period).toBe(recent.to)
    for (const [query, field] of [
      ['from=2025-02-30', 'from'],
      ['from=2025-03-12&to=2025-03-10', 'to'],
      ['from=2020-01-01&to=2025-03-10', 'from'],
      ['from=yesterday', 'from'],
      ['group=year', 'group'],
    ] as const) {
      const res = await staffCall(h.k().t, admin, 'GET', `/s/api/admin/reports/sales?${query}`)
      expect(res.statusCode, query).toBe(422)
      expect(Object.keys(res.json().errors), query).toContain(field)
    }
  })
})
