import { createHmac, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn, type SignedIn, websiteOf } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { pick, until, useCheckoutApp } from './test-kit'

type Sql = ReturnType<typeof sql>

/** Website B's own keys, as its admin types them: the webhook secrets are B's to choose. */
const B_RAZORPAY = { key_id: 'rzp_test_ShopTwoOwnKey1', key_secret: 'shop_two_key_secret_0001', webhook_secret: 'chosen-by-shop-two-admin' }
const B_CASHFREE = { client_id: 'TEST_SHOP_TWO_OWN', client_secret: 'cfsk_ma_test_chosen_by_shop_two_admin' }
const RANDOM_PART = /-[0-9a-z]{12}$/

describe.each(drivers)('a webhook touches only the website whose address and keys verified it (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const k = () => h.k()
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  let adminA: SignedIn
  let siteB: number

  async function start() {
    adminA ??= await signIn(k().t, '9876500001')
    if (siteB !== undefined) return
    siteB = (await websiteOf(k().t, SHOP2)).id
    // B's accounts at the providers (the simulator checks keys as they do): A's orders are not in them
    await k().sim('/accounts', { provider: 'razorpay', ...B_RAZORPAY })
    await k().sim('/accounts', { provider: 'cashfree', ...B_CASHFREE })
    // B's admin saves B's own Razorpay and Cashfree keys, with secrets of their choosing
    const adminB = await signIn(k().t, '9876500001', SHOP2)
    const url = '/s/api/admin/payment-methods'
    const now = (await staffCall(k().t, adminB, 'GET', url, undefined, SHOP2)).json()
    const saved = await staffCall(
      k().t,
      adminB,
      'PUT',
      url,
      {
        version: now.version,
        cod: { enabled: now.cod.enabled, max_order_value: now.cod.max_order_value },
        razorpay: { enabled: true, ...B_RAZORPAY },
        cashfree: { enabled: true, ...B_CASHFREE },
      },
      SHOP2,
    )
    expect(saved.statusCode, saved.body).toBe(200)
  }

  /** a webhook signed as the provider signs it; `site` null: the process's address */
  const hook = (provider: 'razorpay' | 'cashfree', site: number | null, secret: string, body: object, eventId: string) => {
    const raw = JSON.stringify(body)
    const ts = String(Date.now())
    const headers =
      provider === 'razorpay'
        ? { 'x-razorpay-signature': createHmac('sha256', secret).update(raw).digest('hex'), 'x-razorpay-event-id': eventId }
        : {
            'x-webhook-signature': createHmac('sha256', secret)
              .update(ts + raw)
              .digest('base64'),
            'x-webhook-timestamp': ts,
            'x-webhook-version': '2025-01-01',
            'x-idempotency-key': eventId,
          }
    return k().t.app.inject({
      method: 'POST',
      url: `/s/api/payments/webhooks/${provider}${site === null ? '' : `/${site}`}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: raw,
    })
  }
  const answer = (res: Awaited<ReturnType<typeof hook>>) => ({ status: res.statusCode, message: res.json().message })

  /** every webhook the simulator sent so far has been answered (so nothing changes A's order behind the test's back) */
  const quiet = () =>
    until(async () => {
      const log = (await (await fetch(`${k().origin}/__sim/log`)).json()) as { webhooks: { status: number | null }[] }
      return log.webhooks.every((w) => w.status !== null)
    }, 8000)

  /** what website A's staff and shopper see of an order's money: refunds, timeline, payment state, what is left to refund */
  async function seen(orderId: number) {
    const detail = (await staffCall(k().t, adminA, 'GET', `/s/api/admin/orders/${orderId}`)).json()
    return {
      refunds: await rows(sql`select id, status, provider_refund_id from payment_refunds where order_id = ${orderId} order by id`),
      timeline: await rows(sql`select kind, note from order_events where order_id = ${orderId} order by id`),
      payment_status: detail.payment_status,
      refundable: detail.refundable,
    }
  }

  async function paidOnA(method: 'razorpay' | 'cashfree') {
    const s = await k().shopperWithCart([k().sellable()[0]], 2)
    const { order } = await k().place(s, method)
    const pay = (await k().call(s, 'GET', `/checkout/pay/${order.order_id}`)).json()
    if (method === 'razorpay') {
      const triple = await k().sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
      expect((await k().call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))).json().status).toBe('paid')
    } else {
      await k().sim('/pay', { provider: 'cashfree', order_id: pay.provider_order_id, outcome: 'success' })
      await until(async () => (await h.orderRow(order.order_id)).paymentStatus === 'paid', 8000)
    }
    const [payment] = await h.paymentRows(order.order_id)
    return { order, providerOrderId: pay.provider_order_id as string, paymentId: payment.providerPaymentId!, reference: payment.reference }
  }
  const staffRefund = async (orderId: number, amount: number) => {
    const res = await staffCall(k().t, adminA, 'POST', `/s/api/admin/orders/${orderId}/refunds`, { amount, reason: 'Late delivery' })
    expect(res.statusCode, res.body).toBe(200)
    const [last] = await rows<{ reference: string; status: string }>(
      sql`select reference, status from payment_refunds where order_id = ${orderId} order by id desc limit 1`,
    )
    expect(last.status).toBe('pending')
    return last.reference
  }

  it('Razorpay: refund and payment events signed with B’s own secret at B’s address leave A’s refunds, timeline and refundable amount alone', async () => {
    await start()
    const paid = await paidOnA('razorpay')
    const reference = await staffRefund(paid.order.order_id, 100)
    // a second order of A cancelled by staff: the system's refund, found by its payment alone
    const cancelled = await paidOnA('razorpay')
    const cancel = await staffCall(k().t, adminA, 'POST', `/s/api/admin/orders/${cancelled.order.order_id}/status`, {
      status: 'cancelled',
      note: 'Shelf empty',
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    await quiet()
    const before = [await seen(paid.order.order_id), await seen(cancelled.order.order_id)]
    expect(before[0].refundable.left).toBe(paid.order.total - 100)

    const refundEvent = (event: string, p: typeof paid, receipt: string | null) => ({
      entity: 'event',
      account_id: 'acc_ShopTwo',
      event,
      contains: ['refund', 'payment'],
      payload: {
        refund: {
          entity: {
            id: `rfnd_${randomUUID().slice(0, 8)}`,
            entity: 'refund',
            amount: 100,
            currency: 'INR',
            payment_id: p.paymentId,
            receipt,
            status: 'failed',
          },
        },
        payment: { entity: { id: p.paymentId, order_id: p.providerOrderId, amount: p.order.total, currency: 'INR', status: 'captured' } },
      },
      created_at: Math.floor(Date.now() / 1000),
    })
    const failedId = `evt_${randomUUID()}`
    const forged = [
      hook('razorpay', siteB, B_RAZORPAY.webhook_secret, refundEvent('refund.failed', paid, reference), failedId),
      hook('razorpay', siteB, B_RAZORPAY.webhook_secret, refundEvent('refund.processed', paid, reference), `evt_${randomUUID()}`),
      hook('razorpay', siteB, B_RAZORPAY.webhook_secret, refundEvent('refund.failed', cancelled, null), `evt_${randomUUID()}`),
    ]
    for (const res of forged) expect(answer(await res)).toEqual({ status: 200, message: 'unknown refund' })
    // payment events naming A's provider order fare no better
    const payment = { entity: { id: paid.paymentId, order_id: paid.providerOrderId, amount: paid.order.total, currency: 'INR', status: 'failed' } }
    const failed = await hook('razorpay', siteB, B_RAZORPAY.webhook_secret, { event: 'payment.failed', payload: { payment } }, `evt_${randomUUID()}`)
    expect(answer(failed)).toEqual({ status: 200, message: 'unknown order' })

    expect([await seen(paid.order.order_id), await seen(cancelled.order.order_id)]).toEqual(before)

    // The same event, same event id, signed with the shop's secret at the process's address (whose keys made A's
    // payment) is A's to apply: the forged copies were refused for their website alone, and did not use up the event id.
    const real = await hook('razorpay', null, k().t.app.deps.config.RAZORPAY_WEBHOOK_SECRET!, refundEvent('refund.failed', paid, reference), failedId)
    expect(answer(real)).toEqual({ status: 200, message: 'refund failed' })
    expect((await seen(paid.order.order_id)).refunds).toMatchObject([{ status: 'failed' }])
  })

  it('Cashfree: a refund webhook signed with B’s own client secret at B’s address leaves A’s refund alone', async () => {
    await start()
    const paid = await paidOnA('cashfree')
    const reference = await staffRefund(paid.order.order_id, 100)
    await quiet()
    const before = await seen(paid.order.order_id)

    const refundEvent = (status: string) => ({
      type: 'REFUND_STATUS_WEBHOOK',
      event_time: new Date().toISOString(),
      data: {
        refund: {
          cf_refund_id: 987654321,
          cf_payment_id: Number(paid.paymentId),
          refund_id: reference,
          order_id: paid.providerOrderId,
          refund_amount: 1.0,
          refund_currency: 'INR',
          entity: 'Refund',
          refund_status: status,
          status_description: 'Refund cancelled',
        },
      },
    })
    const cancelledId = randomUUID()
    for (const [status, id] of [
      ['CANCELLED', cancelledId],
      ['SUCCESS', randomUUID()],
    ]) {
      expect(answer(await hook('cashfree', siteB, B_CASHFREE.client_secret, refundEvent(status), id))).toEqual({ status: 200, message: 'unknown refund' })
    }
    expect(await seen(paid.order.order_id)).toEqual(before)

    const real = await hook('cashfree', null, k().t.app.deps.config.CASHFREE_CLIENT_SECRET!, refundEvent('CANCELLED'), cancelledId)
    expect(answer(real)).toEqual({ status: 200, message: 'refund failed' })
  })

  it('a UPI QR of the counter is not paid by a webhook at another website’s address', async () => {
    await start()
    const pos = (method: 'GET' | 'POST', url: string, body?: object) => staffCall(k().t, adminA, method, `/s/api/pos${url}`, body)
    if (!(await pos('GET', '/shifts/current')).json().shift) expect((await pos('POST', '/shifts', { opening_cash: 500 })).statusCode).toBe(201)
    const qr = (await pos('POST', '/upi-qr', { amount: 40 })).json()
    const credited = {
      event: 'qr_code.credited',
      payload: {
        qr_code: { entity: { id: qr.qr_id, image_url: '', status: 'closed', payment_amount: 4000 } },
        payment: { entity: { id: `pay_${randomUUID().replace(/-/g, '').slice(0, 14)}`, amount: 4000, currency: 'INR', status: 'captured' } },
      },
    }
    const forged = await hook('razorpay', siteB, B_RAZORPAY.webhook_secret, credited, `evt_${randomUUID()}`)
    expect(answer(forged)).toEqual({ status: 200, message: 'unknown qr' })
    expect((await pos('GET', `/upi-qr/${qr.qr_id}`)).json().status).toBe('pending')
  })

  it('references sent to the provider carry 12 random characters: no two alike, none to be guessed from another', async () => {
    await start()
    const paid = await paidOnA('razorpay')
    // the attempt's reference is the receipt the provider holds
    expect(paid.reference).toMatch(new RegExp(`^w\\d+-${paid.order.order_number}-1${RANDOM_PART.source}`))
    expect((await k().razorpay<{ receipt: string }>('GET', `/orders/${paid.providerOrderId}`)).receipt).toBe(paid.reference)
    // two staff refunds of one order: readable prefixes in sequence, random parts unrelated
    const first = await staffRefund(paid.order.order_id, 100)
    const second = await staffRefund(paid.order.order_id, 100)
    expect(first).toMatch(new RegExp(`^w\\d+-${paid.order.order_number}-r1${RANDOM_PART.source}`))
    expect(second).toMatch(new RegExp(`^w\\d+-${paid.order.order_number}-r2${RANDOM_PART.source}`))
    expect(first.slice(-12)).not.toBe(second.slice(-12))
    expect(second).not.toBe(first.replace('-r1-', '-r2-'))
    // the system's refund of a cancelled order too
    const cancel = await staffCall(k().t, adminA, 'POST', `/s/api/admin/orders/${paid.order.order_id}/status`, { status: 'cancelled', note: 'Shelf empty' })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const [system] = await rows<{ reference: string }>(
      sql`select reference from payment_refunds where order_id = ${paid.order.order_id} and reason = 'cancelled'`,
    )
    expect(system.reference).toMatch(new RegExp(`^rf-${paid.paymentId}${RANDOM_PART.source}`))
    for (const r of [paid.reference!, first, second, system.reference]) expect(r).toMatch(/^[A-Za-z0-9_-]{1,40}$/)
  })
})
