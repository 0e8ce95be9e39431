import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { until, untilValue } from '../../../test/wait'
import { headerMap, type SimApp, startSimApp, startWebhookReceiver } from '../../../simulators/payments/test-kit'
import { createCashfreeProvider } from './cashfree'
import { createRazorpayProvider } from './razorpay'
import type { CreateOrderInput, WebhookHeaders } from './types'

const order = (orderNumber: string): CreateOrderInput => ({
  reference: `w1-${orderNumber}-1`,
  websiteId: 1,
  orderNumber,
  attempt: 1,
  amountPaise: 17000,
  customer: { id: 'u7', phone: '9876500003' },
  returnUrl: 'http://localhost:3000/checkout/confirm/7',
})

describe('webhooks: the simulator signs like the providers, the adapters verify the raw bytes', () => {
  let s: SimApp
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>
  /** what the app logs at warn level: the simulator says when it gives up on a webhook */
  const warnings: string[] = []
  beforeAll(async () => {
    s = await startSimApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line: string) => void warnings.push(line) } })
    hook = await startWebhookReceiver()
  })
  afterAll(async () => {
    await s.close()
    await hook.close()
  })
  beforeEach(async () => {
    await s.reset()
    hook.clear()
    hook.answerWith(() => 200)
    await s.webhookOptions({ urls: { razorpay: `${hook.url}/razorpay`, cashfree: `${hook.url}/cashfree` }, backoffMs: 20 })
  })

  const rzpPaid = async (n: string) => {
    const o = await s.razorpay.createOrder(order(n), { idempotencyKey: n })
    return { o, pay: await s.pay({ provider: 'razorpay', order_id: o.providerOrderId, outcome: 'success' }) }
  }
  const cfPaid = async (n: string, outcome = 'success') => {
    const o = await s.cashfree.createOrder(order(n), { idempotencyKey: n })
    return { o, pay: await s.pay({ provider: 'cashfree', order_id: o.providerOrderId, outcome }) }
  }

  it('Razorpay: authorized, captured, order.paid, each with X-Razorpay-Signature and X-Razorpay-Event-Id', async () => {
    const { o, pay } = await rzpPaid('ORD-1')
    const got = await hook.waitFor(3)
    expect(got.map((r) => r.url)).toEqual(['/razorpay', '/razorpay', '/razorpay'])
    const events = got.map((r) => s.razorpay.verifyWebhook(r.body, headerMap(r.headers)))
    expect(events.map((e) => e.ok && e.event.kind)).toEqual(['payment.authorized', 'payment.captured', 'order.paid'])
    const paid = events[2]
    if (!paid.ok) throw new Error('not verified')
    expect(paid.event).toMatchObject({
      eventId: got[2].headers['x-razorpay-event-id'],
      type: 'order.paid',
      providerOrderId: o.providerOrderId,
      providerPaymentId: pay.razorpay_payment_id,
      amountPaise: 17000,
      currency: 'INR',
    })
    expect(new Set(events.map((e) => e.ok && e.event.eventId)).size).toBe(3)
  })

  it('Razorpay: refuses a changed byte, a missing signature, the wrong secret; accepts the previous secret during a rotation', async () => {
    await rzpPaid('ORD-2')
    const [first] = await hook.waitFor(3)
    const headers = headerMap(first.headers)
    const flipped = Buffer.from(first.body)
    flipped[flipped.length - 2] ^= 1
    expect(s.razorpay.verifyWebhook(flipped, headers)).toEqual({ ok: false, reason: 'bad_signature' })
    expect(s.razorpay.verifyWebhook(first.body, { ...headers, 'x-razorpay-signature': undefined })).toEqual({ ok: false, reason: 'missing_signature' })
    expect(s.razorpay.verifyWebhook(first.body, { ...headers, 'x-razorpay-signature': '' })).toEqual({ ok: false, reason: 'missing_signature' })
    const repeated: WebhookHeaders = { ...headers, 'x-razorpay-signature': [headers['x-razorpay-signature'], headers['x-razorpay-signature']] }
    expect(s.razorpay.verifyWebhook(first.body, repeated)).toEqual({ ok: false, reason: 'missing_signature' })
    const base = { keyId: 'rzp_test_x', keySecret: 'k', checkoutJsUrl: '', timeoutMs: 1000 }
    expect(createRazorpayProvider({ ...base, webhookSecrets: ['some-other-secret'] }).verifyWebhook(first.body, headers)).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
    const rotated = createRazorpayProvider({ ...base, webhookSecrets: ['the-new-secret', s.config.RAZORPAY_WEBHOOK_SECRET ?? ''] })
    expect(rotated.verifyWebhook(first.body, headers).ok).toBe(true)

    hook.clear()
    await s.webhookOptions({ badSignature: true })
    await rzpPaid('ORD-3')
    for (const r of await hook.waitFor(3)) expect(s.razorpay.verifyWebhook(r.body, headerMap(r.headers))).toEqual({ ok: false, reason: 'bad_signature' })
  })

  it('Cashfree: PAYMENT_SUCCESS_WEBHOOK signed over timestamp + raw body, amounts written as 170.00', async () => {
    const { o, pay } = await cfPaid('ORD-4')
    const [r] = await hook.waitFor(1)
    expect(r.url).toBe('/cashfree')
    expect(r.body.toString()).toContain('"payment_amount":170.00')
    expect(r.headers).toMatchObject({ 'x-webhook-version': '2025-01-01', 'x-webhook-attempt': '1', 'content-type': 'application/json' })
    const verified = s.cashfree.verifyWebhook(r.body, headerMap(r.headers))
    if (!verified.ok) throw new Error(verified.reason)
    expect(verified.event).toMatchObject({
      eventId: r.headers['x-idempotency-key'],
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      kind: 'payment.captured',
      providerOrderId: o.providerOrderId,
      providerPaymentId: pay.cf_payment_id,
      amountPaise: 17000,
      currency: 'INR',
    })
    // BL-13: parsed and re-serialised (170.00 → 170) no longer matches
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(r.body.toString())))
    expect(s.cashfree.verifyWebhook(reserialised, headerMap(r.headers))).toEqual({ ok: false, reason: 'bad_signature' })
    expect(s.cashfree.verifyWebhook(r.body, { ...headerMap(r.headers), 'x-webhook-timestamp': String(Date.now()) })).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
    expect(s.cashfree.verifyWebhook(r.body, { ...headerMap(r.headers), 'x-webhook-timestamp': undefined })).toEqual({ ok: false, reason: 'missing_signature' })
  })

  it('Cashfree: refuses a timestamp outside the window, even when correctly signed', async () => {
    await s.webhookOptions({ staleTimestampMs: 10 * 60_000 })
    await cfPaid('ORD-5')
    const [r] = await hook.waitFor(1)
    expect(s.cashfree.verifyWebhook(r.body, headerMap(r.headers))).toEqual({ ok: false, reason: 'stale_timestamp' })
    const lenient = createCashfreeProvider({
      clientId: 'x',
      clientSecrets: [s.config.CASHFREE_CLIENT_SECRET ?? ''],
      apiVersion: '2025-01-01',
      environment: 'sandbox',
      jsUrl: '',
      timeoutMs: 1000,
      webhookToleranceMs: 15 * 60_000,
    })
    expect(lenient.verifyWebhook(r.body, headerMap(r.headers)).ok).toBe(true)
    const future = createCashfreeProvider({
      clientId: 'x',
      clientSecrets: [s.config.CASHFREE_CLIENT_SECRET ?? ''],
      apiVersion: '2025-01-01',
      environment: 'sandbox',
      jsUrl: '',
      timeoutMs: 1000,
      webhookToleranceMs: 60_000,
      now: () => Date.now() - 20 * 60_000,
    })
    expect(future.verifyWebhook(r.body, headerMap(r.headers))).toEqual({ ok: false, reason: 'stale_timestamp' })
  })

  it('Cashfree: failed and dropped payments, and refunds, each with its own type', async () => {
    await cfPaid('ORD-6', 'failed')
    await cfPaid('ORD-7', 'user_dropped')
    const { o, pay } = await cfPaid('ORD-8')
    await s.cashfree.refund({ providerOrderId: o.providerOrderId, providerPaymentId: String(pay.cf_payment_id), refundId: 'ORD-8-r1', amountPaise: 5050 })
    const got = await hook.waitFor(4)
    const events = got.map((r) => s.cashfree.verifyWebhook(r.body, headerMap(r.headers)))
    expect(events.map((e) => e.ok && e.event.kind)).toEqual(['payment.failed', 'payment.dropped', 'payment.captured', 'refund.processed'])
    expect(events[3]).toMatchObject({
      ok: true,
      event: {
        type: 'REFUND_STATUS_WEBHOOK',
        providerOrderId: o.providerOrderId,
        providerPaymentId: pay.cf_payment_id,
        refund: { refundId: 'ORD-8-r1', amountPaise: 5050 },
      },
    })
  })

  it('Razorpay refunds: refund.created then refund.processed, with our refund id', async () => {
    const { o, pay } = await rzpPaid('ORD-9')
    await hook.waitFor(3)
    await s.razorpay.refund({ providerOrderId: o.providerOrderId, providerPaymentId: String(pay.razorpay_payment_id), refundId: 'ORD-9-r1', amountPaise: 7000 })
    const got = (await hook.waitFor(5)).slice(3)
    const events = got.map((r) => s.razorpay.verifyWebhook(r.body, headerMap(r.headers)))
    expect(events.map((e) => e.ok && e.event.kind)).toEqual(['refund.pending', 'refund.processed'])
    expect(events[1]).toMatchObject({ ok: true, event: { providerPaymentId: pay.razorpay_payment_id, refund: { refundId: 'ORD-9-r1', amountPaise: 7000 } } })
  })

  it('delivers at least once: retries with backoff until 2xx; Cashfree re-signs each attempt with a new timestamp', async () => {
    hook.answerWith((_r, i) => (i < 2 ? 500 : 200))
    await cfPaid('ORD-10')
    const got = await hook.waitFor(3)
    expect(got.map((r) => r.headers['x-webhook-attempt'])).toEqual(['1', '2', '3'])
    expect(new Set(got.map((r) => r.headers['x-idempotency-key'])).size).toBe(1)
    for (const r of got) expect(s.cashfree.verifyWebhook(r.body, headerMap(r.headers)).ok).toBe(true)
    const log = (await s.log()).webhooks
    expect(log.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ])
    // retried after the backoff (20 ms here), doubled each time: timers never fire early, a loaded machine only makes
    // the gaps longer (a millisecond allowed for the clocks' rounding)
    expect(log[1].at - log[0].at).toBeGreaterThanOrEqual(20 - 1)
    expect(log[2].at - log[1].at).toBeGreaterThanOrEqual(40 - 1)

    hook.clear()
    hook.answerWith((_r, i) => (i === 0 ? 503 : 200))
    await rzpPaid('ORD-11')
    const rzp = await hook.waitFor(4)
    // Razorpay retries the same event: same id, same bytes, same signature
    const retried = rzp.slice(1).find((r) => r.headers['x-razorpay-event-id'] === rzp[0].headers['x-razorpay-event-id'])
    expect(retried?.headers['x-razorpay-signature']).toBe(rzp[0].headers['x-razorpay-signature'])
    expect(retried?.body.equals(rzp[0].body)).toBe(true)
  })

  it('gives up after maxAttempts; dropFirst loses deliveries that are then retried', async () => {
    hook.answerWith(() => 500)
    await s.webhookOptions({ maxAttempts: 2 })
    warnings.length = 0
    await cfPaid('ORD-12')
    await hook.waitFor(2)
    // given up (said once the second attempt is answered): no third attempt is coming
    await until(() => warnings.some((w) => w.includes('not delivered') && w.includes('after 2 attempts')), 10_000, 'the simulator to give up')
    expect(hook.received).toHaveLength(2)

    await s.reset()
    hook.clear()
    hook.answerWith(() => 200)
    await s.webhookOptions({ urls: { cashfree: `${hook.url}/cashfree` }, dropFirst: 1, backoffMs: 20 })
    await cfPaid('ORD-13')
    const [r] = await hook.waitFor(1)
    expect(r.headers['x-webhook-attempt']).toBe('2')
    expect((await s.log()).webhooks.map((d) => d.error ?? d.status)).toEqual(['dropped (dropFirst)', 200])
  })

  it('duplicates and reorders on request; duplicates carry the same event id for the caller to dedupe', async () => {
    await s.webhookOptions({ duplicate: 2, reorder: true })
    await rzpPaid('ORD-14')
    const got = await hook.waitFor(9)
    const kinds = got.map((r) => (JSON.parse(r.body.toString()) as { event: string }).event)
    expect(kinds).toEqual([...Array(3).fill('order.paid'), ...Array(3).fill('payment.captured'), ...Array(3).fill('payment.authorized')])
    expect(new Set(got.slice(0, 3).map((r) => r.headers['x-razorpay-event-id'])).size).toBe(1)
    expect(new Set(got.map((r) => r.headers['x-razorpay-event-id'])).size).toBe(3)
  })

  it('replays the stored bytes and headers unchanged (POST /__sim/replay/:eventId)', async () => {
    await cfPaid('ORD-15')
    const [r] = await hook.waitFor(1)
    const eventId = String(r.headers['x-idempotency-key'])
    const replay = await s.control('POST', `/replay/${eventId}`)
    expect(replay).toMatchObject({ eventId, replay: true, status: 200 })
    const [, again] = await hook.waitFor(2)
    expect(again.body.equals(r.body)).toBe(true)
    expect(headerMap(again.headers)).toMatchObject({
      'x-webhook-signature': r.headers['x-webhook-signature'],
      'x-webhook-timestamp': r.headers['x-webhook-timestamp'],
      'x-idempotency-key': eventId,
    })
    expect(await s.control('POST', '/replay/no-such-event')).toEqual({ message: 'No such event' })
  })

  it('late authorisation: payment.failed first, then authorized, captured and paid', async () => {
    const o = await s.razorpay.createOrder(order('ORD-16'), { idempotencyKey: 'k16' })
    const failed = await s.pay({ provider: 'razorpay', order_id: o.providerOrderId, outcome: 'late_auth', late_ms: 50 })
    expect(failed.error).toMatchObject({ reason: 'payment_failed' })
    const got = await hook.waitFor(4)
    const kinds = got.map((r) => {
      const v = s.razorpay.verifyWebhook(r.body, headerMap(r.headers))
      return v.ok ? v.event.kind : v.reason
    })
    expect(kinds).toEqual(['payment.failed', 'payment.authorized', 'payment.captured', 'order.paid'])
    expect((await s.razorpay.fetchStatus(o.providerOrderId)).state).toBe('paid')
  })

  it("by default posts to this app's own /s/api/payments/webhooks/{provider} (issue #5 receives it)", async () => {
    await s.reset()
    await cfPaid('ORD-17')
    const [first] = await untilValue(
      async () => (await s.log()).webhooks,
      ([d]) => d !== undefined && (d.status !== null || d.error !== undefined),
      10_000,
      'the first webhook answered',
    )
    expect(first.url).toBe(`${s.origin}/s/api/payments/webhooks/cashfree`)
    // verified and stored (an order the shop doesn't know is recorded, not retried forever)
    expect(first.status).toBe(200)
  })
})
