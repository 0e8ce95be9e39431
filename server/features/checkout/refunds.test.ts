import { like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { paymentEvents } from '../../db/schema/orders'
import { type Driver, drivers } from '../../test/app'
import { signIn } from '../../test/shopper'
import { releaseExpired } from '../orders/service'
import { type CheckoutKit, pick, until, useCheckoutApp } from './test-kit'

type RefundRow = { order_id: number; provider: string; provider_payment_id: string; amount_paise: number; reason: string; status: string }

function kit(driver: Driver) {
  // biome-ignore lint/correctness/useHookAtTopLevel: a test kit named use…, not a React hook
  const base = useCheckoutApp(driver)
  const h = {
    ...base,
    refundRows: async (orderId: number) =>
      rowsOf<RefundRow>(
        await h
          .db()
          .execute(
            sql`select order_id, provider, provider_payment_id, amount_paise, reason, status from payment_refunds where order_id = ${orderId} order by id`,
          ),
      ),
    /** the webhooks about one provider order, stored and applied */
    processed: async (providerOrderId: string) =>
      (
        await h
          .db()
          .select()
          .from(paymentEvents)
          .where(like(paymentEvents.rawBody, `%${providerOrderId}%`))
      ).filter((e) => e.processedAt !== null).length,
    async onlineOrder(method: 'razorpay' | 'cashfree', pack = 0) {
      const k = h.k()
      const s = await k.shopperWithCart([k.sellable()[pack]])
      const { order } = await k.place(s, method)
      const pay = (await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)).json()
      expect(pay.provider_order_id).toEqual(expect.any(String))
      return { s, order, pay }
    },
    /** the outbox drained until the order's refunds are settled (Cashfree settles a moment later, by webhook) */
    async refunded(orderId: number, n = 1) {
      const k = h.k()
      await until(async () => (await h.refundRows(orderId)).length >= n, 20_000)
      await until(async () => {
        await k.drain()
        return (await h.refundRows(orderId)).every((r) => r.status === 'processed')
      }, 20_000)
      return h.refundRows(orderId)
    },
    async timeline(s: Parameters<CheckoutKit['call']>[0], orderId: number) {
      const detail = (await h.k().call(s, 'GET', `/orders/${orderId}`)).json()
      return { detail, kinds: (detail.timeline as { kind: string }[]).map((e) => e.kind) }
    },
  }
  return h
}

describe.each(drivers)('money that cannot be applied to its order is refunded, once (%s)', (driver: Driver) => {
  const h = kit(driver)

  it('a wrong amount: refunded for what was captured, recorded on the order, listed for staff; the shopper then pays correctly', async () => {
    const k = h.k()
    const { s, order, pay } = await h.onlineOrder('razorpay')
    const captured = order.total + 250
    const triple = await k.sim<Record<string, string>>('/pay', {
      provider: 'razorpay',
      order_id: pay.provider_order_id,
      outcome: 'success',
      amount_override: captured,
    })
    const confirmed = (await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))).json()
    expect(confirmed).toMatchObject({ status: 'failed', message: expect.stringMatching(/does not match/) })
    await until(async () => (await h.processed(pay.provider_order_id)) >= 3)
    const rows = await h.refunded(order.order_id)
    expect(rows).toEqual([
      {
        order_id: order.order_id,
        provider: 'razorpay',
        provider_payment_id: triple.razorpay_payment_id,
        amount_paise: captured,
        reason: 'amount_mismatch',
        status: 'processed',
      },
    ])
    const atProvider = await k.razorpay<{ items: { amount: number }[] }>('GET', `/payments/${triple.razorpay_payment_id}/refunds`)
    expect(atProvider.items.map((r) => r.amount)).toEqual([captured])
    const { detail, kinds } = await h.timeline(s, order.order_id)
    expect(kinds).toEqual(expect.arrayContaining(['refund_requested', 'refunded']))
    expect(detail).toMatchObject({ status: 'placed', can_pay: true })

    const admin = await signIn(k.t, '9876500001')
    const listed = (await k.call(admin, 'GET', '/admin/payments/refunds')).json().refunds
    expect(listed).toContainEqual(
      expect.objectContaining({
        order_id: order.order_id,
        order_number: order.order_number,
        provider: 'razorpay',
        provider_payment_id: triple.razorpay_payment_id,
        amount: captured,
        reason: 'amount_mismatch',
        state: 'processed',
        created_at: expect.any(String),
      }),
    )

    const again = (await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)).json()
    expect(again.provider_order_id).not.toBe(pay.provider_order_id)
    const right = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: again.provider_order_id, outcome: 'success' })
    expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(right))).json().status).toBe('paid')
    expect(await h.orderRow(order.order_id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    expect(await h.refundRows(order.order_id)).toHaveLength(1)
  })

  it('a wrong amount by webhook alone (Cashfree): refunded, and the unpaid order still expires normally', async () => {
    const k = h.k()
    const { order, pay } = await h.onlineOrder('cashfree')
    const captured = order.total - 100
    await k.sim('/pay', { provider: 'cashfree', order_id: pay.provider_order_id, outcome: 'success', amount_override: captured })
    const rows = await h.refunded(order.order_id)
    expect(rows).toMatchObject([{ provider: 'cashfree', amount_paise: captured, reason: 'amount_mismatch', status: 'processed' }])
    const atProvider = await k.cashfree<{ refund_amount: number; refund_status: string }[]>(`/orders/${pay.provider_order_id}/refunds`)
    expect(atProvider.map((r) => [r.refund_amount * 100, r.refund_status])).toEqual([[captured, 'SUCCESS']])
    expect(await h.orderRow(order.order_id)).toMatchObject({ status: 'placed', releasedAt: null })
    await releaseExpired(h.db(), new Date(Date.now() + 3600_000))
    expect(await h.orderRow(order.order_id)).toMatchObject({ status: 'expired' })
  })

  it('a refund whose settling webhook never comes is settled by the job asking the provider again', async () => {
    const k = h.k()
    const { s, order, pay } = await h.onlineOrder('cashfree')
    await k.sim('/webhooks/options', { badSignature: true, maxAttempts: 1 })
    try {
      await k.sim('/pay', { provider: 'cashfree', order_id: pay.provider_order_id, outcome: 'success', amount_override: order.total + 300 })
      expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, {})).json()).toMatchObject({ status: 'failed' })
      await k.drain()
      expect(await h.refundRows(order.order_id)).toMatchObject([{ amount_paise: order.total + 300, status: 'pending' }])
      // the provider settles it; its webhook is refused
      const atProvider = () => k.cashfree<{ refund_status: string }[]>(`/orders/${pay.provider_order_id}/refunds`)
      await until(async () => {
        const refunds = await atProvider()
        return refunds.length > 0 && refunds.every((r) => r.refund_status === 'SUCCESS')
      })
      await k.webhooksAnswered(pay.provider_order_id, { refused: true })
      expect(await h.refundRows(order.order_id)).toMatchObject([{ status: 'pending' }])
      await h.db().execute(sql`update outbox set available_at = now() where kind = 'refund' and sent_at is null`)
      await k.drain()
      expect(await h.refundRows(order.order_id)).toMatchObject([{ status: 'processed' }])
      expect((await h.timeline(s, order.order_id)).kinds).toContain('refunded')
    } finally {
      await k.sim('/webhooks/options', { badSignature: false, maxAttempts: 6 })
    }
  })

  it('a payment after the shopper cancelled: refunded, the order stays cancelled', async () => {
    const k = h.k()
    const { s, order, pay } = await h.onlineOrder('razorpay')
    expect((await k.call(s, 'POST', `/orders/${order.order_id}/cancel`, {})).json()).toMatchObject({ status: 'cancelled' })
    const triple = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))).json()).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/refunded/),
    })
    expect(await h.refunded(order.order_id)).toMatchObject([
      { provider_payment_id: triple.razorpay_payment_id, amount_paise: order.total, reason: 'order_released' },
    ])
    expect(await h.orderRow(order.order_id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' })
    const atProvider = await k.razorpay<{ amount_refunded: number }>('GET', `/payments/${triple.razorpay_payment_id}`)
    expect(atProvider.amount_refunded).toBe(order.total)
  })

  it('a payment after the hold ran out and the items sold: refunded', async () => {
    const k = h.k()
    const pack = k.sellable()[3]
    const { order, pay } = await h.onlineOrder('razorpay', 3)
    await releaseExpired(h.db(), new Date(Date.now() + 3600_000))
    await k.setStock(pack.pack_id, pack.warehouse_id, 0)
    try {
      await k.sim('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
      expect(await h.refunded(order.order_id)).toMatchObject([{ amount_paise: order.total, reason: 'order_released' }])
      expect(await h.orderRow(order.order_id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' })
    } finally {
      await k.setStock(pack.pack_id, pack.warehouse_id, 1000)
    }
  })

  it('a second payment on another attempt of a paid order (a late bank confirmation): refunded, the order stays paid', async () => {
    const k = h.k()
    const { s, order, pay } = await h.onlineOrder('razorpay')
    const late = await k.sim<{ error: { metadata: { payment_id: string } } }>('/pay', {
      provider: 'razorpay',
      order_id: pay.provider_order_id,
      outcome: 'late_auth',
      // the bank's late confirmation must land after the shopper's confirm and retry: 700 ms was passed on a loaded machine
      late_ms: 5_000,
    })
    expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, {})).json().status).toBe('failed')
    const again = (await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)).json()
    expect(again.provider_order_id).not.toBe(pay.provider_order_id)
    const right = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: again.provider_order_id, outcome: 'success' })
    expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(right))).json().status).toBe('paid')
    const rows = await h.refunded(order.order_id)
    expect(rows).toMatchObject([{ provider_payment_id: late.error.metadata.payment_id, amount_paise: order.total, reason: 'duplicate', status: 'processed' }])
    expect(await h.orderRow(order.order_id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    expect((await h.paymentRows(order.order_id)).map((p) => p.status)).toEqual(['refunded', 'paid'])
    expect((await h.timeline(s, order.order_id)).detail).toMatchObject({ payment_status: 'paid', payment: { status: 'paid', attempt: 2 } })
  })

  it('a second payment on the same provider order (the failed one confirmed late after a retry paid): refunded, the order stays paid', async () => {
    const k = h.k()
    const { s, order, pay } = await h.onlineOrder('razorpay')
    const late = await k.sim<{ error: { metadata: { payment_id: string } } }>('/pay', {
      provider: 'razorpay',
      order_id: pay.provider_order_id,
      outcome: 'late_auth',
      late_ms: 700,
    })
    const right = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(right))).json().status).toBe('paid')
    const rows = await h.refunded(order.order_id)
    expect(rows).toMatchObject([{ provider_payment_id: late.error.metadata.payment_id, amount_paise: order.total, reason: 'duplicate', status: 'processed' }])
    expect(await h.orderRow(order.order_id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    expect((await h.paymentRows(order.order_id)).map((p) => [p.status, p.providerPaymentId])).toEqual([['paid', right.razorpay_payment_id]])
  })

  it('the staff list of refunds: visitors 401, shoppers 403, admins see this website’s', async () => {
    const k = h.k()
    const visitor = await k.t.visitor()
    expect((await k.call(visitor, 'GET', '/admin/payments/refunds')).statusCode).toBe(401)
    const shopper = await signIn(k.t)
    expect((await k.call(shopper, 'GET', '/admin/payments/refunds')).statusCode).toBe(403)
    const admin = await signIn(k.t, '9876500001')
    const res = await k.call(admin, 'GET', '/admin/payments/refunds')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ page: 1, total: expect.any(Number) })
    expect(body.refunds.length).toBeGreaterThanOrEqual(5)
    expect(body.refunds.every((r: { order_number: string }) => /^OD\d+$/.test(r.order_number))).toBe(true)
    expect((await k.call(admin, 'GET', '/admin/payments/refunds?page=0')).statusCode).toBe(422)
  })
})

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('webhooks, replays, confirms and outbox workers all at once: one refund per captured payment (postgres)', () => {
  const h = kit('postgres')

  it('at most one refund per payment, for exactly the amount captured, at the provider and in SQL', { timeout: 60_000 }, async () => {
    const k = h.k()
    await k.sim('/webhooks/options', { duplicate: 2, concurrent: true })
    const cases: { s: Awaited<ReturnType<typeof h.onlineOrder>>['s']; orderId: number; hint: object }[] = []
    const captured = new Map<string, { provider: 'razorpay' | 'cashfree'; amount: number; providerOrderId: string }>()
    const lateIds: string[] = []

    for (let i = 0; i < 3; i++) {
      // the wrong amount
      const a = await h.onlineOrder('razorpay')
      const ta = await k.sim<Record<string, string>>('/pay', {
        provider: 'razorpay',
        order_id: a.pay.provider_order_id,
        outcome: 'success',
        amount_override: a.order.total + 1 + i,
      })
      cases.push({ s: a.s, orderId: a.order.order_id, hint: pick(ta) })
      captured.set(ta.razorpay_payment_id, { provider: 'razorpay', amount: a.order.total + 1 + i, providerOrderId: a.pay.provider_order_id })
      // paid after the shopper cancelled
      const b = await h.onlineOrder('razorpay')
      await k.call(b.s, 'POST', `/orders/${b.order.order_id}/cancel`, {})
      const tb = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: b.pay.provider_order_id, outcome: 'success' })
      cases.push({ s: b.s, orderId: b.order.order_id, hint: pick(tb) })
      captured.set(tb.razorpay_payment_id, { provider: 'razorpay', amount: b.order.total, providerOrderId: b.pay.provider_order_id })
      // a second payment for a paid order
      const c = await h.onlineOrder('razorpay')
      const late = await k.sim<{ error: { metadata: { payment_id: string } } }>('/pay', {
        provider: 'razorpay',
        order_id: c.pay.provider_order_id,
        outcome: 'late_auth',
        late_ms: 300,
      })
      const tc = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: c.pay.provider_order_id, outcome: 'success' })
      cases.push({ s: c.s, orderId: c.order.order_id, hint: pick(tc) })
      lateIds.push(late.error.metadata.payment_id)
      captured.set(late.error.metadata.payment_id, { provider: 'razorpay', amount: c.order.total, providerOrderId: c.pay.provider_order_id })
      // the wrong amount, Cashfree
      const d = await h.onlineOrder('cashfree')
      const td = await k.sim<{ cf_payment_id: string }>('/pay', {
        provider: 'cashfree',
        order_id: d.pay.provider_order_id,
        outcome: 'success',
        amount_override: d.order.total + 100,
      })
      cases.push({ s: d.s, orderId: d.order.order_id, hint: {} })
      captured.set(td.cf_payment_id, { provider: 'cashfree', amount: d.order.total + 100, providerOrderId: d.pay.provider_order_id })
    }

    // the banks' late confirmations: each late payment authorised and captured at the provider, its webhooks on their way
    await until(async () => {
      const payments = await Promise.all(lateIds.map((id) => k.razorpay<{ status: string }>('GET', `/payments/${id}`)))
      return payments.every((p) => p.status !== 'failed')
    })
    // while the (duplicated, concurrent) webhooks arrive: 6 confirms per order, every event replayed, 3 outbox workers, twice
    for (let round = 0; round < 2; round++) {
      const events = await k.t.app.inject({ method: 'GET', url: '/__sim/webhooks' }).then((r) => r.json() as { eventId: string }[])
      await Promise.all([
        ...cases.flatMap((c) => Array.from({ length: 6 }, () => k.call(c.s, 'POST', `/checkout/confirm/${c.orderId}`, c.hint))),
        ...events.map((e) => k.t.app.inject({ method: 'POST', url: `/__sim/replay/${e.eventId}` })),
        k.drain(),
        k.drain(),
        k.drain(),
      ])
    }
    await until(async () => {
      await k.drain()
      const [{ n }] = rowsOf<{ n: number }>(await h.db().execute(sql`select count(*)::int as n from payment_refunds where status <> 'processed'`))
      const [{ m }] = rowsOf<{ m: number }>(await h.db().execute(sql`select count(*)::int as m from payment_refunds`))
      return n === 0 && m >= captured.size
    }, 15_000)

    const doubled = rowsOf(
      await h.db().execute(sql`select provider, provider_payment_id, count(*)::int as n from payment_refunds group by 1, 2 having count(*) > 1`),
    )
    expect(doubled).toEqual([])
    const jobs = rowsOf(
      await h.db().execute(sql`select payload->>'refundId' as id, count(*)::int as n from outbox where kind = 'refund' group by 1 having count(*) > 1`),
    )
    expect(jobs).toEqual([])
    const all = rowsOf<RefundRow>(await h.db().execute(sql`select order_id, provider, provider_payment_id, amount_paise, reason, status from payment_refunds`))
    for (const [id, c] of captured) {
      const mine = all.filter((r) => r.provider === c.provider && r.provider_payment_id === id)
      expect(mine, `refund of ${id}`).toMatchObject([{ amount_paise: c.amount, status: 'processed' }])
      if (c.provider === 'razorpay') {
        const refunds = await k.razorpay<{ items: { amount: number }[] }>('GET', `/payments/${id}/refunds`)
        expect(
          refunds.items.map((r) => r.amount),
          `provider refunds of ${id}`,
        ).toEqual([c.amount])
      } else {
        const refunds = await k.cashfree<{ refund_amount: number }[]>(`/orders/${c.providerOrderId}/refunds`)
        expect(
          refunds.map((r) => Math.round(r.refund_amount * 100)),
          `provider refunds of ${id}`,
        ).toEqual([c.amount])
      }
    }
    const events = rowsOf(
      await h.db().execute(sql`select order_id, count(*)::int as n from order_events where kind = 'refund_requested' group by 1 having count(*) > 1`),
    )
    expect(events).toEqual([])
  })
})
