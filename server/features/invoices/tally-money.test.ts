import { randomUUID } from 'node:crypto'
import { Window } from 'happy-dom'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers } from '../../test/app'
import { freshPhone } from '../../test/fixture-kit'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { pick, until, useCheckoutApp } from '../checkout/test-kit'

/**
 * The Tally export's money through the real calls (issue 34; docs/decisions/0051): an online payment and its refund
 * (Receipt, then Payment), cash on delivery given back in cash, and a customer's khata at the counter: the khata
 * tender is no receipt, the credit sale and its return are Journals to her own ledger, her payment a Receipt.
 */

interface Entry {
  ledger: string
  paise: number
}
interface Parsed {
  type: string
  number: string
  party: string
  narration: string
  entries: Entry[]
}

function vouchersOf(xml: string): Parsed[] {
  const doc = new new Window().DOMParser().parseFromString(xml, 'application/xml')
  expect(doc.getElementsByTagName('parsererror').length).toBe(0)
  const text = (el: { getElementsByTagName: (t: string) => ArrayLike<{ textContent: string | null }> }, tag: string) =>
    el.getElementsByTagName(tag)[0]?.textContent ?? ''
  return [...doc.getElementsByTagName('VOUCHER')].map((v) => ({
    type: v.getAttribute('VCHTYPE') ?? '',
    number: text(v, 'VOUCHERNUMBER'),
    party: text(v, 'PARTYLEDGERNAME'),
    narration: text(v, 'NARRATION'),
    entries: [...v.getElementsByTagName('ALLLEDGERENTRIES.LIST')].map((e) => ({
      ledger: text(e, 'LEDGERNAME'),
      paise: Math.round(Number(text(e, 'AMOUNT')) * 100),
    })),
  }))
}
/** the voucher's entries as ledger → paise (+ credit, − debit) */
const book = (v: Parsed) => Object.fromEntries(v.entries.map((e) => [e.ledger, e.paise]))

describe.each(drivers)('Tally export: receipts, refunds and the khata (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const admin = () => signIn(h.k().t, '9876500001')
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => staffCall(h.k().t, await admin(), method, `/s/api${url}`, body)
  const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
  async function exported(): Promise<Parsed[]> {
    const res = await call('GET', `/admin/exports/tally.xml?from=${today()}&to=${today()}`)
    expect(res.statusCode, res.body).toBe(200)
    const vouchers = vouchersOf(res.body)
    for (const v of vouchers)
      expect(
        v.entries.reduce((sum, e) => sum + e.paise, 0),
        `${v.number} balances`,
      ).toBe(0)
    return vouchers
  }
  // the money vouchers of an order (its Sales voucher names it too)
  const ofOrder = (vouchers: Parsed[], orderNumber: string) =>
    vouchers.filter((v) => (v.type === 'Receipt' || v.type === 'Payment') && v.narration.includes(`Order ${orderNumber}`))

  it('an online payment is a Receipt into the bank; a part refunded a Payment out of it, to the same party', async () => {
    const k = h.k()
    const [p1, p2] = k.sellable()
    const s = await k.shopperWithCart([p1, p2], 2)
    const { order } = await k.place(s, 'razorpay')
    const pay = (await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)).json()
    const triple = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))).json().status).toBe('paid')
    const refunded = await call('POST', `/admin/orders/${order.order_id}/refunds`, { amount: 700, reason: 'One packet torn' })
    expect(refunded.statusCode, refunded.body).toBe(200)
    await until(async () => {
      await k.drain()
      const rows = rowsOf<{ status: string }>(await h.db().execute(sql`select status from payment_refunds where order_id = ${order.order_id}`))
      return rows.length === 1 && rows[0].status === 'processed'
    }, 8000)

    const mine = ofOrder(await exported(), order.order_number)
    expect(mine.map((v) => v.type).sort()).toEqual(['Payment', 'Receipt'])
    const receipt = mine.find((v) => v.type === 'Receipt')!
    expect(book(receipt)).toEqual({ 'Bank Account': -order.total, 'Online Customers': order.total })
    const payment = mine.find((v) => v.type === 'Payment')!
    expect(book(payment)).toEqual({ 'Bank Account': 700, 'Online Customers': -700 })
    expect(payment.number).toMatch(/^PMT-\d{5}$/)
    expect(payment.narration).toMatch(/Refund /)
  })

  it('cash on delivery: a Receipt into the cash at the delivery; given back in cash, a Payment out of it', async () => {
    const k = h.k()
    const c = await k.shopperWithCart([k.sellable()[1]], 2)
    const { order } = await k.place(c, 'cod')
    for (const status of ['packed', 'out_for_delivery', 'delivered'])
      expect((await call('POST', `/admin/orders/${order.order_id}/status`, { status })).statusCode).toBe(200)
    expect((await call('POST', `/admin/orders/${order.order_id}/refunds`, { amount: order.total, reason: 'Returned at the door' })).statusCode).toBe(200)
    const mine = ofOrder(await exported(), order.order_number)
    expect(mine.map((v) => [v.type, book(v)])).toEqual([
      ['Receipt', { Cash: -order.total, 'Online Customers': order.total }],
      ['Payment', { Cash: order.total, 'Online Customers': -order.total }],
    ])
  })

  it('the khata at the counter: no receipt for the khata tender; Journals to her ledger for the credit sale and its return, a Receipt for her payment', async () => {
    const current = (await call('GET', '/pos/shifts/current')).json()
    if (!current.shift) expect((await call('POST', '/pos/shifts', { opening_cash: 500 })).statusCode).toBe(201)
    const pack = h.k().sellable()[0]
    await h.k().setStock(pack.pack_id, current.register.warehouse_id, 100)
    const sale = (quantity: number, payments: object[], extra: object) =>
      call('POST', '/pos/sales', { client_id: randomUUID(), lines: [{ pack_id: pack.pack_id, quantity }], payments, ...extra })
    const phone = freshPhone()
    expect((await sale(1, [{ method: 'cash', amount: pack.price }], { customer_phone: phone })).statusCode).toBe(201)
    const [{ id }] = rowsOf<{ id: number }>(await h.db().execute(sql`select id from users where phone = ${phone}`))
    expect((await call('PUT', `/admin/customers/${id}/khata`, { credit_limit: 100_000 })).statusCode).toBe(200)

    // three units: ₹1 in cash, the rest on khata; one unit brought back (off the khata); the rest paid in cash (rupees here)
    const paise = (rupees: number) => Math.round(rupees * 100)
    const sold = await sale(
      3,
      [
        { method: 'cash', amount: 1 },
        { method: 'khata', amount: pack.price * 3 - 1 },
      ],
      { customer_phone: phone },
    )
    expect(sold.statusCode, sold.body).toBe(201)
    const onKhata = paise(pack.price * 3 - 1)
    const { order_number } = sold.json()
    const back = await call('POST', '/pos/returns', { order_number, lines: [{ pack_id: pack.pack_id, quantity: 1 }], refund_method: 'original' })
    expect(back.statusCode, back.body).toBe(201)
    expect(back.json().refunds).toEqual([{ method: 'khata', amount: pack.price }])
    const owed = onKhata - paise(pack.price)
    expect((await call('POST', `/admin/customers/${id}/khata/payments`, { amount: owed / 100, method: 'cash' })).statusCode).toBe(201)

    const vouchers = await exported()
    const mine = ofOrder(vouchers, order_number)
    // only the ₹1 taken in cash is a receipt of the sale; the khata part is not money in the drawer or the bank
    expect(mine.filter((v) => v.type === 'Receipt').map(book)).toEqual([{ Cash: -100, 'Counter Customers': 100 }])
    const ledger = vouchers.find((v) => v.type === 'Journal' && v.narration.includes(order_number))!.party
    expect(ledger).toMatch(/^Khata - .*\(\d{10}\)$/)
    expect(ledger).toContain(phone)
    const hers = vouchers.filter((v) => v.party === ledger)
    expect(hers.map((v) => [v.type, book(v)])).toEqual([
      ['Journal', { [ledger]: -onKhata, 'Counter Customers': onKhata }],
      ['Journal', { [ledger]: paise(pack.price), 'Counter Customers': -paise(pack.price) }],
      ['Receipt', { [ledger]: owed, Cash: -owed }],
    ])
    expect(hers.map((v) => v.number)).toEqual(expect.arrayContaining([expect.stringMatching(/^KH-\d{5}$/)]))
    // her ledger ends where her khata does: at zero
    expect(hers.flatMap((v) => v.entries).reduce((sum, e) => sum + (e.ledger === ledger ? e.paise : 0), 0)).toBe(0)
  })
})
