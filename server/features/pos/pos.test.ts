import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { users, websiteMembers } from '../../db/schema/accounts'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn, websiteOf } from '../../test/shopper'
import { cast, staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

describe.each(drivers)('the shop counter (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  const admin = () => signIn(h.k().t, '9876500001')
  const pos = async (method: 'GET' | 'POST', url: string, body?: object, who?: Awaited<ReturnType<typeof admin>>) =>
    staffCall(h.k().t, who ?? (await admin()), method, `/s/api/pos${url}`, body)
  /** the demo register's warehouse, and a pack stocked there with `units` free */
  async function stocked(units: number, at = 0) {
    const register = (await pos('GET', '/shifts/current')).json().register as { id: number; warehouse_id: number }
    const pack = h.k().sellable()[at]
    await h.k().setStock(pack.pack_id, register.warehouse_id, units)
    return { pack, warehouseId: register.warehouse_id }
  }
  const stockOf = (packId: number, warehouseId: number) => h.k().stockOf(packId, warehouseId)
  /** the register's open shift (opened when there is none) */
  async function shift(): Promise<number> {
    const current = (await pos('GET', '/shifts/current')).json()
    if (current.shift) return current.shift.shift_id
    const opened = await pos('POST', '/shifts', { opening_cash: 1000 })
    expect(opened.statusCode).toBe(201)
    return opened.json().shift_id
  }
  async function closeOpen() {
    const current = (await pos('GET', '/shifts/current')).json()
    if (current.shift) expect((await pos('POST', `/shifts/${current.shift.shift_id}/close`, { counted: {} })).statusCode).toBe(200)
  }
  const sale = (packId: number, quantity: number, payments: object[], extra: object = {}) => ({
    client_id: randomUUID(),
    lines: [{ pack_id: packId, quantity }],
    payments,
    ...extra,
  })

  it('refuses visitors and people without admin access; another website’s shift is not found', async () => {
    const c = await cast(h.k().t)
    for (const [who, code] of [
      [c.visitor, 401],
      [c.shopper, 403],
      [c.agent, 403],
      [c.otherAdmin, 403],
    ] as const) {
      expect((await staffCall(h.k().t, who, 'GET', '/s/api/pos/shifts/current')).statusCode).toBe(code)
      expect((await staffCall(h.k().t, who, 'POST', '/s/api/pos/shifts', { opening_cash: 10 })).statusCode).toBe(code)
    }
    const id = await shift()
    expect((await staffCall(h.k().t, c.adminShop2, 'GET', `/s/api/pos/shifts/${id}`, undefined, SHOP2)).statusCode).toBe(404)
    expect((await staffCall(h.k().t, c.adminShop2, 'POST', `/s/api/pos/shifts/${id}/close`, { counted: {} }, SHOP2)).statusCode).toBe(404)
  })

  it('opens one shift per register: sales need it, a second open is refused', async () => {
    await closeOpen()
    const { pack } = await stocked(10)
    const before = await pos('POST', '/sales', sale(pack.pack_id, 1, [{ method: 'cash', amount: 10_000 }]))
    expect(before.statusCode).toBe(409)
    expect(before.json().message).toMatch(/open a shift/i)
    const opened = await pos('POST', '/shifts', { opening_cash: 500 })
    expect(opened.statusCode).toBe(201)
    expect(opened.json()).toEqual({ shift_id: expect.any(Number) })
    expect((await pos('POST', '/shifts', { opening_cash: 500 })).statusCode).toBe(409)
    const current = (await pos('GET', '/shifts/current')).json()
    expect(current.shift).toMatchObject({ shift_id: opened.json().shift_id, status: 'open', opening_cash: 500, expected_cash: 500 })
    const audit = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'pos.shift.open' and entity_id = ${String(opened.json().shift_id)}`,
    )
    expect(audit[0].n).toBe(1)
    expect((await pos('POST', '/shifts', { opening_cash: -1 })).statusCode).toBe(422)
  })

  it('sells for cash with change, from the register’s stock, as a paid delivered order of channel pos', async () => {
    await shift()
    const { pack, warehouseId } = await stocked(10)
    const price = pack.price
    const short = await pos('POST', '/sales', sale(pack.pack_id, 2, [{ method: 'cash', amount: price * 2 - 1 }]))
    expect(short.statusCode).toBe(422)
    expect(short.json().errors.payments).toMatch(/do not cover/)
    const tooMuchCard = await pos('POST', '/sales', sale(pack.pack_id, 2, [{ method: 'card', amount: price * 2 + 1 }]))
    expect(tooMuchCard.statusCode).toBe(422)
    expect((await stockOf(pack.pack_id, warehouseId)).quantity).toBe(10)

    const body = sale(pack.pack_id, 2, [
      { method: 'upi', amount: price },
      { method: 'cash', amount: price + 50 },
    ])
    const res = await pos('POST', '/sales', body)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ order_number: expect.stringMatching(/^OD\d{6}$/), total: price * 2, change_due: 50 })
    expect((await stockOf(pack.pack_id, warehouseId)).quantity).toBe(8)
    const [order] = await rows<{ id: number; channel: string; status: string; payment_status: string; total_paise: number }>(
      sql`select id, channel, status, payment_status, total_paise from orders where order_number = ${res.json().order_number}`,
    )
    expect(order).toMatchObject({ channel: 'pos', status: 'delivered', payment_status: 'paid', total_paise: Math.round(price * 200) })
    const ledger = await rows<{ reason: string; on_hand_change: number; order_id: number }>(
      sql`select reason, on_hand_change, order_id from stock_ledger where order_id = ${order.id}`,
    )
    expect(ledger).toEqual([{ reason: 'sold', on_hand_change: -2, order_id: order.id }])
    const listed = (await staffCall(h.k().t, await admin(), 'GET', `/s/api/admin/orders?channel=pos&q=${res.json().order_number}`)).json()
    expect(listed.data).toEqual([expect.objectContaining({ id: order.id, channel: 'pos', status: 'delivered', payment_status: 'paid' })])

    // the same client id: the same answer, one sale; another body with it: refused
    const again = await pos('POST', '/sales', body)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(res.json())
    const changed = await pos('POST', '/sales', { ...body, lines: [{ pack_id: pack.pack_id, quantity: 3 }] })
    expect(changed.statusCode).toBe(422)
    expect(changed.json().errors.client_id).toBeTruthy()
    const n = await rows<{ n: number }>(sql`select count(*)::int as n from orders where idempotency_key = ${`pos:${body.client_id}`}`)
    expect(n[0].n).toBe(1)
    expect((await stockOf(pack.pack_id, warehouseId)).quantity).toBe(8)
  })

  it('a sale to a number another website knows names the customer as this website knows them, never by what they gave the other website', async () => {
    await shift()
    const { pack } = await stocked(5)
    const t = h.k().t
    const phone = `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
    const email = `kavya-${phone}@shop2.example`
    await h.db().insert(users).values({ name: 'Kavya Elsewhere', phone, email, phoneVerifiedAt: new Date() })
    await signIn(t, phone, SHOP2)
    const sold = await pos('POST', '/sales', sale(pack.pack_id, 1, [{ method: 'cash', amount: pack.price }], { customer_phone: phone }))
    expect(sold.statusCode, sold.body).toBe(201)
    const [order] = await rows<{ id: number; user_id: number; name: string }>(
      sql`select id, user_id, address->>'name' as name from orders where order_number = ${sold.json().order_number}`,
    )
    expect(order.name).toBe('Customer')
    const staff = await admin()
    const found = await staffCall(t, staff, 'GET', `/s/api/admin/customers?q=${phone}`)
    expect(found.json().data).toEqual([expect.objectContaining({ user_id: order.user_id, name: 'Customer', phone, email: null })])
    const answers = [
      found,
      await staffCall(t, staff, 'GET', `/s/api/admin/customers/${order.user_id}`),
      await staffCall(t, staff, 'GET', `/s/api/admin/customers/${order.user_id}/export`),
      await staffCall(t, staff, 'GET', `/s/api/admin/orders/${order.id}`),
      await staffCall(t, staff, 'GET', `/s/api/admin/orders?q=${phone}`),
      await pos('GET', `/sales/${sold.json().order_number}`),
    ]
    for (const a of answers) {
      expect(a.statusCode, a.body).toBe(200)
      expect(a.body).not.toContain(email)
      expect(a.body).not.toContain('Elsewhere')
    }
  })

  it('ten sends of one client id at once make one sale', async () => {
    await shift()
    const { pack, warehouseId } = await stocked(20)
    const body = sale(pack.pack_id, 1, [{ method: 'cash', amount: pack.price }])
    const who = await admin()
    const answers = await Promise.all(Array.from({ length: 10 }, () => pos('POST', '/sales', body, who)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201))
    expect(new Set(answers.map((a) => a.json().order_number)).size).toBe(1)
    const n = await rows<{ n: number }>(sql`select count(*)::int as n from orders where idempotency_key = ${`pos:${body.client_id}`}`)
    expect(n[0].n).toBe(1)
    expect((await stockOf(pack.pack_id, warehouseId)).quantity).toBe(19)
  })

  it('never sells more than is free online; an offline sale is recorded anyway with a stock discrepancy', async () => {
    await shift()
    const { pack, warehouseId } = await stocked(3)
    const over = await pos('POST', '/sales', sale(pack.pack_id, 4, [{ method: 'cash', amount: pack.price * 4 }]))
    expect(over.statusCode).toBe(409)
    expect(over.json().message).toContain(pack.pack_name ?? '')
    expect((await stockOf(pack.pack_id, warehouseId)).quantity).toBe(3)
    const soldAt = new Date(Date.now() - 3600_000).toISOString()
    const offline = await pos('POST', '/sales', sale(pack.pack_id, 5, [{ method: 'cash', amount: pack.price * 5 }], { offline: true, sold_at: soldAt }))
    expect(offline.statusCode).toBe(201)
    const row = await stockOf(pack.pack_id, warehouseId)
    expect(row.quantity).toBe(0)
    const listed = (await pos('GET', '/discrepancies')).json().data
    expect(listed[0]).toMatchObject({ order_number: offline.json().order_number, pack_id: pack.pack_id, sold: 5, short_by: 2, sold_at: soldAt })
  })

  it('limits discounts: never more than the line, above 20% only for a superadmin', async () => {
    await shift()
    const { pack } = await stocked(10)
    const line = (discount: number) => ({
      client_id: randomUUID(),
      lines: [{ pack_id: pack.pack_id, quantity: 1, discount }],
      payments: [{ method: 'cash', amount: pack.price }],
    })
    const over = await pos('POST', '/sales', line(pack.price + 1))
    expect(over.statusCode).toBe(422)
    expect(over.json().errors['lines.0.discount']).toMatch(/more than the line/)
    const phone = '9876500077'
    let [u] = await h.db().select({ id: users.id }).from(users).where(sql`phone = ${phone}`)
    if (!u) {
      ;[u] = await h.db().insert(users).values({ name: 'Counter Admin', phone, phoneVerifiedAt: new Date() }).returning({ id: users.id })
      await h
        .db()
        .insert(websiteMembers)
        .values({ websiteId: (await websiteOf(h.k().t)).id, userId: u.id, hasAdminAccess: true })
    }
    const plainAdmin = await signIn(h.k().t, phone)
    const big = Math.round(pack.price * 50) / 100
    const refused = await pos('POST', '/sales', line(big), plainAdmin)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors['lines.0.discount']).toMatch(/superadmin/)
    const small = Math.floor(pack.price * 10) / 100
    const allowed = await pos('POST', '/sales', line(small), plainAdmin)
    expect(allowed.statusCode).toBe(201)
    expect(allowed.json().total).toBeCloseTo(pack.price - small, 2)
    expect((await pos('POST', '/sales', line(big))).statusCode).toBe(201)
  })

  it('takes goods back against a receipt: never more than sold, refunds the way it was paid, stock goes back', async () => {
    await shift()
    const { pack, warehouseId } = await stocked(10)
    const price = pack.price
    const before = (await pos('GET', '/shifts/current')).json().shift
    const sold = await pos(
      'POST',
      '/sales',
      sale(pack.pack_id, 3, [
        { method: 'upi', amount: price },
        { method: 'cash', amount: price * 2 },
      ]),
    )
    const receipt = sold.json().order_number
    const tooMany = await pos('POST', '/returns', { order_number: receipt, lines: [{ pack_id: pack.pack_id, quantity: 4 }], refund_method: 'cash' })
    expect(tooMany.statusCode).toBe(422)
    expect(tooMany.json().errors['lines.0.quantity']).toMatch(/Only 3/)
    // the preview shows what the return would refund, and writes nothing
    const asked = { order_number: receipt, lines: [{ pack_id: pack.pack_id, quantity: 1 }], refund_method: 'original' }
    const preview = await pos('POST', '/returns/preview', asked)
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toEqual({
      order_number: receipt,
      refund_total: price,
      refunds: [{ method: 'upi', amount: price }],
      lines: [{ pack_id: pack.pack_id, quantity: 1, refund: price }],
    })
    expect((await pos('POST', '/returns/preview', { ...asked, lines: [{ pack_id: pack.pack_id, quantity: 4 }] })).statusCode).toBe(422)
    expect((await stockOf(pack.pack_id, warehouseId)).quantity).toBe(7)
    expect((await pos('GET', '/shifts/current')).json().shift.returns_count).toBe(before.returns_count)
    const one = await pos('POST', '/returns', asked)
    expect(one.statusCode).toBe(201)
    expect(one.json()).toMatchObject({ refund_total: price, refunds: [{ method: 'upi', amount: price }] })
    expect((await stockOf(pack.pack_id, warehouseId)).quantity).toBe(8)
    const rest = await pos('POST', '/returns', { order_number: receipt, refund_method: 'cash' })
    expect(rest.statusCode).toBe(201)
    expect(rest.json()).toMatchObject({
      refund_total: price * 2,
      refunds: [{ method: 'cash', amount: price * 2 }],
      lines: [{ pack_id: pack.pack_id, quantity: 2 }],
    })
    expect((await stockOf(pack.pack_id, warehouseId)).quantity).toBe(10)
    const nothingLeft = await pos('POST', '/returns', { order_number: receipt, lines: [{ pack_id: pack.pack_id, quantity: 1 }], refund_method: 'cash' })
    expect(nothingLeft.statusCode).toBe(422)
    const [order] = await rows<{ payment_status: string }>(sql`select payment_status from orders where order_number = ${receipt}`)
    expect(order.payment_status).toBe('refunded')
    // the shift report: the refunds by method, and the cash given back is out of the expected drawer
    const after = (await pos('GET', '/shifts/current')).json().shift
    expect(after.refunds.upi - before.refunds.upi).toBeCloseTo(price, 2)
    expect(after.refunds.cash - before.refunds.cash).toBeCloseTo(price * 2, 2)
    expect(after.returns_count - before.returns_count).toBe(2)
    expect(after.expected_cash - before.expected_cash).toBeCloseTo(0, 2)
    expect((await pos('POST', '/returns', { order_number: 'OD999999', refund_method: 'cash' })).statusCode).toBe(404)
  })

  it('refuses a negative or fractional count of a note or coin with a 422 on its field; the shift stays open', async () => {
    await closeOpen()
    const id = await shift()
    const res = await pos('POST', `/shifts/${id}/close`, { counted: { '500': -2, '10': 1.5, '100': 3 } })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toMatchObject({ 'counted.500': 'Count must be 0 or more', 'counted.10': 'Count must be a whole number' })
    expect((await pos('GET', '/shifts/current')).json().shift).toMatchObject({ shift_id: id, status: 'open' })
  })

  it('closes with the cash counted per note and coin: totals by method are the sum of the shift’s sales', { timeout: 120_000 }, async () => {
    const runs = driver === 'postgres' ? 6 : 4
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ units: fc.integer({ min: 1, max: 3 }), upi: fc.nat({ max: 100 }), card: fc.nat({ max: 100 }), extraCash: fc.nat({ max: 5000 }) }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 3000 }),
        async (sales, cashIn) => {
          await closeOpen()
          const id = await shift()
          const { pack } = await stocked(100)
          const totalPaise = (units: number) => Math.round(pack.price * 100) * units
          const model = { cash: 100_000, upi: 0, card: 0 }
          for (const s of sales) {
            const t = totalPaise(s.units)
            const upi = Math.floor((t * s.upi) / 400)
            const card = Math.floor((t * s.card) / 400)
            const cash = t - upi - card + s.extraCash
            const payments = [
              { method: 'upi', amount: upi / 100 },
              { method: 'card', amount: card / 100 },
              { method: 'cash', amount: cash / 100 },
            ].filter((p) => p.amount > 0)
            const res = await pos('POST', '/sales', sale(pack.pack_id, s.units, payments))
            expect(res.statusCode).toBe(201)
            expect(res.json().change_due).toBe(s.extraCash / 100)
            model.upi += upi
            model.card += card
            model.cash += t - upi - card
          }
          if (cashIn) expect((await pos('POST', `/shifts/${id}/cash`, { kind: 'in', amount: cashIn, reason: 'Change from the bank' })).statusCode).toBe(200)
          const report = (await pos('POST', `/shifts/${id}/close`, { counted: { '500': 2, '10': 3, '1': 4 } })).json()
          expect(report.sales).toEqual({ cash: (model.cash - 100_000) / 100, upi: model.upi / 100, card: model.card / 100, khata: 0 })
          expect(report.sales_count).toBe(sales.length)
          expect(report.expected_cash).toBeCloseTo(model.cash / 100 + cashIn, 2)
          expect(report).toMatchObject({ status: 'closed', counted_cash: 1034, counted: { '500': 2, '10': 3, '1': 4 } })
          expect(report.difference).toBeCloseTo(1034 - report.expected_cash, 2)
          // the same figures in SQL
          const [sums] = await rows<{ cash: number; upi: number; card: number }>(sql`
            select coalesce(sum(amount_paise) filter (where method = 'cash'), 0)::int as cash, coalesce(sum(amount_paise) filter (where method = 'upi'), 0)::int as upi,
              coalesce(sum(amount_paise) filter (where method = 'card'), 0)::int as card
            from pos_payments where shift_id = ${id}`)
          expect(sums).toEqual({ cash: model.cash - 100_000, upi: model.upi, card: model.card })
          expect((await pos('POST', `/shifts/${id}/close`, { counted: {} })).statusCode).toBe(409)
          expect((await pos('POST', `/shifts/${id}/cash`, { kind: 'out', amount: 1, reason: 'x' })).statusCode).toBe(409)
        },
      ),
      { numRuns: runs },
    )
  })
})

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('the counter and the website race for the last units (postgres)', () => {
  const h = useCheckoutApp('postgres')
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))

  it('never sells more than stocked, stock never below zero; offline sales arriving later are recorded with a discrepancy', { timeout: 120_000 }, async () => {
    const k = h.k()
    const a = await signIn(k.t, '9876500001')
    const pos = (url: string, body?: object) => staffCall(k.t, a, body ? 'POST' : 'GET', `/s/api/pos${url}`, body)
    const register = (await pos('/shifts/current')).json().register
    if (!(await pos('/shifts/current')).json().shift) expect((await pos('/shifts', { opening_cash: 0 })).statusCode).toBe(201)
    const [, pack] = k.sellable()
    const target = { pack_id: pack.pack_id, warehouse_id: register.warehouse_id }
    await k.setStock(pack.pack_id, register.warehouse_id, 1000)
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => k.shopperWithCart([target])))
    const slots = await Promise.all(shoppers.map((s) => k.firstSlots(s, s.addressId)))
    await k.setStock(pack.pack_id, register.warehouse_id, 8)
    const web = shoppers.map((s, i) =>
      k.call(s, 'POST', '/checkout/place', { address_id: s.addressId, slots: slots[i], payment_method: 'cod', idempotency_key: `pos-race-${i}` }),
    )
    const counter = Array.from({ length: 12 }, () =>
      pos('/sales', { client_id: randomUUID(), lines: [{ pack_id: pack.pack_id, quantity: 1 }], payments: [{ method: 'cash', amount: pack.price }] }),
    )
    const [webRes, posRes] = [await Promise.all(web), await Promise.all(counter)]
    const webOk = webRes.filter((r) => r.statusCode === 200).length
    const posOk = posRes.filter((r) => r.statusCode === 201).length
    expect(webRes.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true)
    expect(posRes.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true)
    expect(webOk + posOk).toBe(8)
    const [row] = await rows<{ quantity: number; reserved: number }>(
      sql`select quantity, reserved from stock where pack_id = ${pack.pack_id} and warehouse_id = ${register.warehouse_id}`,
    )
    expect(row).toEqual({ quantity: 8 - posOk, reserved: webOk })
    const [ledger] = await rows<{ sold: number }>(sql`
      select coalesce(-sum(on_hand_change), 0)::int as sold from stock_ledger
      where pack_id = ${pack.pack_id} and warehouse_id = ${register.warehouse_id} and reason = 'sold'
        and order_id in (select id from orders where channel = 'pos')`)
    expect(ledger.sold).toBeGreaterThanOrEqual(posOk)

    // the counter was offline meanwhile: its two sales arrive now, after the shelf emptied
    const offline = await Promise.all(
      [2, 3].map((n) =>
        pos('/sales', {
          client_id: randomUUID(),
          lines: [{ pack_id: pack.pack_id, quantity: n }],
          payments: [{ method: 'cash', amount: pack.price * n }],
          offline: true,
        }),
      ),
    )
    expect(offline.map((r) => r.statusCode)).toEqual([201, 201])
    const numbers = offline.map((r) => r.json().order_number)
    const found = await rows<{ order_number: string; short_by: number }>(sql`
      select o.order_number, d.short_by from pos_stock_discrepancies d join orders o on o.id = d.order_id
      where o.order_number in (${sql.join(numbers, sql`, `)}) order by o.order_number`)
    expect(found.map((f) => f.order_number).sort()).toEqual([...numbers].sort())
    expect(found.reduce((s, f) => s + f.short_by, 0)).toBe(5)
    const [after] = await rows<{ quantity: number; reserved: number; negative: number }>(sql`
      select quantity, reserved, (select count(*)::int from stock where quantity < 0 or reserved < 0 or reserved > quantity) as negative
      from stock where pack_id = ${pack.pack_id} and warehouse_id = ${register.warehouse_id}`)
    expect(after).toEqual({ quantity: webOk, reserved: webOk, negative: 0 })
  })

  it('a close while sales run: every sale lands in one shift, and the closed shift’s figures are its sales', { timeout: 60_000 }, async () => {
    const k = h.k()
    const a = await signIn(k.t, '9876500001')
    const pos = (url: string, body?: object) => staffCall(k.t, a, body ? 'POST' : 'GET', `/s/api/pos${url}`, body)
    const current = (await pos('/shifts/current')).json()
    if (current.shift) await pos(`/shifts/${current.shift.shift_id}/close`, { counted: {} })
    const id = (await pos('/shifts', { opening_cash: 200 })).json().shift_id
    const [pack] = k.sellable()
    await k.setStock(pack.pack_id, current.register.warehouse_id, 1000)
    const sell = () =>
      pos('/sales', { client_id: randomUUID(), lines: [{ pack_id: pack.pack_id, quantity: 1 }], payments: [{ method: 'cash', amount: pack.price }] })
    const first = Array.from({ length: 10 }, sell)
    const close = pos(`/shifts/${id}/close`, { counted: { '100': 2 } })
    const later = Array.from({ length: 10 }, sell)
    const answers = await Promise.all([...first, ...later])
    const closed = (await close).json()
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true)
    const made = answers.filter((r) => r.statusCode === 201).map((r) => r.json().order_number)
    const [inShift] = await rows<{ n: number; paise: number }>(sql`
      select count(*)::int as n, coalesce(sum(p.amount_paise), 0)::int as paise from pos_sales s join pos_payments p on p.order_id = s.order_id
      where s.shift_id = ${id}`)
    expect(inShift.n).toBe(made.length)
    expect(closed.sales_count).toBe(made.length)
    expect(Math.round(closed.sales.cash * 100)).toBe(inShift.paise)
    expect(Math.round(closed.expected_cash * 100)).toBe(20_000 + inShift.paise)
    expect((await pos(`/shifts/${id}`)).json()).toMatchObject({ sales_count: made.length, expected_cash: closed.expected_cash })
  })
})
