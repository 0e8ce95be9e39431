import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { toPaise, toRupees } from '../../../../common/money'
import { type SimApp, startSimApp } from '../../../simulators/payments/test-kit'
import { untilValue } from '../../../test/wait'
import { type CashfreeSettings, createCashfreeProvider } from './cashfree'
import type { CreateOrderInput, PaymentProvider, PaymentProviderError } from './types'

/** the reference the app would store for the attempt, here without its random part so the expectations read plainly */
const order = (over: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  reference: `w${over.websiteId ?? 1}-${over.orderNumber ?? 'ORD-1001'}-${over.attempt ?? 1}`,
  websiteId: 1,
  orderNumber: 'ORD-1001',
  attempt: 1,
  amountPaise: 12345,
  customer: { id: 'u7', phone: '9876500003', email: 'meera@shop.in', name: 'Meera' },
  returnUrl: 'http://localhost:3000/checkout/confirm/7?cf_order={order_id}',
  notes: { order_id: '7' },
  ...over,
})
const key = { idempotencyKey: 'attempt-7-1' }
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as PaymentProviderError,
  )

describe('paise ↔ rupees at the Cashfree edge', () => {
  it('round-trips every amount from ₹1 to ₹1 crore (PAYMENTS.md A)', () => {
    fc.assert(fc.property(fc.integer({ min: 100, max: 1_000_000_000 }), (p) => toPaise(toRupees(p)) === p && /^\d+(\.\d{1,2})?$/.test(String(toRupees(p)))))
  })
})

describe('Cashfree adapter against the simulator (cashfree-pg SDK, real HTTP)', () => {
  let s: SimApp
  let cf: PaymentProvider
  let settings: CashfreeSettings
  beforeAll(async () => {
    s = await startSimApp({ PAYMENT_HTTP_TIMEOUT_MS: 400 })
    cf = s.cashfree
    settings = {
      clientId: s.config.CASHFREE_CLIENT_ID ?? '',
      clientSecrets: [s.config.CASHFREE_CLIENT_SECRET ?? ''],
      apiVersion: '2025-01-01',
      environment: 'sandbox',
      apiBase: `${s.origin}/pg`,
      jsUrl: '/sim/cashfree/cashfree.js',
      timeoutMs: 400,
      webhookToleranceMs: 300_000,
    }
  })
  afterAll(() => s.close())
  beforeEach(() => s.reset())

  const calls = async (route: string) => (await s.log()).requests.filter((r) => `${r.method} ${r.route}` === route)

  it('creates an order: client id/secret and x-api-version headers, rupees with 2 decimals, our order_id, idempotency key', async () => {
    const created = await cf.createOrder(order(), key)
    expect(created).toMatchObject({ providerOrderId: 'w1-ORD-1001-1', reference: 'w1-ORD-1001-1', amountPaise: 12345, currency: 'INR', reused: false })
    expect(created.checkout).toEqual({
      provider: 'cashfree',
      scriptUrl: '/sim/cashfree/cashfree.js',
      mode: 'sandbox',
      paymentSessionId: expect.stringMatching(/^session_/),
      orderId: 'w1-ORD-1001-1',
    })
    const [post] = await calls('POST /pg/orders')
    expect(post.headers).toMatchObject({
      'x-client-id': s.config.CASHFREE_CLIENT_ID,
      'x-client-secret': '[masked]',
      'x-api-version': '2025-01-01',
      'x-idempotency-key': 'attempt-7-1',
    })
    expect(post.body).toEqual({
      order_id: 'w1-ORD-1001-1',
      order_amount: 123.45,
      order_currency: 'INR',
      customer_details: { customer_id: 'u7', customer_phone: '9876500003', customer_email: 'meera@shop.in', customer_name: 'Meera' },
      order_meta: { return_url: 'http://localhost:3000/checkout/confirm/7?cf_order={order_id}' },
      order_tags: { order_id: '7', website_id: '1', order_number: 'ORD-1001', attempt: '1' },
    })
    expect((await s.log()).requests.every((r) => !JSON.stringify(r).includes(String(s.config.CASHFREE_CLIENT_SECRET)))).toBe(true)
  })

  it('is idempotent: the same request replays, another key finds the order (409), another amount is refused', async () => {
    const first = await cf.createOrder(order(), key)
    expect((await cf.createOrder(order(), key)).providerOrderId).toBe(first.providerOrderId)
    const other = await cf.createOrder(order(), { idempotencyKey: 'another-key' })
    expect(other).toMatchObject({ providerOrderId: first.providerOrderId, reused: true })
    expect(await failure(cf.createOrder(order({ amountPaise: 20000 }), key))).toMatchObject({ kind: 'rejected', providerCode: 'REFERENCE_CONFLICT' })
    expect(await failure(cf.createOrder(order({ amountPaise: 20000 }), { idempotencyKey: 'k3' }))).toMatchObject({
      kind: 'rejected',
      providerCode: 'REFERENCE_CONFLICT',
    })
    // a key reused for another order: the provider's refusal stands
    expect(await failure(cf.createOrder(order({ orderNumber: 'ORD-2002' }), key))).toMatchObject({
      kind: 'rejected',
      status: 409,
      providerCode: 'request_invalid',
    })
    const statuses = (await calls('POST /pg/orders')).map((r) => r.status)
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409])
  })

  it('resumes a stored order by its id: the same payment session, no create', async () => {
    const first = await cf.createOrder(order(), key)
    expect(await cf.resumeOrder(first.providerOrderId, order())).toEqual({ ...first, reused: true })
    expect(await calls('POST /pg/orders')).toHaveLength(1)
    expect(await failure(cf.resumeOrder('w1-none-1', order()))).toMatchObject({ kind: 'rejected', status: 404 })
  })

  it('RE-03: the order is made but the answer never comes: found again, created once', async () => {
    await s.fault({ route: 'POST /pg/orders', mode: 'succeed_then_timeout' })
    const created = await cf.createOrder(order(), key)
    expect(created).toMatchObject({ providerOrderId: 'w1-ORD-1001-1', reused: true })
    expect(await calls('POST /pg/orders')).toHaveLength(1)
  })

  it('RE-03: the provider is slow: the same request goes again with the same key and order_id, one order results', async () => {
    await s.fault({ route: 'POST /pg/orders', mode: 'delay', ms: 600 })
    const created = await cf.createOrder(order(), key)
    expect(created.providerOrderId).toBe('w1-ORD-1001-1')
    await s.callsAnswered() // the slow first one too
    const posts = await calls('POST /pg/orders')
    expect(posts).toHaveLength(2)
    expect(new Set(posts.map((p) => p.headers['x-idempotency-key']))).toEqual(new Set(['attempt-7-1']))
    expect((await cf.fetchStatus('w1-ORD-1001-1')).state).toBe('pending')
  })

  it('maps errors without ever carrying the client secret (C.7 pitfall 2)', async () => {
    const wrong = createCashfreeProvider({ ...settings, clientSecrets: ['cfsk_ma_test_wrong_secret_value'] })
    const auth = await failure(wrong.createOrder(order(), key))
    expect(auth).toMatchObject({ kind: 'auth', status: 401, providerCode: 'request_failed' })
    const text = `${String(auth)} ${JSON.stringify(auth)} ${auth?.stack ?? ''}`
    expect(text).not.toContain('cfsk_ma_test_wrong_secret_value')
    const version = createCashfreeProvider({ ...settings, apiVersion: '2019-01-01' })
    expect(await failure(version.fetchStatus('w1-x-1'))).toMatchObject({ kind: 'rejected', status: 400 })
    expect(await failure(cf.createOrder(order({ amountPaise: 50 }), key))).toMatchObject({ kind: 'rejected', providerCode: 'order_amount_invalid' })
    await s.fault({ route: 'GET /pg/orders/:orderId', mode: 'status', status: 429 })
    expect(await failure(cf.fetchStatus('w1-x-1'))).toMatchObject({ kind: 'rate_limited' })
    await s.fault({ route: 'GET /pg/orders/:orderId', mode: 'hang', ms: 2000 })
    expect(await failure(cf.fetchStatus('w1-x-1'))).toMatchObject({ kind: 'unknown', providerCode: 'ECONNABORTED' })
    const down = createCashfreeProvider({ ...settings, apiBase: 'http://127.0.0.1:9/pg' })
    expect(await failure(down.fetchStatus('w1-x-1'))).toMatchObject({ kind: 'unknown', providerCode: 'ECONNREFUSED' })
  })

  it('fetches status: paid, failed, user dropped, terminated; the browser return is never trusted', async () => {
    const states: Record<string, string> = {}
    for (const outcome of ['success', 'failed', 'user_dropped', 'authorized_only']) {
      const o = await cf.createOrder(order({ orderNumber: `ORD-${outcome}` }), { idempotencyKey: `k-${outcome}` })
      const paid = await s.pay({ provider: 'cashfree', order_id: o.providerOrderId, outcome })
      expect(paid.redirect).toBe(`http://localhost:3000/checkout/confirm/7?cf_order=${o.providerOrderId}`)
      states[outcome] = (await cf.fetchStatus(o.providerOrderId)).state
    }
    expect(states).toEqual({ success: 'paid', failed: 'failed', user_dropped: 'failed', authorized_only: 'pending' })
    const o = await cf.createOrder(order({ orderNumber: 'ORD-ok' }), { idempotencyKey: 'k-ok' })
    const { cf_payment_id } = await s.pay({ provider: 'cashfree', order_id: o.providerOrderId, outcome: 'success' })
    expect(await cf.fetchStatus(o.providerOrderId)).toEqual({
      providerOrderId: o.providerOrderId,
      reference: o.providerOrderId,
      state: 'paid',
      amountPaise: 12345,
      currency: 'INR',
      payments: [{ id: cf_payment_id, amountPaise: 12345, currency: 'INR', status: 'captured', providerStatus: 'SUCCESS' }],
    })
    const ended = await cf.createOrder(order({ orderNumber: 'ORD-end' }), { idempotencyKey: 'k-end' })
    const res = await fetch(`${s.origin}/pg/orders/${ended.providerOrderId}`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-client-id': settings.clientId,
        'x-client-secret': settings.clientSecrets[0],
        'x-api-version': '2025-01-01',
      },
      body: JSON.stringify({ order_status: 'TERMINATED' }),
    })
    expect(res.status).toBe(200)
    expect((await cf.fetchStatus(ended.providerOrderId)).state).toBe('expired')
    expect(cf.verifyClientReturn({ order_id: o.providerOrderId }, o.providerOrderId)).toEqual({ verified: false, reason: 'fetch_required' })
  })

  it('fetches a payment link with its payments: the link, the orders Cashfree made for it, and their payments', async () => {
    const link = await cf.createPaymentLink!({
      websiteId: 1,
      orderNumber: 'ORD-L',
      attempt: 1,
      reference: 'w1-ORD-L-1',
      amountPaise: 12345,
      customer: { name: 'Meera', phone: '9876500003' },
      expireBy: new Date(Date.now() + 3600_000),
      description: 'Order ORD-L',
    })
    expect(await cf.fetchPaymentLink!(link.providerLinkId)).toEqual({
      providerLinkId: 'w1-ORD-L-1',
      status: 'open',
      amountPaise: 12345,
      currency: 'INR',
      payments: [],
    })
    const { cf_payment_id } = await s.pay({ provider: 'cashfree', order_id: link.providerLinkId, outcome: 'success' })
    expect(await cf.fetchPaymentLink!(link.providerLinkId)).toEqual({
      providerLinkId: 'w1-ORD-L-1',
      status: 'paid',
      amountPaise: 12345,
      currency: 'INR',
      payments: [{ id: String(cf_payment_id), amountPaise: 12345, currency: 'INR', status: 'captured', providerStatus: 'SUCCESS' }],
    })
    expect(await calls('GET /pg/links/:linkId/orders')).toHaveLength(2)
    expect(await failure(cf.fetchPaymentLink!('no-such-link'))).toMatchObject({ kind: 'rejected', status: 404 })
  })

  it('refunds in rupees with our refund_id and an idempotency key; Σ refunds ≤ paid; settles to processed', async () => {
    const o = await cf.createOrder(order(), key)
    const { cf_payment_id } = await s.pay({ provider: 'cashfree', order_id: o.providerOrderId, outcome: 'success' })
    const refund = (refundId: string, amountPaise: number) =>
      cf.refund({ providerOrderId: o.providerOrderId, providerPaymentId: String(cf_payment_id), refundId, amountPaise })
    const first = await refund('ORD-1001-r1', 5000)
    expect(first).toMatchObject({ refundId: 'ORD-1001-r1', amountPaise: 5000, status: 'pending', reused: false })
    const [post] = await calls('POST /pg/orders/:orderId/refunds')
    expect(post.body).toEqual({ refund_amount: 50, refund_id: 'ORD-1001-r1', refund_speed: 'STANDARD' })
    expect(post.headers['x-idempotency-key']).toBe('w1-ORD-1001-1:ORD-1001-r1')
    expect(await refund('ORD-1001-r1', 5000)).toMatchObject({ providerRefundId: first.providerRefundId })
    expect(await failure(refund('ORD-1001-r2', 7346))).toMatchObject({ kind: 'rejected', providerCode: 'refund_amount_invalid' })
    expect(await refund('ORD-1001-r3', 7345)).toMatchObject({ amountPaise: 7345 })
    const ids = { providerOrderId: o.providerOrderId, providerPaymentId: String(cf_payment_id) }
    const settled = await untilValue(
      () => cf.fetchRefund({ ...ids, refundId: 'ORD-1001-r1' }),
      (r) => r?.status !== 'pending',
      10_000,
      'the refund settled',
    )
    expect(settled).toMatchObject({
      providerRefundId: first.providerRefundId,
      status: 'processed',
      amountPaise: 5000,
    })
    expect(await cf.fetchRefund({ ...ids, refundId: 'ORD-1001-r2' })).toBeNull()

    const unpaid = await cf.createOrder(order({ orderNumber: 'ORD-U' }), { idempotencyKey: 'k-u' })
    expect(await failure(cf.refund({ providerOrderId: unpaid.providerOrderId, providerPaymentId: '1', refundId: 'U-r1', amountPaise: 100 }))).toMatchObject({
      kind: 'rejected',
      providerCode: 'refund_invalid',
    })
  })
})
