import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { type CheckoutKit, startCheckoutApp, until, useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

/** The counter's calls and a register with an open shift and a stocked pack, on one app. */
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
  /** the shopper scans the QR and pays (the simulator's control), then the webhook lands */
  async function payQr(qrId: string, extra: object = {}) {
    const paid = await k().sim('/pay', { provider: 'razorpay', order_id: qrId, outcome: 'success', ...extra })
    expect(paid.razorpay_payment_id).toMatch(/^pay_/)
    return paid.razorpay_payment_id as string
  }
  const status = async (qrId: string) => (await pos('GET', `/upi-qr/${qrId}`)).json()
  /** paid with both of Razorpay's webhooks lost (dropped, never retried); the QR made a minute ago, so a poll re-queries */
  async function payLost(qrId: string) {
    await k().sim('/webhooks/options', { dropFirst: 2, maxAttempts: 1 })
    const paymentId = await payQr(qrId)
    await until(async () => {
      const log = (await k().t.app.inject({ method: 'GET', url: '/__sim/log' })).json() as { webhooks: { error: string | null; type: string }[] }
      return log.webhooks.filter((w) => w.error === 'dropped (dropFirst)').length >= 2
    })
    await k().sim('/webhooks/options', { dropFirst: 0, maxAttempts: 6 })
    await rows(sql`update pos_upi_qrs set created_at = now() - interval '1 minute' where provider_qr_id = ${qrId}`)
    return paymentId
  }
  const creditedEvent = async (qrId: string) => {
    const events = (await k().t.app.inject({ method: 'GET', url: '/__sim/webhooks' })).json() as { eventId: string; type: string; body: string }[]
    return events.find((e) => e.type === 'qr_code.credited' && e.body.includes(qrId))!.eventId
  }
  return { pos, rows, ready, payQr, status, payLost, creditedEvent }
}

describe.each(drivers)('UPI by a dynamic QR at the counter (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const c = counter(h.k)

  it('makes a single-use fixed-amount QR at Razorpay, paid by its webhook once; a sale takes it once', async () => {
    const { pack, warehouseId } = await c.ready(10)
    const amount = pack.price * 2
    const started = await c.pos('POST', '/upi-qr', { amount })
    expect(started.statusCode).toBe(201)
    const qr = started.json()
    expect(qr).toMatchObject({ qr_id: expect.stringMatching(/^qr_/), amount, status: 'pending', payment_id: null, order_number: null })
    expect(new Date(qr.expires_at).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000)
    // what Razorpay was asked (QR Codes API) and the image it hosts
    const held = await h.k().razorpay('GET', `/payments/qr_codes/${qr.qr_id}`)
    expect(held).toMatchObject({ type: 'upi_qr', usage: 'single_use', fixed_amount: true, payment_amount: Math.round(amount * 100), status: 'active' })
    const image = await fetch(qr.image_url)
    expect(image.headers.get('content-type')).toMatch(/svg/)

    // not paid yet: a sale naming it is refused
    const body = (payments: object[]) => ({ client_id: randomUUID(), lines: [{ pack_id: pack.pack_id, quantity: 2 }], payments })
    const early = await c.pos('POST', '/sales', body([{ method: 'upi', amount, qr_id: qr.qr_id }]))
    expect(early.statusCode).toBe(422)
    expect(early.json().errors['payments.0.qr_id']).toMatch(/not paid/)

    const paymentId = await c.payQr(qr.qr_id)
    await until(async () => (await c.status(qr.qr_id)).status === 'paid')
    expect(await c.status(qr.qr_id)).toMatchObject({ status: 'paid', payment_id: paymentId })
    // the webhook again (Razorpay retries): stored once, nothing changes
    const events = (await h.k().t.app.inject({ method: 'GET', url: '/__sim/webhooks' })).json() as { eventId: string; type: string; body: string }[]
    const credited = events.filter((e) => e.type === 'qr_code.credited' && e.body.includes(qr.qr_id))
    expect(credited).toHaveLength(1)
    const replay = (await h.k().t.app.inject({ method: 'POST', url: `/__sim/replay/${credited[0].eventId}` })).json()
    expect(replay.status).toBe(200)
    const stored = await c.rows<{ n: number }>(sql`select count(*)::int as n from payment_events where event_id = ${credited[0].eventId}`)
    expect(stored[0].n).toBe(1)

    // the wrong amount for it, or not as upi: refused
    const wrong = await c.pos(
      'POST',
      '/sales',
      body([
        { method: 'upi', amount: amount - 1, qr_id: qr.qr_id },
        { method: 'cash', amount: 1 },
      ]),
    )
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors['payments.0.qr_id']).toMatch(/paid/)
    const asCard = await c.pos('POST', '/sales', body([{ method: 'card', amount, qr_id: qr.qr_id }]))
    expect(asCard.statusCode).toBe(422)

    const sold = await c.pos('POST', '/sales', body([{ method: 'upi', amount, qr_id: qr.qr_id }]))
    expect(sold.statusCode).toBe(201)
    const [pay] = await c.rows<{ method: string; amount_paise: number; reference: string; upi_qr_id: number }>(
      sql`select p.method, p.amount_paise, p.reference, p.upi_qr_id from pos_payments p join orders o on o.id = p.order_id where o.order_number = ${sold.json().order_number}`,
    )
    expect(pay).toMatchObject({ method: 'upi', amount_paise: Math.round(amount * 100), reference: paymentId, upi_qr_id: expect.any(Number) })
    expect(await c.status(qr.qr_id)).toMatchObject({ status: 'paid', order_number: sold.json().order_number })
    // one QR pays one sale
    const twice = await c.pos('POST', '/sales', body([{ method: 'upi', amount, qr_id: qr.qr_id }]))
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toMatch(/already paid another sale/)
    expect((await h.k().stockOf(pack.pack_id, warehouseId)).quantity).toBe(8)
  })

  it('a lost qr_code.credited webhook: the poll re-queries the QR’s payments at Razorpay, so the sale completes once', async () => {
    const { pack } = await c.ready(10)
    const qr = (await c.pos('POST', '/upi-qr', { amount: pack.price })).json()
    // a new QR is not re-queried (the webhook normally lands within seconds)
    expect((await c.status(qr.qr_id)).status).toBe('pending')
    const paymentId = await c.payLost(qr.qr_id)
    const [stored] = await c.rows<{ n: number }>(sql`select count(*)::int as n from payment_events where raw_body like ${`%${qr.qr_id}%`}`)
    expect(stored.n).toBe(0)
    expect(await c.status(qr.qr_id)).toMatchObject({ status: 'paid', payment_id: paymentId })
    const sold = await c.pos('POST', '/sales', {
      client_id: randomUUID(),
      lines: [{ pack_id: pack.pack_id, quantity: 1 }],
      payments: [{ method: 'upi', amount: pack.price, qr_id: qr.qr_id }],
    })
    expect(sold.statusCode, sold.body).toBe(201)
    // the webhook arrives late after all: nothing changes, the QR pays no second sale
    const late = (await h.k().t.app.inject({ method: 'POST', url: `/__sim/replay/${await c.creditedEvent(qr.qr_id)}` })).json()
    expect(late.status).toBe(200)
    expect(await c.status(qr.qr_id)).toMatchObject({ status: 'paid', payment_id: paymentId, order_number: sold.json().order_number })
    const again = await c.pos('POST', '/sales', {
      client_id: randomUUID(),
      lines: [{ pack_id: pack.pack_id, quantity: 1 }],
      payments: [{ method: 'upi', amount: pack.price, qr_id: qr.qr_id }],
    })
    expect(again.statusCode).toBe(409)
  })

  it('refuses a webhook of the wrong amount, a forged one, an unknown or another website’s QR; without a shift no QR', async () => {
    await c.ready(5)
    const qr = (await c.pos('POST', '/upi-qr', { amount: 40 })).json()
    // the shopper's app paid another amount (a fixed-amount QR cannot, but the trust rule checks it): stays pending
    await c.payQr(qr.qr_id, { amount_override: 3900 })
    await until(async () => {
      const [e] = await c.rows<{ outcome: string }>(
        sql`select outcome from payment_events where type = 'qr_code.credited' and raw_body like ${`%${qr.qr_id}%`}`,
      )
      return e?.outcome === 'qr amount mismatch'
    })
    expect((await c.status(qr.qr_id)).status).toBe('pending')
    // a forged webhook
    const forged = await h.k().t.app.inject({
      method: 'POST',
      url: '/s/api/payments/webhooks/razorpay',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': '0'.repeat(64) },
      payload: JSON.stringify({ event: 'qr_code.credited', payload: { qr_code: { entity: { id: qr.qr_id, image_url: '', status: 'closed' } } } }),
    })
    expect(forged.statusCode).toBe(401)
    expect((await c.status(qr.qr_id)).status).toBe('pending')
    expect((await c.pos('GET', '/upi-qr/qr_NoSuchQr0000001')).statusCode).toBe(404)
    const shop2 = await signIn(h.k().t, '9876500001', SHOP2)
    expect((await staffCall(h.k().t, shop2, 'GET', `/s/api/pos/upi-qr/${qr.qr_id}`, undefined, SHOP2)).statusCode).toBe(404)
    expect((await c.pos('GET', '/upi-qr/not-a-qr')).statusCode).toBe(422)
    expect((await c.pos('POST', '/upi-qr', { amount: 0.5 })).statusCode).toBe(422)
    const shift = (await c.pos('GET', '/shifts/current')).json().shift
    expect((await c.pos('POST', `/shifts/${shift.shift_id}/close`, { counted: {} })).statusCode).toBe(200)
    const none = await c.pos('POST', '/upi-qr', { amount: 10 })
    expect(none.statusCode).toBe(409)
  })
})

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('one paid QR named by many sales at once (postgres)', () => {
  let kit: CheckoutKit
  beforeAll(async () => {
    kit = await startCheckoutApp('postgres')
  })
  afterAll(() => kit.t.close())
  const c = counter(() => kit)

  it('exactly one sale takes it, the others are refused and sell nothing', { timeout: 120_000 }, async () => {
    const { pack, warehouseId } = await c.ready(100)
    const qr = (await c.pos('POST', '/upi-qr', { amount: pack.price })).json()
    await c.payQr(qr.qr_id)
    await until(async () => (await c.status(qr.qr_id)).status === 'paid')
    const who = await signIn(kit.t, '9876500001')
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        staffCall(kit.t, who, 'POST', '/s/api/pos/sales', {
          client_id: randomUUID(),
          lines: [{ pack_id: pack.pack_id, quantity: 1 }],
          payments: [{ method: 'upi', amount: pack.price, qr_id: qr.qr_id }],
        }),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((s) => s === 201)).toHaveLength(1)
    expect(codes.filter((s) => s !== 201).every((s) => s === 409)).toBe(true)
    const [used] = await c.rows<{ payments: number; orders: number }>(sql`
      select (select count(*)::int from pos_payments p join pos_upi_qrs q on q.id = p.upi_qr_id where q.provider_qr_id = ${qr.qr_id}) as payments,
             (select count(*)::int from pos_upi_qrs where provider_qr_id = ${qr.qr_id} and order_id is not null) as orders`)
    expect(used).toEqual({ payments: 1, orders: 1 })
    expect((await kit.stockOf(pack.pack_id, warehouseId)).quantity).toBe(99)
  })
})

// PostgreSQL only: the late webhook and the screen's re-query pay the same QR at the same moment.
describe.skipIf(!drivers.includes('postgres'))('a duplicate webhook racing the re-query (postgres)', () => {
  let kit: CheckoutKit
  beforeAll(async () => {
    kit = await startCheckoutApp('postgres')
  })
  afterAll(() => kit.t.close())
  const c = counter(() => kit)

  it('each QR is paid once with Razorpay’s payment, and each completes exactly one sale', { timeout: 120_000 }, async () => {
    const { pack, warehouseId } = await c.ready(100)
    const qrs: { qr_id: string; paymentId: string }[] = []
    for (let i = 0; i < 6; i++) {
      const qr = (await c.pos('POST', '/upi-qr', { amount: pack.price })).json()
      qrs.push({ qr_id: qr.qr_id, paymentId: await c.payLost(qr.qr_id) })
    }
    const events = await Promise.all(qrs.map((q) => c.creditedEvent(q.qr_id)))
    await Promise.all(
      qrs.flatMap((q, i) => [
        kit.t.app.inject({ method: 'POST', url: `/__sim/replay/${events[i]}` }),
        kit.t.app.inject({ method: 'POST', url: `/__sim/replay/${events[i]}` }),
        c.status(q.qr_id),
        c.status(q.qr_id),
      ]),
    )
    for (const q of qrs) expect(await c.status(q.qr_id)).toMatchObject({ status: 'paid', payment_id: q.paymentId })
    const who = await signIn(kit.t, '9876500001')
    const answers = await Promise.all(
      qrs.flatMap((q) =>
        Array.from({ length: 3 }, () =>
          staffCall(kit.t, who, 'POST', '/s/api/pos/sales', {
            client_id: randomUUID(),
            lines: [{ pack_id: pack.pack_id, quantity: 1 }],
            payments: [{ method: 'upi', amount: pack.price, qr_id: q.qr_id }],
          }),
        ),
      ),
    )
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(qrs.length)
    expect(answers.filter((a) => a.statusCode !== 201).every((a) => a.statusCode === 409)).toBe(true)
    const ids = `{${qrs.map((q) => q.qr_id).join(',')}}`
    const [check] = await c.rows<{ paid: number; sales: number; payments: number; wrong: number }>(sql`
      select count(*) filter (where q.status = 'paid')::int as paid,
             count(distinct q.order_id)::int as sales,
             (select count(*)::int from pos_payments p join pos_upi_qrs x on x.id = p.upi_qr_id where x.provider_qr_id = any(${ids}::text[])) as payments,
             count(*) filter (where q.paid_paise <> q.amount_paise)::int as wrong
      from pos_upi_qrs q where q.provider_qr_id = any(${ids}::text[])`)
    expect(check).toEqual({ paid: qrs.length, sales: qrs.length, payments: qrs.length, wrong: 0 })
    expect((await kit.stockOf(pack.pack_id, warehouseId)).quantity).toBe(100 - qrs.length)
  })
})
