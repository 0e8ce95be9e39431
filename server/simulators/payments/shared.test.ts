import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { buildTestAppsOnOneDatabase, drivers, type TestApp } from '../../test/app'
import { until } from '../../test/wait'
import { startWebhookReceiver } from './test-kit'

/**
 * Decision 0039: two app processes on one PostgreSQL database share one simulator. What one makes, the other
 * pays, refunds and answers; each webhook leaves once, from whichever process claims it; a task of a process
 * that stopped is sent by the other.
 */
describe.runIf(drivers.includes('postgres'))('the payment simulator shared by two app processes on PostgreSQL', () => {
  let a: TestApp
  let b: TestApp
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    const made = await buildTestAppsOnOneDatabase(2, { PAYMENTS_SIM_CASHFREE_WEBHOOK_URL: receiver.url, PAYMENTS_SIM_RAZORPAY_WEBHOOK_URL: receiver.url })
    ;[a, b] = made.apps
    for (const t of made.apps) await t.app.listen({ port: 0, host: '127.0.0.1' })
  }, 60_000)
  let aClosed = false
  const closeA = async () => {
    if (!aClosed) await a?.close()
    aClosed = true
  }
  afterAll(async () => {
    await Promise.all([closeA(), b?.close()])
    await receiver?.close()
  })

  const cashfree = (t: TestApp, method: 'GET' | 'POST', url: string, payload?: object, key?: string) => {
    const { CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET } = t.app.deps.config
    const headers = { 'x-client-id': CASHFREE_CLIENT_ID!, 'x-client-secret': CASHFREE_CLIENT_SECRET!, 'x-api-version': '2023-08-01' }
    return t.app.inject({ method, url: `/pg${url}`, payload, headers: key ? { ...headers, 'x-idempotency-key': key } : headers })
  }
  const razorpay = (t: TestApp, method: 'GET' | 'POST', url: string, payload?: object) => {
    const { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET } = t.app.deps.config
    const authorization = `Basic ${Buffer.from(`${RAZORPAY_KEY_ID}:${RAZORPAY_KEY_SECRET}`).toString('base64')}`
    return t.app.inject({ method, url: `/v1${url}`, payload, headers: { authorization } })
  }
  const simPay = (t: TestApp, body: object) => t.app.inject({ method: 'POST', url: '/__sim/pay', payload: body })
  const types = () => receiver.received.map((r) => JSON.parse(r.body.toString('utf8')).type ?? JSON.parse(r.body.toString('utf8')).event)
  const db = () => a.app.deps.db
  /**
   * Every task run and deleted (webhooks sent, refunds settled) and every delivery the running processes began
   * answered: what the simulator was asked to do is done, so a webhook that has not come by now never will.
   */
  const quiet = (processes: TestApp[]) =>
    until(
      async () => {
        const [{ n }] = rowsOf<{ n: number }>(await processes[0].app.deps.db.execute(sql`select count(*)::int as n from payment_simulator.tasks`))
        if (n > 0) return false
        for (const t of processes) {
          const { webhooks } = (await t.app.inject({ method: 'GET', url: '/__sim/log' })).json() as { webhooks: { status: number | null; error?: string }[] }
          if (webhooks.some((d) => d.status === null && d.error === undefined)) return false
        }
        return true
      },
      15_000,
      'the simulator to be done',
    )

  it('a Cashfree order made through A is paid and refunded through B; each webhook is sent once; both answer', async () => {
    receiver.clear()
    const body = { order_amount: 150, order_currency: 'INR', customer_details: { customer_id: 'c1', customer_phone: '9876500003' } }
    const made = await cashfree(a, 'POST', '/orders', body, 'shared-1')
    expect(made.statusCode, made.body).toBe(200)
    const { order_id: orderId, payment_session_id: session } = made.json()
    // the same key through B: A's answer, not a second order
    const again = await cashfree(b, 'POST', '/orders', body, 'shared-1')
    expect([again.statusCode, again.headers['x-idempotent-replay'], again.json().order_id]).toEqual([200, 'true', orderId])
    // the shopper's browser pays on B's hosted page
    expect((await b.app.inject({ method: 'GET', url: `/sim/cashfree/pay/${session}` })).statusCode).toBe(200)
    const paid = await b.app.inject({ method: 'POST', url: `/sim/cashfree/pay/${session}`, payload: { outcome: 'success' } })
    expect(paid.json()).toMatchObject({ payment_status: 'SUCCESS' })
    for (const t of [a, b]) expect((await cashfree(t, 'GET', `/orders/${orderId}`)).json().order_status).toBe('PAID')
    const refund = await cashfree(b, 'POST', `/orders/${orderId}/refunds`, { refund_amount: 1.5, refund_id: 'r1' })
    expect(refund.json()).toMatchObject({ refund_status: 'PENDING' })
    // settled by whichever process claims the task
    const settled = async () => (await cashfree(a, 'GET', `/orders/${orderId}/refunds/r1`)).json().refund_status
    await until(async () => (await settled()) === 'SUCCESS', 10_000, 'the refund settled')
    await receiver.waitFor(2)
    await quiet([a, b])
    expect(types()).toEqual(['PAYMENT_SUCCESS_WEBHOOK', 'REFUND_STATUS_WEBHOOK'])
    const ids = receiver.received.map((r) => r.headers['x-idempotency-key'])
    expect(new Set(ids).size).toBe(2)
  })

  it('race: 12 payments of one Razorpay order through both processes at once: one is captured, the others refused', async () => {
    const order = (await razorpay(a, 'POST', '/orders', { amount: 25_000, currency: 'INR', receipt: 'race-1' })).json()
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => simPay(i % 2 ? a : b, { provider: 'razorpay', order_id: order.id, outcome: 'success' })),
    )
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(11).fill(409)])
    const [row] = rowsOf<{ captured: number; status: string; amount_paid: number }>(
      await db().execute(sql`select
        (select count(*)::int from payment_simulator.records p where p.kind = 'rzp.payment' and p.data->>'orderId' = ${order.id}
          and p.data->>'status' = 'captured') as captured,
        o.data->>'status' as status, (o.data->>'amountPaid')::int as amount_paid
        from payment_simulator.records o where o.kind = 'rzp.order' and o.id = ${order.id}`),
    )
    expect(row).toEqual({ captured: 1, status: 'paid', amount_paid: 25_000 })
    for (const t of [a, b]) expect((await razorpay(t, 'GET', `/orders/${order.id}`)).json()).toMatchObject({ status: 'paid', amount_paid: 25_000 })
  })

  it('a webhook due after its process stopped is sent by the other process, once', async () => {
    receiver.clear()
    await a.app.inject({ method: 'POST', url: '/__sim/webhooks/options', payload: { delayMs: 1500 } })
    const order = (await razorpay(a, 'POST', '/orders', { amount: 10_000, currency: 'INR', receipt: 'stopped-1' })).json()
    expect((await simPay(a, { provider: 'razorpay', order_id: order.id, outcome: 'success' })).statusCode).toBe(200)
    await closeA() // before the webhook is due: A takes its wake-up with it, the task stays
    // this order's only: the race above does not wait for its own webhooks, which may still be arriving
    const mine = () => receiver.received.filter((r) => r.body.toString('utf8').includes(order.id))
    await until(() => mine().length >= 3, 15_000, 'the three webhooks')
    await quiet([b])
    expect(mine().map((r) => JSON.parse(r.body.toString('utf8')).event)).toEqual(['payment.authorized', 'payment.captured', 'order.paid'])
    expect(new Set(mine().map((r) => r.headers['x-razorpay-event-id'])).size).toBe(3)
    const [{ n }] = rowsOf<{ n: number }>(await b.app.deps.db.execute(sql`select count(*)::int as n from payment_simulator.tasks`))
    expect(n).toBe(0)
  })
})
