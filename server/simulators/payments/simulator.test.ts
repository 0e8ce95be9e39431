import { existsSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, listRoutes } from '../../test/app'
import { until } from '../../test/wait'
import { type SimApp, startSimApp } from './test-kit'

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`

describe('the payment simulator inside the app', () => {
  let s: SimApp
  let rzpAuth: string
  let cfHeaders: Record<string, string>
  beforeAll(async () => {
    s = await startSimApp()
    rzpAuth = basic(s.config.RAZORPAY_KEY_ID ?? '', s.config.RAZORPAY_KEY_SECRET ?? '')
    cfHeaders = { 'x-client-id': s.config.CASHFREE_CLIENT_ID ?? '', 'x-client-secret': s.config.CASHFREE_CLIENT_SECRET ?? '', 'x-api-version': '2025-01-01' }
  })
  afterAll(() => s.close())
  beforeEach(() => s.reset())

  const rzp = (method: 'GET' | 'POST', url: string, payload?: unknown, authorization = rzpAuth) =>
    s.app.inject({
      method,
      url,
      headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    })
  const cf = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = cfHeaders) =>
    s.app.inject({
      method,
      url,
      headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    })
  const customer = { customer_id: 'u1', customer_phone: '9876500003' }

  it('mounts outside /s/api and out of the OpenAPI description', async () => {
    const routes = listRoutes(s.app).map((r) => `${r.method} ${r.url}`)
    for (const r of [
      'POST /v1/orders',
      'GET /v1/orders/:id/payments',
      'POST /v1/payments/:id/refund',
      'POST /pg/orders',
      'PATCH /pg/orders/:orderId',
      'GET /sim/razorpay/checkout.js',
      'GET /sim/cashfree/pay/:session',
      'POST /__sim/pay',
      'GET /__sim/log',
    ]) {
      expect(routes).toContain(r)
    }
    const docs = (await s.app.inject({ method: 'GET', url: '/s/api/docs', headers: { 'x-web-url': 'http://localhost:3000' } })).json() as {
      paths: Record<string, unknown>
    }
    expect(Object.keys(docs.paths).filter((p) => !p.startsWith('/s/api/'))).toEqual([])
  })

  it('Razorpay: Basic auth, Razorpay error shapes, its validation messages', async () => {
    const noAuth = await rzp('POST', '/v1/orders', { amount: 100, currency: 'INR' }, '')
    expect(noAuth.statusCode).toBe(401)
    expect(noAuth.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } })
    expect((await rzp('GET', '/v1/orders', undefined, basic(s.config.RAZORPAY_KEY_ID ?? '', 'wrong'))).statusCode).toBe(401)
    const cases: [unknown, string, string][] = [
      [{ amount: 99, currency: 'INR' }, 'The amount must be at least INR 1.00', 'amount'],
      [{ amount: 100.5, currency: 'INR' }, 'The amount must be an integer.', 'amount'],
      [{ currency: 'INR' }, 'The amount field is required.', 'amount'],
      [{ amount: 100, currency: 'USD' }, 'Currency is not supported', 'currency'],
      [{ amount: 100, currency: 'INR', receipt: 'r'.repeat(41) }, 'The receipt may not be greater than 40 characters.', 'receipt'],
      [
        { amount: 100, currency: 'INR', notes: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])) },
        'Number of fields in notes should be less than or equal to 15',
        'notes',
      ],
      [{ amount: 100, currency: 'INR', price: 1 }, 'price is/are not required and should not be sent', 'price'],
    ]
    for (const [body, description, field] of cases) {
      const res = await rzp('POST', '/v1/orders', body)
      expect(res.statusCode, description).toBe(400)
      expect(res.json(), description).toEqual({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description,
          source: 'business',
          step: 'payment_initiation',
          reason: 'input_validation_failed',
          metadata: {},
          field,
        },
      })
    }
    const made = await rzp('POST', '/v1/orders', { amount: '50000', currency: 'INR', receipt: 'r1' })
    expect(made.json()).toMatchObject({
      entity: 'order',
      amount: 50000,
      amount_paid: 0,
      amount_due: 50000,
      status: 'created',
      attempts: 0,
      notes: [],
      receipt: 'r1',
    })
    expect((await rzp('GET', '/v1/orders/order_nope')).json()).toMatchObject({ error: { description: 'The id provided does not exist' } })
    expect((await rzp('GET', '/v1/nowhere')).statusCode).toBe(404)
    const listed = (await rzp('GET', '/v1/orders?receipt=r1')).json() as { entity: string; count: number }
    expect(listed).toMatchObject({ entity: 'collection', count: 1 })
    const bad = await s.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { authorization: rzpAuth, 'content-type': 'application/json' },
      payload: '{"amount":',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } })
  })

  it('Razorpay: manual capture only from authorized and for the full amount', async () => {
    const order = (await rzp('POST', '/v1/orders', { amount: 20000, currency: 'INR' })).json() as { id: string }
    const { razorpay_payment_id: id } = await s.pay({ provider: 'razorpay', order_id: order.id, outcome: 'authorized_only' })
    expect((await rzp('POST', `/v1/payments/${id}/capture`, { amount: 100, currency: 'INR' })).json()).toMatchObject({
      error: { description: 'Capture amount must be equal to the amount authorized' },
    })
    expect((await rzp('POST', `/v1/payments/${id}/capture`, { amount: 200.5, currency: 'INR' })).json()).toMatchObject({
      error: { description: 'The amount must be an integer.' },
    })
    const captured = await rzp('POST', `/v1/payments/${id}/capture`, { amount: 20000, currency: 'INR' })
    expect(captured.json()).toMatchObject({ id, status: 'captured', captured: true, order_id: order.id })
    expect((await rzp('POST', `/v1/payments/${id}/capture`, { amount: 20000, currency: 'INR' })).json()).toMatchObject({
      error: { description: 'This payment has already been captured' },
    })
    expect((await rzp('GET', `/v1/orders/${order.id}`)).json()).toMatchObject({ status: 'paid', amount_paid: 20000, amount_due: 0, attempts: 1 })
    expect((await s.pay({ provider: 'razorpay', order_id: order.id, outcome: 'success' })).message).toBe('This order is already paid')
  })

  it('Cashfree: header auth, versions, validation, duplicate order_id, idempotency keys', async () => {
    const body = { order_id: 'w1-A-1', order_amount: 10.5, order_currency: 'INR', customer_details: customer }
    expect((await cf('POST', '/pg/orders', body, { ...cfHeaders, 'x-client-secret': 'nope' })).json()).toEqual({
      message: 'authentication Failed',
      code: 'request_failed',
      type: 'authentication_error',
    })
    const { 'x-api-version': _, ...noVersion } = cfHeaders
    expect((await cf('POST', '/pg/orders', body, noVersion)).statusCode).toBe(400)
    expect((await cf('POST', '/pg/orders', body, { ...cfHeaders, 'x-api-version': '2019-01-01' })).json()).toMatchObject({ type: 'invalid_request_error' })
    expect((await cf('POST', '/pg/orders', { ...body, order_amount: 10.555 })).json()).toMatchObject({ code: 'order_amount_invalid' })
    expect((await cf('POST', '/pg/orders', { ...body, customer_details: {} })).json()).toMatchObject({ code: 'customer_details.customer_id_missing' })
    expect((await cf('POST', '/pg/orders', { ...body, order_id: 'bad id!' })).json()).toMatchObject({ code: 'order_id_invalid' })
    const made = await cf('POST', '/pg/orders', body)
    expect(made.json()).toMatchObject({
      order_id: 'w1-A-1',
      entity: 'order',
      order_amount: 10.5,
      order_currency: 'INR',
      order_status: 'ACTIVE',
      payment_session_id: expect.stringMatching(/^session_/),
    })
    expect(made.json().order_expiry_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/)
    const dup = await cf('POST', '/pg/orders', body)
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toEqual({ message: 'order with same order_id already exists', code: 'order_already_exists', type: 'invalid_request_error' })
    const keyed = { ...cfHeaders, 'x-idempotency-key': 'k1' }
    const once = await cf('POST', '/pg/orders', { ...body, order_id: 'w1-B-1' }, keyed)
    const twice = await cf('POST', '/pg/orders', { ...body, order_id: 'w1-B-1' }, keyed)
    expect(twice.statusCode).toBe(200)
    expect(twice.json()).toEqual(once.json())
    expect(twice.headers['x-idempotent-replay']).toBe('true')
    expect((await cf('POST', '/pg/orders', { ...body, order_id: 'w1-B-1', order_amount: 11 }, keyed)).json()).toMatchObject({ type: 'idempotency_error' })
    expect((await cf('GET', '/pg/orders/nope')).statusCode).toBe(404)
  })

  it('Cashfree: orders expire at their expiry time and can be terminated while active', async () => {
    const past = new Date(Date.now() - 60_000).toISOString()
    await cf('POST', '/pg/orders', { order_id: 'w1-E-1', order_amount: 5, order_currency: 'INR', customer_details: customer, order_expiry_time: past })
    expect((await cf('GET', '/pg/orders/w1-E-1')).json()).toMatchObject({ order_status: 'EXPIRED' })
    expect((await s.pay({ provider: 'cashfree', order_id: 'w1-E-1', outcome: 'success' })).message).toBe('This order is expired and cannot be paid')
    await cf('POST', '/pg/orders', { order_id: 'w1-T-1', order_amount: 5, order_currency: 'INR', customer_details: customer })
    expect((await cf('PATCH', '/pg/orders/w1-T-1', { order_status: 'PAID' })).statusCode).toBe(400)
    expect((await cf('PATCH', '/pg/orders/w1-T-1', { order_status: 'TERMINATED' })).json()).toMatchObject({ order_status: 'TERMINATED' })
    expect((await cf('PATCH', '/pg/orders/w1-T-1', { order_status: 'TERMINATED' })).statusCode).toBe(400)
  })

  it('faults: status, reset, hang, delay; each for a number of calls only', async () => {
    const post = () =>
      fetch(`${s.origin}/v1/orders`, {
        method: 'POST',
        headers: { authorization: rzpAuth, 'content-type': 'application/json' },
        body: '{"amount":100,"currency":"INR"}',
        signal: AbortSignal.timeout(1500),
      })
    await s.fault({ route: 'POST /v1/orders', mode: 'status', status: 502, times: 2 })
    expect([(await post()).status, (await post()).status, (await post()).status]).toEqual([502, 502, 200])
    await s.fault({ route: 'POST /v1/orders', mode: 'reset' })
    await expect(post()).rejects.toThrow()
    await s.fault({ route: 'POST /v1/orders', mode: 'hang', ms: 5000 })
    await expect(post()).rejects.toThrow(/aborted|timeout/i)
    await s.fault({ route: 'POST /v1/orders', mode: 'delay', ms: 300 })
    const started = Date.now()
    expect((await post()).status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect((await s.control('GET', '/faults')).faults).toEqual([])
    const bad = await s.fault({ route: 'POST /v1/orders', mode: 'explode' })
    expect(bad.message).toMatch(/^mode: /)
  })

  it('the control plane checks what it is asked and forgets everything on reset', async () => {
    expect((await s.pay({ provider: 'paypal', order_id: 'x', outcome: 'success' })).message).toMatch(/^provider: /)
    expect((await s.pay({ provider: 'razorpay', order_id: 'order_none', outcome: 'success' })).message).toBe('No such Razorpay order')
    expect((await s.webhookOptions({ urls: { razorpay: 'https://example.com/hook' } })).message).toMatch(/loopback/)
    await rzp('POST', '/v1/orders', { amount: 100, currency: 'INR', receipt: 'gone' })
    expect((await s.log()).requests).toHaveLength(1)
    await s.reset()
    expect((await s.log()).requests).toHaveLength(0)
    expect((await rzp('GET', '/v1/orders?receipt=gone')).json()).toMatchObject({ count: 0 })
  })

  it('closes promptly even with connections held by hang and succeed_then_timeout faults', async () => {
    const other = await startSimApp()
    await other.fault({ route: 'POST /pg/orders', mode: 'succeed_then_timeout' })
    await other.fault({ route: 'GET /v1/orders', mode: 'hang' })
    const held = [
      fetch(`${other.origin}/pg/orders`, {
        method: 'POST',
        headers: { ...cfHeaders, 'x-client-id': other.config.CASHFREE_CLIENT_ID ?? '', 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'held-1', order_amount: 5, order_currency: 'INR', customer_details: customer }),
      }).catch(() => 'closed'),
      fetch(`${other.origin}/v1/orders`).catch(() => 'closed'),
    ]
    // both calls under way (their faults taken), and the order made: its answer held
    await until(async () => (await other.control<{ faults: unknown[] }>('GET', '/faults')).faults.length === 0)
    const made = async () =>
      (await fetch(`${other.origin}/pg/orders/held-1`, { headers: { ...cfHeaders, 'x-client-id': other.config.CASHFREE_CLIENT_ID ?? '' } })).status === 200
    await until(made, 10_000, 'the held order to be made')
    const started = Date.now()
    await other.close()
    expect(Date.now() - started).toBeLessThan(3000)
    expect(await Promise.all(held)).toEqual(['closed', 'closed'])
  })
})

describe('where the simulator is not', () => {
  it('is not mounted outside simulator mode', async () => {
    const t = await buildTestApp('pglite', { PAYMENTS_MODE: 'sandbox' })
    for (const url of ['/v1/orders', '/pg/orders', '/sim/demo', '/sim/razorpay/checkout.js', '/__sim/log']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404)
    }
    await t.close()
  })

  it.skipIf(!existsSync('dist/server/entry-server.js'))("wins over the web client's GET /* page route", async () => {
    const s = await startSimApp({}, { web: true })
    const demo = await s.app.inject({ method: 'GET', url: '/sim/demo' })
    expect(demo.body).toContain('Payment simulator demo')
    expect((await s.app.inject({ method: 'GET', url: '/v1/orders' })).json()).toMatchObject({ error: { description: 'The api key provided is invalid' } })
    expect((await s.app.inject({ method: 'GET', url: '/sim/nothing' })).json()).toEqual({ message: 'No such simulator page: GET /sim/nothing' })
    await s.close()
  })
})
