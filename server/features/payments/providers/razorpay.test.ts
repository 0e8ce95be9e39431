import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type SimApp, startSimApp } from '../../../simulators/payments/test-kit'
import { parseLegacyReference } from './inputs'
import { createRazorpayProvider } from './razorpay'
import { type CreateOrderInput, PaymentProviderError, type PaymentProvider } from './types'

/** the reference the app would store for the attempt, here without its random part so the expectations read plainly */
const order = (over: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  reference: `w${over.websiteId ?? 1}-${over.orderNumber ?? 'ORD-1001'}-${over.attempt ?? 1}`,
  websiteId: 1,
  orderNumber: 'ORD-1001',
  attempt: 1,
  amountPaise: 12345,
  customer: { id: 'u7', phone: '9876500003', email: 'meera@shop.in' },
  returnUrl: 'http://localhost:3000/checkout/confirm/7',
  notes: { order_id: '7' },
  ...over,
})
const key = { idempotencyKey: 'attempt-7-1' }
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as PaymentProviderError,
  )

describe('Razorpay adapter against the simulator (razorpay SDK, real HTTP)', () => {
  let s: SimApp
  let rzp: PaymentProvider
  beforeAll(async () => {
    s = await startSimApp({ PAYMENT_HTTP_TIMEOUT_MS: 400 })
    rzp = s.razorpay
  })
  afterAll(() => s.close())
  beforeEach(() => s.reset())

  const posts = async (route: string) => (await s.log()).requests.filter((r) => `${r.method} ${r.route}` === route)

  it('creates an order: Basic auth, integer paise, our reference as the receipt, notes', async () => {
    const created = await rzp.createOrder(order(), key)
    expect(created).toMatchObject({
      providerOrderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      reference: 'w1-ORD-1001-1',
      amountPaise: 12345,
      currency: 'INR',
      reused: false,
    })
    expect(created.checkout).toEqual({
      provider: 'razorpay',
      scriptUrl: '/sim/razorpay/checkout.js',
      keyId: s.config.RAZORPAY_KEY_ID,
      orderId: created.providerOrderId,
      amountPaise: 12345,
      currency: 'INR',
    })
    const log = (await s.log()).requests
    // the receipt is looked up first, so a repeat after a crash finds the order instead of making another
    expect(log.map((r) => `${r.method} ${r.route}`)).toEqual(['GET /v1/orders', 'POST /v1/orders'])
    expect(log[0].url).toContain('receipt=w1-ORD-1001-1')
    const post = log[1]
    expect(post.headers.authorization).toBe(`Basic ${s.config.RAZORPAY_KEY_ID}:[masked]`)
    expect(post.headers['content-type']).toMatch(/^application\/json/)
    expect(post.body).toEqual({
      currency: 'INR',
      amount: 12345,
      receipt: 'w1-ORD-1001-1',
      notes: { order_id: '7', website_id: '1', order_number: 'ORD-1001', attempt: '1' },
    })
    expect(post.status).toBe(200)
  })

  it('returns the same provider order for a repeat of the same attempt, and a new one for the next attempt', async () => {
    const first = await rzp.createOrder(order(), key)
    const again = await rzp.createOrder(order(), key)
    expect(again).toMatchObject({ providerOrderId: first.providerOrderId, reused: true })
    const next = await rzp.createOrder(order({ attempt: 2, amountPaise: 15000 }), key)
    expect(next.providerOrderId).not.toBe(first.providerOrderId)
    expect(next.reference).toBe('w1-ORD-1001-2')
    expect(await posts('POST /v1/orders')).toHaveLength(2)
    // same attempt, another amount: a caller bug, refused rather than paying the old amount
    expect(await failure(rzp.createOrder(order({ amountPaise: 999 }), key))).toMatchObject({ kind: 'rejected', providerCode: 'REFERENCE_CONFLICT' })
  })

  it('resumes a stored provider order by its id (even with another for the same receipt) and never creates one; the reference reads back', async () => {
    const first = await rzp.createOrder(order(), key)
    const resumed = await rzp.resumeOrder(first.providerOrderId, order())
    expect(resumed).toEqual({ ...first, reused: true })
    expect(await posts('POST /v1/orders')).toHaveLength(1)
    expect(await failure(rzp.resumeOrder(first.providerOrderId, order({ amountPaise: 999 })))).toMatchObject({
      kind: 'rejected',
      providerCode: 'REFERENCE_CONFLICT',
    })
    expect(await failure(rzp.resumeOrder('order_NoSuchOrder01', order()))).toMatchObject({ kind: 'rejected', status: 400 })
    expect(first.reference).toBe('w1-ORD-1001-1')
    expect(parseLegacyReference(first.reference)).toEqual({ websiteId: 1, orderNumber: 'ORD-1001', attempt: 1 })
    expect(parseLegacyReference('someone-else')).toBeNull()
  })

  it('keeps websites apart: the same order number on two websites makes two orders', async () => {
    const a = await rzp.createOrder(order({ websiteId: 1 }), key)
    const b = await rzp.createOrder(order({ websiteId: 2 }), key)
    expect(a.providerOrderId).not.toBe(b.providerOrderId)
  })

  it('refuses bad amounts itself, and maps the provider\'s own refusal to "rejected"', async () => {
    for (const amountPaise of [0, -100, 12.5, Number.NaN]) {
      expect(await failure(rzp.createOrder(order({ amountPaise }), key))).toMatchObject({ kind: 'rejected', providerCode: 'INVALID_AMOUNT' })
    }
    const small = await failure(rzp.createOrder(order({ amountPaise: 99 }), key))
    expect(small).toMatchObject({ kind: 'rejected', providerCode: 'BAD_REQUEST_ERROR', status: 400 })
    expect(small?.message).toContain('The amount must be at least INR 1.00')
    expect((await s.log()).requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('maps wrong keys to "auth", 429 to "rate_limited", 5xx and network failures to "unknown"', async () => {
    const wrong = createRazorpayProvider({
      keyId: s.config.RAZORPAY_KEY_ID ?? '',
      keySecret: 'not-the-secret',
      webhookSecrets: ['x'],
      apiBase: s.origin,
      checkoutJsUrl: '',
      timeoutMs: 1000,
    })
    expect(await failure(wrong.createOrder(order(), key))).toMatchObject({ kind: 'auth', status: 401 })
    await s.fault({ route: 'GET /v1/orders', mode: 'status', status: 429 })
    expect(await failure(rzp.createOrder(order(), key))).toMatchObject({ kind: 'rate_limited', status: 429 })
    await s.fault({ route: 'POST /v1/orders', mode: 'status', status: 503 })
    expect(await failure(rzp.createOrder(order({ orderNumber: 'ORD-5XX' }), key))).toMatchObject({ kind: 'unknown', providerCode: 'SERVER_ERROR', status: 503 })
    await s.fault({ route: 'GET /v1/orders/:id', mode: 'reset' })
    expect(await failure(rzp.fetchStatus('order_whatever00001'))).toMatchObject({ kind: 'unknown', providerCode: 'NETWORK' })
    // B.8: on a refused connection the SDK itself crashes into a TypeError; the adapter still says "unknown"
    const down = createRazorpayProvider({
      keyId: 'rzp_test_x',
      keySecret: 'y',
      webhookSecrets: ['z'],
      apiBase: 'http://127.0.0.1:9',
      checkoutJsUrl: '',
      timeoutMs: 1000,
    })
    const refused = await failure(down.fetchStatus('order_x'))
    expect(refused).toBeInstanceOf(PaymentProviderError)
    expect(refused).toMatchObject({ kind: 'unknown', providerCode: 'NETWORK' })
  })

  it('RE-03: the order is made but the answer never comes (succeed_then_timeout): found by receipt, created once', async () => {
    await s.fault({ route: 'POST /v1/orders', mode: 'succeed_then_timeout' })
    const created = await rzp.createOrder(order(), key)
    expect(created.reused).toBe(true)
    expect(await posts('POST /v1/orders')).toHaveLength(1)
    const again = await rzp.createOrder(order(), key)
    expect(again.providerOrderId).toBe(created.providerOrderId)
    expect(await posts('POST /v1/orders')).toHaveLength(1)
  })

  it('RE-03: the provider is slow and commits after our timeout: "unknown" now, the same order on the next try', async () => {
    await s.fault({ route: 'POST /v1/orders', mode: 'delay', ms: 700 })
    expect(await failure(rzp.createOrder(order(), key))).toMatchObject({ kind: 'unknown' })
    await s.callsAnswered() // the late commit
    const later = await rzp.createOrder(order(), key)
    expect(later.reused).toBe(true)
    expect(await posts('POST /v1/orders')).toHaveLength(1)
  })

  it('fetches status: paid, failed, authorised only', async () => {
    const paid = await rzp.createOrder(order(), key)
    const { razorpay_payment_id } = await s.pay({ provider: 'razorpay', order_id: paid.providerOrderId, outcome: 'success' })
    expect(await rzp.fetchStatus(paid.providerOrderId)).toEqual({
      providerOrderId: paid.providerOrderId,
      reference: paid.reference,
      state: 'paid',
      amountPaise: 12345,
      currency: 'INR',
      payments: [{ id: razorpay_payment_id, amountPaise: 12345, currency: 'INR', status: 'captured', providerStatus: 'captured' }],
    })
    const failed = await rzp.createOrder(order({ orderNumber: 'ORD-F' }), key)
    await s.pay({ provider: 'razorpay', order_id: failed.providerOrderId, outcome: 'failed' })
    expect(await rzp.fetchStatus(failed.providerOrderId)).toMatchObject({ state: 'failed', payments: [{ status: 'failed' }] })
    const held = await rzp.createOrder(order({ orderNumber: 'ORD-A' }), key)
    await s.pay({ provider: 'razorpay', order_id: held.providerOrderId, outcome: 'authorized_only' })
    expect(await rzp.fetchStatus(held.providerOrderId)).toMatchObject({ state: 'pending', payments: [{ status: 'authorized' }] })
    const fresh = await rzp.createOrder(order({ orderNumber: 'ORD-N' }), key)
    expect(await rzp.fetchStatus(fresh.providerOrderId)).toMatchObject({ state: 'pending', payments: [] })
    // BL-11: the provider reports a different amount; fetchStatus shows it as is, for the caller to refuse
    const odd = await rzp.createOrder(order({ orderNumber: 'ORD-O' }), key)
    await s.pay({ provider: 'razorpay', order_id: odd.providerOrderId, outcome: 'success', amount_override: 100 })
    expect(await rzp.fetchStatus(odd.providerOrderId)).toMatchObject({ state: 'paid', amountPaise: 12345, payments: [{ amountPaise: 100 }] })
  })

  it('fetches a payment link with its payments (the re-query when its webhook is lost): each payment read for its amount and state', async () => {
    const link = await rzp.createPaymentLink!({
      websiteId: 1,
      orderNumber: 'ORD-L',
      attempt: 1,
      reference: 'w1-ORD-L-1',
      amountPaise: 12345,
      customer: { name: 'Meera', phone: '9876500003' },
      expireBy: new Date(Date.now() + 3600_000),
      description: 'Order ORD-L',
    })
    expect(await rzp.fetchPaymentLink!(link.providerLinkId)).toEqual({
      providerLinkId: link.providerLinkId,
      status: 'open',
      amountPaise: 12345,
      currency: 'INR',
      payments: [],
    })
    await s.pay({ provider: 'razorpay', order_id: link.providerLinkId, outcome: 'failed' })
    const { razorpay_payment_id } = await s.pay({ provider: 'razorpay', order_id: link.providerLinkId, outcome: 'success' })
    const fetched = await rzp.fetchPaymentLink!(link.providerLinkId)
    expect(fetched).toMatchObject({ status: 'paid', amountPaise: 12345 })
    expect(fetched.payments).toEqual([
      expect.objectContaining({ status: 'failed', amountPaise: 12345 }),
      { id: razorpay_payment_id, amountPaise: 12345, currency: 'INR', status: 'captured', providerStatus: 'captured' },
    ])
    // the link lists its payments as Razorpay documents them
    const auth = `Basic ${Buffer.from(`${s.config.RAZORPAY_KEY_ID}:${s.config.RAZORPAY_KEY_SECRET}`).toString('base64')}`
    const entity = await (await fetch(`${s.origin}/v1/payment_links/${link.providerLinkId}`, { headers: { authorization: auth } })).json()
    expect(entity.payments).toEqual([
      expect.objectContaining({ plink_id: link.providerLinkId, amount: 12345, status: 'failed', method: 'upi' }),
      {
        payment_id: razorpay_payment_id,
        plink_id: link.providerLinkId,
        amount: 12345,
        status: 'captured',
        method: 'upi',
        created_at: expect.any(Number),
        updated_at: expect.any(Number),
      },
    ])
    const routes = (await s.log()).requests.map((r) => `${r.method} ${r.route}`)
    expect(routes).toContain('GET /v1/payment_links/:id')
    expect(routes.filter((r) => r === 'GET /v1/payments/:id')).toHaveLength(2)
    // a link that does not exist: a refusal (Razorpay's 400 "The id provided does not exist"), not "unknown"
    expect(await failure(rzp.fetchPaymentLink!('plink_NOSUCHLINK0001'))).toMatchObject({ kind: 'rejected', status: 400 })
  })

  it('verifies the checkout signature against OUR stored order id (B.4, BL-12)', async () => {
    const mine = await rzp.createOrder(order(), key)
    const other = await rzp.createOrder(order({ orderNumber: 'ORD-OTHER' }), key)
    const good = await s.pay({ provider: 'razorpay', order_id: mine.providerOrderId, outcome: 'success' })
    expect(rzp.verifyClientReturn(good, mine.providerOrderId)).toEqual({ verified: true, providerPaymentId: good.razorpay_payment_id })
    const sig = String(good.razorpay_signature)
    const tampered = { ...good, razorpay_signature: (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1) }
    expect(rzp.verifyClientReturn(tampered, mine.providerOrderId)).toEqual({ verified: false, reason: 'bad_signature' })
    // another order's genuine payment and signature, presented for our order
    const theirs = await s.pay({ provider: 'razorpay', order_id: other.providerOrderId, outcome: 'success' })
    expect(rzp.verifyClientReturn(theirs, mine.providerOrderId)).toEqual({ verified: false, reason: 'order_mismatch', providerOrderId: other.providerOrderId })
    expect(rzp.verifyClientReturn({ ...theirs, razorpay_order_id: mine.providerOrderId }, mine.providerOrderId)).toEqual({
      verified: false,
      reason: 'bad_signature',
    })
    const third = await rzp.createOrder(order({ orderNumber: 'ORD-3' }), key)
    for (const signature of ['invalid', 'other_order']) {
      const forged = await s.pay({ provider: 'razorpay', order_id: third.providerOrderId, outcome: 'authorized_only', signature })
      expect(rzp.verifyClientReturn(forged, third.providerOrderId)).toEqual({ verified: false, reason: 'bad_signature' })
    }
    const wrongSecret = createRazorpayProvider({ keyId: 'rzp_test_x', keySecret: 'another-secret', webhookSecrets: ['x'], checkoutJsUrl: '', timeoutMs: 1000 })
    expect(wrongSecret.verifyClientReturn(good, mine.providerOrderId)).toEqual({ verified: false, reason: 'bad_signature' })
    for (const junk of [null, 'x', {}, { ...good, razorpay_signature: 'zz' }, { ...good, razorpay_payment_id: 'pay_<script>' }]) {
      expect(rzp.verifyClientReturn(junk, mine.providerOrderId)).toEqual({ verified: false, reason: 'malformed' })
    }
  })

  it('refunds: only captured payments, Σ refunds ≤ captured, a repeated refund id refunds once (B.7, BL-16)', async () => {
    const paid = await rzp.createOrder(order(), key)
    const pay = await s.pay({ provider: 'razorpay', order_id: paid.providerOrderId, outcome: 'success' })
    const paymentId = String(pay.razorpay_payment_id)
    const refund = (refundId: string, amountPaise: number) =>
      rzp.refund({ providerOrderId: paid.providerOrderId, providerPaymentId: paymentId, refundId, amountPaise })
    const first = await refund('ORD-1001-r1', 5000)
    expect(first).toMatchObject({
      providerRefundId: expect.stringMatching(/^rfnd_/),
      refundId: 'ORD-1001-r1',
      amountPaise: 5000,
      status: 'processed',
      reused: false,
    })
    expect(await refund('ORD-1001-r1', 5000)).toMatchObject({ providerRefundId: first.providerRefundId, reused: true })
    expect(await posts('POST /v1/payments/:id/refund')).toHaveLength(1)
    expect((await posts('POST /v1/payments/:id/refund'))[0].body).toEqual({
      amount: 5000,
      speed: 'normal',
      receipt: 'ORD-1001-r1',
      notes: { refund_id: 'ORD-1001-r1' },
    })
    const over = await failure(refund('ORD-1001-r2', 7346))
    expect(over).toMatchObject({ kind: 'rejected', providerCode: 'BAD_REQUEST_ERROR' })
    expect(over?.message).toContain('greater than the refund payment amount')
    expect(await refund('ORD-1001-r3', 7345)).toMatchObject({ status: 'processed' })
    expect(await rzp.fetchStatus(paid.providerOrderId)).toMatchObject({ state: 'paid', payments: [{ status: 'refunded' }] })
    const ids = { providerOrderId: paid.providerOrderId, providerPaymentId: paymentId }
    expect(await rzp.fetchRefund({ ...ids, refundId: 'ORD-1001-r1' })).toMatchObject({
      providerRefundId: first.providerRefundId,
      status: 'processed',
      amountPaise: 5000,
    })
    expect(await rzp.fetchRefund({ ...ids, refundId: 'ORD-1001-r2' })).toBeNull()
    expect(await failure(refund('ORD-1001-r4', 100))).toMatchObject({ kind: 'rejected' })

    const held = await rzp.createOrder(order({ orderNumber: 'ORD-H' }), key)
    const auth = await s.pay({ provider: 'razorpay', order_id: held.providerOrderId, outcome: 'authorized_only' })
    const notCaptured = await failure(
      rzp.refund({ providerOrderId: held.providerOrderId, providerPaymentId: String(auth.razorpay_payment_id), refundId: 'H-r1', amountPaise: 100 }),
    )
    expect(notCaptured).toMatchObject({ kind: 'rejected' })
    expect(await failure(refund('bad id!', 100))).toMatchObject({ kind: 'rejected', providerCode: 'INVALID_REFUND_ID' })
  })

  it('a refund whose answer is lost is found by its receipt, not made twice', async () => {
    const paid = await rzp.createOrder(order(), key)
    const pay = await s.pay({ provider: 'razorpay', order_id: paid.providerOrderId, outcome: 'success' })
    await s.fault({ route: 'POST /v1/payments/:id/refund', mode: 'succeed_then_timeout' })
    const refund = await rzp.refund({
      providerOrderId: paid.providerOrderId,
      providerPaymentId: String(pay.razorpay_payment_id),
      refundId: 'ORD-1001-r1',
      amountPaise: 2000,
    })
    expect(refund).toMatchObject({ reused: true, amountPaise: 2000 })
    expect(await posts('POST /v1/payments/:id/refund')).toHaveLength(1)
  })
})
