import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, paymentEvents, payments } from '../../db/schema/index'
import { type Driver, drivers } from '../../test/app'
import { startCheckoutApp } from './test-kit'

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe.each(drivers)('online payments through the simulator (%s)', (driver: Driver) => {
  let k: Awaited<ReturnType<typeof startCheckoutApp>>
  beforeAll(async () => {
    k = await startCheckoutApp(driver)
  })
  afterAll(() => k.t.close())
  const db = () => k.t.app.deps.db
  const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]
  const paymentRows = (id: number) => db().select().from(payments).where(eq(payments.orderId, id))
  const events = () => k.t.app.inject({ method: 'GET', url: '/__sim/webhooks' }).then((r) => r.json() as { eventId: string; provider: string; type: string; body: string }[])
  const webhook = (provider: string, body: string, headers: Record<string, string>) =>
    k.t.app.inject({ method: 'POST', url: `/s/api/payments/webhooks/${provider}`, payload: body, headers: { 'content-type': 'application/json', ...headers } })

  async function onlineOrder(method: 'razorpay' | 'cashfree') {
    const s = await k.shopperWithCart([k.sellable()[0]])
    const { order } = await k.place(s, method)
    const pay = await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)
    expect(pay.statusCode).toBe(200)
    return { s, order, pay: pay.json() }
  }

  it('Razorpay paid: the signature triple is a hint, the status fetch confirms; webhooks then change nothing', async () => {
    const { s, order, pay } = await onlineOrder('razorpay')
    expect(pay).toMatchObject({ provider: 'razorpay', key_id: expect.stringMatching(/^rzp_test_/), amount: order.total, currency: 'INR', script_url: '/sim/razorpay/checkout.js' })
    // the same attempt again: the same provider order
    expect((await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)).json().provider_order_id).toBe(pay.provider_order_id)
    const unpaid = await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, {})
    expect(unpaid.json().status).toBe('pending')
    const triple = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    const forged = await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, { ...pick(triple), razorpay_signature: 'f'.repeat(64) })
    expect(forged.statusCode).toBe(422)
    const confirmed = await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))
    expect(confirmed.json()).toMatchObject({ status: 'paid', order_number: order.order_number })
    await until(async () => (await events()).filter((e) => e.provider === 'razorpay').length >= 3)
    await until(async () => (await db().select().from(paymentEvents)).length >= 3)
    const row = await orderRow(order.order_id)
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', holdExpiresAt: null })
    expect((await paymentRows(order.order_id)).filter((p) => p.status === 'paid')).toHaveLength(1)
    const detail = (await k.call(s, 'GET', `/orders/${order.order_id}`)).json()
    expect(detail.timeline.filter((e: { kind: string }) => e.kind === 'paid')).toHaveLength(1)
  })

  it('webhooks: forged, wrong secret and replayed events are refused or skipped; a replay is not processed twice', async () => {
    const all = await events()
    const first = all.find((e) => e.provider === 'razorpay')!
    const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex')
    const secret = k.t.app.deps.config.RAZORPAY_WEBHOOK_SECRET!
    expect((await webhook('razorpay', first.body, { 'x-razorpay-event-id': 'evt_forged_1', 'x-razorpay-signature': 'a'.repeat(64) })).statusCode).toBe(401)
    expect((await webhook('razorpay', first.body, { 'x-razorpay-event-id': 'evt_forged_2', 'x-razorpay-signature': sign('not-the-secret', first.body) })).statusCode).toBe(401)
    expect((await webhook('razorpay', first.body, {})).statusCode).toBe(401)
    const replay = await webhook('razorpay', first.body, { 'x-razorpay-event-id': first.eventId, 'x-razorpay-signature': sign(secret, first.body) })
    expect(replay.json()).toMatchObject({ message: 'Already processed' })
    expect((await webhook('stripe', '{}', {})).statusCode).toBe(404)
    const rows = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, first.eventId))
    expect(rows).toHaveLength(1)
  })

  it('Cashfree paid through the webhook alone (the shopper closed the tab); confirm then says paid', async () => {
    const { s, order, pay } = await onlineOrder('cashfree')
    expect(pay).toMatchObject({ provider: 'cashfree', payment_session_id: expect.any(String), script_url: '/sim/cashfree/cashfree.js' })
    await k.sim('/pay', { provider: 'cashfree', order_id: pay.provider_order_id, outcome: 'success' })
    await until(async () => (await orderRow(order.order_id)).paymentStatus === 'paid')
    expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, {})).json().status).toBe('paid')
  })

  it('a failed payment leaves the order payable; a new attempt can then pay', async () => {
    const { s, order, pay } = await onlineOrder('cashfree')
    await k.sim('/pay', { provider: 'cashfree', order_id: pay.provider_order_id, outcome: 'failed' })
    await until(async () => (await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, {})).json().status === 'failed')
    const again = (await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)).json()
    expect(again.provider_order_id).not.toBe(pay.provider_order_id)
    await k.sim('/pay', { provider: 'cashfree', order_id: again.provider_order_id, outcome: 'success' })
    await until(async () => (await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, {})).json().status === 'paid')
    expect((await paymentRows(order.order_id)).map((p) => p.status).sort()).toEqual(['failed', 'paid'])
  })

  it('a tampered amount (the provider order does not match the attempt) never marks the order paid', async () => {
    const { s, order, pay } = await onlineOrder('razorpay')
    await db().update(payments).set({ amountPaise: order.total + 1 }).where(eq(payments.providerOrderId, pay.provider_order_id))
    const triple = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))).json().status).toBe('failed')
    await new Promise((r) => setTimeout(r, 300))
    expect((await orderRow(order.order_id)).paymentStatus).not.toBe('paid')
  })

  it('a payment after the hold ran out re-reserves the items; cancelling a paid order refunds it through the outbox', async () => {
    const { s, order, pay } = await onlineOrder('razorpay')
    const { releaseExpired } = await import('../orders/service')
    await releaseExpired(db(), new Date(Date.now() + 3600_000))
    expect((await orderRow(order.order_id)).releasedAt).not.toBeNull()
    const triple = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))).json().status).toBe('paid')
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'paid', releasedAt: null })
    const cancelled = (await k.call(s, 'POST', `/orders/${order.order_id}/cancel`, {})).json()
    expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending' })
    const { drainOutbox } = await import('../orders/outbox')
    const { outboxHandlers } = await import('./jobs')
    await drainOutbox(db(), outboxHandlers(k.t.app, () => k.t.app.payments, { send: async () => {} }), k.t.app.log, 100)
    await until(async () => (await orderRow(order.order_id)).paymentStatus === 'refunded')
  })
})

const pick = (t: Record<string, string>) => ({ razorpay_payment_id: t.razorpay_payment_id, razorpay_order_id: t.razorpay_order_id, razorpay_signature: t.razorpay_signature })
