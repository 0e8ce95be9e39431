import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { paymentEvents, payments } from '../../db/schema/orders'
import { type Driver, drivers } from '../../test/app'
import { pick, until, useCheckoutApp } from './test-kit'

describe.each(drivers)('online payments through the simulator (%s)', (driver: Driver) => {
  const { k: kit, db, orderRow, paymentRows } = useCheckoutApp(driver)
  const events = () =>
    kit()
      .t.app.inject({ method: 'GET', url: '/__sim/webhooks' })
      .then((r) => r.json() as { eventId: string; provider: string; type: string; body: string }[])
  const webhook = (provider: string, body: string, headers: Record<string, string>) =>
    kit().t.app.inject({
      method: 'POST',
      url: `/s/api/payments/webhooks/${provider}`,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    })

  async function onlineOrder(method: 'razorpay' | 'cashfree') {
    const s = await kit().shopperWithCart([kit().sellable()[0]])
    const { order } = await kit().place(s, method)
    const pay = await kit().call(s, 'GET', `/checkout/pay/${order.order_id}`)
    expect(pay.statusCode).toBe(200)
    return { s, order, pay: pay.json() }
  }

  it('Razorpay paid: the signature triple is a hint, the status fetch confirms; webhooks then change nothing', async () => {
    const { s, order, pay } = await onlineOrder('razorpay')
    expect(pay).toMatchObject({
      provider: 'razorpay',
      key_id: expect.stringMatching(/^rzp_test_/),
      amount: order.total,
      currency: 'INR',
      script_url: '/sim/razorpay/checkout.js',
    })
    // the same attempt again: the same provider order
    expect((await kit().call(s, 'GET', `/checkout/pay/${order.order_id}`)).json().provider_order_id).toBe(pay.provider_order_id)
    const unpaid = await kit().call(s, 'POST', `/checkout/confirm/${order.order_id}`, {})
    expect(unpaid.json().status).toBe('pending')
    const triple = await kit().sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    const forged = await kit().call(s, 'POST', `/checkout/confirm/${order.order_id}`, { ...pick(triple), razorpay_signature: 'f'.repeat(64) })
    expect(forged.statusCode).toBe(422)
    const confirmed = await kit().call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))
    expect(confirmed.json()).toMatchObject({ status: 'paid', order_number: order.order_number })
    await until(async () => (await events()).filter((e) => e.provider === 'razorpay').length >= 3)
    await until(async () => (await db().select().from(paymentEvents)).length >= 3)
    const row = await orderRow(order.order_id)
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', holdExpiresAt: null })
    expect((await paymentRows(order.order_id)).filter((p) => p.status === 'paid')).toHaveLength(1)
    const detail = (await kit().call(s, 'GET', `/orders/${order.order_id}`)).json()
    expect(detail.timeline.filter((e: { kind: string }) => e.kind === 'paid')).toHaveLength(1)
  })

  it('webhooks: forged, wrong secret and replayed events are refused or skipped; a replay is not processed twice', async () => {
    const all = await events()
    const first = all.find((e) => e.provider === 'razorpay')!
    const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex')
    const secret = kit().t.app.deps.config.RAZORPAY_WEBHOOK_SECRET!
    expect((await webhook('razorpay', first.body, { 'x-razorpay-event-id': 'evt_forged_1', 'x-razorpay-signature': 'a'.repeat(64) })).statusCode).toBe(401)
    expect(
      (await webhook('razorpay', first.body, { 'x-razorpay-event-id': 'evt_forged_2', 'x-razorpay-signature': sign('not-the-secret', first.body) })).statusCode,
    ).toBe(401)
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
    await kit().sim('/pay', { provider: 'cashfree', order_id: pay.provider_order_id, outcome: 'success' })
    await until(async () => (await orderRow(order.order_id)).paymentStatus === 'paid')
    expect((await kit().call(s, 'POST', `/checkout/confirm/${order.order_id}`, {})).json().status).toBe('paid')
  })

  it('a failed payment leaves the order payable; a new attempt can then pay', async () => {
    const { s, order, pay } = await onlineOrder('cashfree')
    await kit().sim('/pay', { provider: 'cashfree', order_id: pay.provider_order_id, outcome: 'failed' })
    await until(async () => (await kit().call(s, 'POST', `/checkout/confirm/${order.order_id}`, {})).json().status === 'failed')
    const again = (await kit().call(s, 'GET', `/checkout/pay/${order.order_id}`)).json()
    expect(again.provider_order_id).not.toBe(pay.provider_order_id)
    await kit().sim('/pay', { provider: 'cashfree', order_id: again.provider_order_id, outcome: 'success' })
    await until(async () => (await kit().call(s, 'POST', `/checkout/confirm/${order.order_id}`, {})).json().status === 'paid')
    expect((await paymentRows(order.order_id)).map((p) => p.status).sort()).toEqual(['failed', 'paid'])
  })

  it('a tampered amount (the provider order does not match the attempt) never marks the order paid', async () => {
    const { s, order, pay } = await onlineOrder('razorpay')
    await db()
      .update(payments)
      .set({ amountPaise: order.total + 1 })
      .where(eq(payments.providerOrderId, pay.provider_order_id))
    const triple = await kit().sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    expect((await kit().call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))).json().status).toBe('failed')
    await kit().webhooksAnswered(pay.provider_order_id) // the provider's word by webhook too: taken, and still not paid
    expect((await orderRow(order.order_id)).paymentStatus).not.toBe('paid')
  })

  it('a payment after the hold ran out re-reserves the items; cancelling a paid order refunds it through the outbox', async () => {
    const { s, order, pay } = await onlineOrder('razorpay')
    const { releaseExpired } = await import('../orders/service')
    await releaseExpired(db(), new Date(Date.now() + 3600_000))
    expect((await orderRow(order.order_id)).releasedAt).not.toBeNull()
    const triple = await kit().sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    expect((await kit().call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))).json().status).toBe('paid')
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'paid', releasedAt: null })
    const cancelled = (await kit().call(s, 'POST', `/orders/${order.order_id}/cancel`, {})).json()
    expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending' })
    const { drainOutbox } = await import('../orders/outbox')
    const { outboxHandlers } = await import('./jobs')
    await drainOutbox(
      db(),
      outboxHandlers(kit().t.app, () => kit().t.app.payments, { send: async () => {} }),
      kit().t.app.log,
      100,
    )
    await until(async () => (await orderRow(order.order_id)).paymentStatus === 'refunded')
  })
})
