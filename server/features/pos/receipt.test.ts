import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn } from '../../test/shopper'
import { cast, staffCall } from '../../test/staff'
import type { OtpMessage } from '../accounts/otp-delivery/message'
import { outboxHandlers } from '../checkout/jobs'
import { useCheckoutApp } from '../checkout/test-kit'
import { drainOutbox } from '../orders/outbox'
import { providersFor } from '../payments/service'

describe.each(drivers)('the counter receipt (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const admin = () => signIn(h.k().t, '9876500001')
  const pos = async (method: 'GET' | 'POST', url: string, body?: object) => staffCall(h.k().t, await admin(), method, `/s/api/pos${url}`, body)
  async function ready(units: number) {
    const current = (await pos('GET', '/shifts/current')).json()
    if (!current.shift) expect((await pos('POST', '/shifts', { opening_cash: 1000 })).statusCode).toBe(201)
    const register = (await pos('GET', '/shifts/current')).json().register as { warehouse_id: number; name: string }
    const packs = h.k().sellable()
    await h.k().setStock(packs[0].pack_id, register.warehouse_id, units)
    await h.k().setStock(packs[1].pack_id, register.warehouse_id, units)
    return { a: packs[0], b: packs[1], register }
  }

  it('answers what the receipt prints: shop, lines with MRP savings, discounts, payments with change, cashier, register', async () => {
    const { a, b, register } = await ready(20)
    const sold = await pos('POST', '/sales', {
      client_id: randomUUID(),
      lines: [
        { pack_id: a.pack_id, quantity: 2, discount: 1 },
        { pack_id: b.pack_id, quantity: 1 },
      ],
      payments: [
        { method: 'upi', amount: 5, reference: 'UPI-REF-1' },
        { method: 'cash', amount: a.price * 2 + b.price + 100 },
      ],
      customer_phone: '9811122233',
    })
    expect(sold.statusCode).toBe(201)
    const number = sold.json().order_number as string
    const res = await pos('GET', `/sales/${number.toLowerCase()}`)
    expect(res.statusCode).toBe(200)
    const r = res.json()
    const total = Math.round((a.price * 2 + b.price - 1) * 100) / 100
    expect(r).toMatchObject({
      order_number: number,
      offline: false,
      shop: { name: expect.any(String), address: expect.stringContaining('Bengaluru'), phone: expect.stringContaining('+91') },
      register: register.name,
      cashier: expect.any(String),
      customer: { phone: '9811122233' },
      items_count: 3,
      total,
      discount: 1,
      coupon: null,
      status: 'paid',
    })
    expect(r.cashier.length).toBeGreaterThan(0)
    // the tax part: the invoice issued with the sale (the demo website is registered), the shop's state
    const [invoice] = await h
      .db()
      .execute(sql`select number, total_paise from tax_documents where kind = 'invoice' and order_id = (select id from orders where order_number = ${number})`)
      .then(rowsOf<{ number: string; total_paise: number }>)
    expect(r.tax).toMatchObject({
      invoice_number: invoice.number,
      gstin: '29AAKCK4821M1Z0',
      place_of_supply: '29-Karnataka',
      inter_state: false,
      credit_notes: [],
    })
    expect(Math.round(r.tax.totals.total * 100)).toBe(invoice.total_paise)
    expect(Math.round(r.tax.totals.total * 100)).toBe(Math.round(total * 100))
    expect(r.tax.totals.cgst).toBe(r.tax.totals.sgst)
    expect(Math.round(r.tax.totals.taxable * 100) + Math.round(r.tax.totals.tax * 100)).toBe(Math.round(total * 100))
    expect(r.lines).toEqual([
      expect.objectContaining({
        pack_id: a.pack_id,
        quantity: 2,
        price: a.price,
        mrp: Math.max(a.act_price, a.price),
        discount: 1,
        net: Math.round((a.price * 2 - 1) * 100) / 100,
        returned: 0,
      }),
      expect.objectContaining({ pack_id: b.pack_id, quantity: 1, price: b.price, discount: 0, net: b.price }),
    ])
    expect(r.lines[0].savings).toBeCloseTo(Math.max(a.act_price - a.price, 0) * 2, 2)
    expect(r.mrp_savings).toBeCloseTo(r.mrp_total - r.items_total, 2)
    expect(r.total_savings).toBeCloseTo(r.mrp_savings + 1, 2)
    expect(r.payments).toEqual([
      { method: 'upi', amount: 5, tendered: 5, change: 0, reference: 'UPI-REF-1' },
      {
        method: 'cash',
        amount: Math.round((total - 5) * 100) / 100,
        tendered: Math.round((a.price * 2 + b.price + 100) * 100) / 100,
        change: 106,
        reference: null,
      },
    ])
    expect(r.change_due).toBe(106)

    // a return shows on the receipt
    expect((await pos('POST', '/returns', { order_number: number, lines: [{ pack_id: b.pack_id, quantity: 1 }], refund_method: 'cash' })).statusCode).toBe(201)
    const after = (await pos('GET', `/sales/${number}`)).json()
    expect(after.status).toBe('partly_returned')
    expect(after.refunded).toBe(b.price)
    expect(after.lines[1].returned).toBe(1)
    expect(after.tax.credit_notes).toEqual([{ number: expect.stringMatching(/\/\d{5}$/), total: b.price }])
  })

  it('sends the receipt by SMS or email through the outbox, delivered by the worker', async () => {
    const { a } = await ready(10)
    const sold = await pos('POST', '/sales', {
      client_id: randomUUID(),
      lines: [{ pack_id: a.pack_id, quantity: 2 }],
      payments: [{ method: 'cash', amount: a.price * 2 + 10 }],
    })
    const number = sold.json().order_number
    const sms = await pos('POST', `/sales/${number}/send`, { phone: '9811122234' })
    expect(sms.statusCode).toBe(201)
    expect(sms.json()).toEqual({ queued: true, channel: 'sms', to: '9811122234' })
    const email = await pos('POST', `/sales/${number}/send`, { email: 'Buyer@Example.com' })
    expect(email.json()).toEqual({ queued: true, channel: 'email', to: 'buyer@example.com' })
    expect((await pos('POST', `/sales/${number}/send`, {})).statusCode).toBe(422)
    expect((await pos('POST', `/sales/${number}/send`, { phone: '9811122234', email: 'a@b.com' })).statusCode).toBe(422)
    expect((await pos('POST', `/sales/${number}/send`, { phone: '12345' })).statusCode).toBe(422)
    expect((await pos('POST', '/sales/OD999999/send', { phone: '9811122234' })).statusCode).toBe(404)

    const sent: OtpMessage[] = []
    const t = h.k().t
    const handlers = outboxHandlers(t.app, (id, made) => providersFor(t.app.deps.db, t.app.deps.config, t.app.payments, id, made), {
      send: async (m) => {
        sent.push(m)
      },
    })
    await drainOutbox(t.app.deps.db, handlers, t.app.log, 100)
    const mine = sent.filter((m) => m.notice?.subject.includes(number))
    expect(mine.map((m) => m.to)).toEqual([
      { kind: 'mobile', value: '9811122234' },
      { kind: 'email', value: 'buyer@example.com' },
    ])
    expect(mine[0].notice?.text).toMatch(new RegExp(`receipt ${number}: 2 items, total ₹`))
    expect(mine[0].notice?.text).toMatch(/paid Cash ₹/)
    const product = (await pos('GET', `/sales/${number}`)).json().lines[0].product
    expect(mine[1].notice?.text).toContain(`2 x ${product} (${a.pack_name})`)
    expect(mine[1].notice?.text).toMatch(/Bengaluru/)
    // not a way to flood someone's phone
    for (let i = 0; i < 3; i++) expect((await pos('POST', `/sales/${number}/send`, { phone: '9811122234' })).statusCode).toBe(201)
    expect((await pos('POST', `/sales/${number}/send`, { phone: '9811122234' })).statusCode).toBe(429)
  })

  it('is not found for an unknown number or another website’s admin; refuses people without admin access', async () => {
    await ready(5)
    const sold = await pos('POST', '/sales', {
      client_id: randomUUID(),
      lines: [{ pack_id: h.k().sellable()[0].pack_id, quantity: 1 }],
      payments: [{ method: 'cash', amount: h.k().sellable()[0].price }],
    })
    const number = sold.json().order_number
    expect((await pos('GET', '/sales/OD999999')).statusCode).toBe(404)
    expect((await pos('GET', `/sales/${'x'.repeat(41)}`)).statusCode).toBe(422)
    const c = await cast(h.k().t)
    expect((await staffCall(h.k().t, c.adminShop2, 'GET', `/s/api/pos/sales/${number}`, undefined, SHOP2)).statusCode).toBe(404)
    for (const [who, code] of [
      [c.visitor, 401],
      [c.shopper, 403],
      [c.agent, 403],
    ] as const)
      expect((await staffCall(h.k().t, who, 'GET', `/s/api/pos/sales/${number}`)).statusCode).toBe(code)
  })
})
