import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { pick, until, useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

describe.each(drivers)('staff refunds (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  const admin = () => signIn(h.k().t, '9876500001')
  const refund = async (id: number, body: object, who?: Awaited<ReturnType<typeof admin>>) =>
    staffCall(h.k().t, who ?? (await admin()), 'POST', `/s/api/admin/orders/${id}/refunds`, body)
  const move = async (id: number, status: string) => {
    const res = await staffCall(h.k().t, await admin(), 'POST', `/s/api/admin/orders/${id}/status`, { status })
    expect(res.statusCode, res.body).toBe(200)
  }
  const refundRows = (orderId: number) =>
    rows<{ amount_paise: number; reason: string; status: string; provider: string; note: string | null }>(
      sql`select amount_paise, reason, status, provider, note from payment_refunds where order_id = ${orderId} order by id`,
    )
  /** an order of `units` of two packs, paid online through the simulator's Razorpay */
  async function paidOrder(units = 2) {
    const k = h.k()
    const [p1, p2] = k.sellable()
    const s = await k.shopperWithCart([p1, p2], units)
    const { order } = await k.place(s, 'razorpay')
    const pay = (await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)).json()
    const triple = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))).json().status).toBe('paid')
    return { s, order, paymentId: triple.razorpay_payment_id }
  }
  const settled = (orderId: number) =>
    until(async () => {
      await h.k().drain()
      return (await refundRows(orderId)).every((r) => r.status !== 'pending')
    }, 8000)

  it('refunds part of a paid order per line, then an amount, through the provider; never more than was paid', async () => {
    const k = h.k()
    const a = await admin()
    const { s, order, paymentId } = await paidOrder(2)
    const detail = (await staffCall(k.t, a, 'GET', `/s/api/admin/orders/${order.order_id}`)).json()
    expect(detail.refundable).toMatchObject({ source: 'online', paid: order.total, left: order.total })
    const [line1, line2] = detail.lines as { id: number; price: number; quantity: number }[]
    expect(detail.refundable.lines).toEqual([
      { id: line1.id, units: 2, unit_amount: line1.price },
      { id: line2.id, units: 2, unit_amount: line2.price },
    ])

    // one unit of the first line
    const first = await refund(order.order_id, { lines: [{ id: line1.id, quantity: 1 }], reason: 'One packet torn' }, a)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      payment_status: 'paid',
      refunds: [{ amount: line1.price, reason: 'staff', state: 'pending', provider: 'razorpay', note: 'One packet torn', by: expect.any(String) }],
      refundable: {
        left: order.total - line1.price,
        lines: [
          { id: line1.id, units: 1 },
          { id: line2.id, units: 2 },
        ],
      },
    })
    // more units than are left on a line, a line of another order, more than is left, both lines and amount, no reason
    expect((await refund(order.order_id, { lines: [{ id: line1.id, quantity: 2 }], reason: 'x' }, a)).json().errors).toEqual({
      'lines.0.quantity': 'At most 1 can be refunded',
    })
    expect((await refund(order.order_id, { lines: [{ id: 999999, quantity: 1 }], reason: 'x' }, a)).json().errors).toHaveProperty(['lines.0.id'])
    const tooMuch = await refund(order.order_id, { amount: order.total - line1.price + 1, reason: 'x' }, a)
    expect(tooMuch.statusCode).toBe(422)
    expect(tooMuch.json().errors.amount).toMatch(/^At most ₹/)
    expect((await refund(order.order_id, { amount: 500, lines: [{ id: line2.id, quantity: 1 }], reason: 'x' }, a)).statusCode).toBe(422)
    expect((await refund(order.order_id, { amount: 500, reason: ' ' }, a)).json().errors).toHaveProperty('reason')

    await settled(order.order_id)
    expect(await refundRows(order.order_id)).toEqual([
      { amount_paise: line1.price, reason: 'staff', status: 'processed', provider: 'razorpay', note: 'One packet torn' },
    ])

    // the rest as an amount: the whole payment is then being refunded, then refunded
    const rest = await refund(order.order_id, { amount: order.total - line1.price, reason: 'Shopper unhappy with the delivery' }, a)
    expect(rest.json()).toMatchObject({ payment_status: 'refund_pending', refundable: { left: 0 } })
    expect((await refund(order.order_id, { amount: 100, reason: 'again' }, a)).json().errors.amount).toBe(
      'Everything paid is refunded or being refunded already',
    )
    await settled(order.order_id)
    const [sum] = await rows<{ n: number }>(
      sql`select sum(amount_paise)::int as n from payment_refunds where order_id = ${order.order_id} and status <> 'failed'`,
    )
    expect(sum.n).toBe(order.total)
    const atProvider = await k.razorpay<{ items: { amount: number; receipt: string }[] }>('GET', `/payments/${paymentId}/refunds`)
    expect(atProvider.items.map((r) => r.amount).sort((x, y) => x - y)).toEqual([line1.price, order.total - line1.price].sort((x, y) => x - y))
    expect(new Set(atProvider.items.map((r) => r.receipt)).size).toBe(2)

    const shopper = (await k.call(s, 'GET', `/orders/${order.order_id}`)).json()
    expect(shopper).toMatchObject({ payment_status: 'refunded', payment: { refunded: order.total } })
    expect(shopper.timeline.filter((e: { kind: string }) => e.kind === 'refunded')).toHaveLength(2)
    const audit = await rows<{ action: string; user_id: number; data: { reason: string } }>(
      sql`select action, user_id, data from audit_log where entity = 'order' and entity_id = ${String(order.order_id)} order by id`,
    )
    expect(audit.map((r) => [r.action, r.data.reason])).toEqual([
      ['order.refund', 'One packet torn'],
      ['order.refund', 'Shopper unhappy with the delivery'],
    ])
    const told = await rows<{ n: number }>(
      sql`select count(*)::int as n from outbox where kind = 'order_refund' and (payload->>'orderId')::int = ${order.order_id}`,
    )
    expect(told[0].n).toBe(2)
  })

  it('a refund follows the provider: Cashfree answers pending, its webhook makes it processed', async () => {
    const k = h.k()
    const a = await admin()
    const s = await k.shopperWithCart([k.sellable()[0]], 3)
    const { order } = await k.place(s, 'cashfree')
    const pay = (await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)).json()
    await k.sim('/pay', { provider: 'cashfree', order_id: pay.provider_order_id, outcome: 'success' })
    await until(async () => (await h.orderRow(order.order_id)).paymentStatus === 'paid', 8000)
    const res = await refund(order.order_id, { amount: 1000, reason: 'Late delivery' }, a)
    expect(res.json().refunds).toMatchObject([{ amount: 1000, state: 'pending', provider: 'cashfree' }])
    await k.drain() // sent to Cashfree, which says PENDING: the job waits
    await until(async () => (await refundRows(order.order_id))[0].status === 'processed', 8000)
    const events = await rows<{ outcome: string }>(
      sql`select outcome from payment_events where type like 'REFUND%' and raw_body like ${`%${pay.provider_order_id}%`}`,
    )
    expect(events.map((e) => e.outcome)).toContain('refunded')
    expect((await staffCall(k.t, a, 'GET', `/s/api/admin/orders/${order.order_id}`)).json()).toMatchObject({
      payment_status: 'paid',
      refundable: { left: order.total - 1000 },
    })
  })

  it('cancelling after a partial refund gives back only the rest', async () => {
    const k = h.k()
    const a = await admin()
    const { order } = await paidOrder(1)
    await refund(order.order_id, { amount: 700, reason: 'Goodwill' }, a)
    const cancelled = await staffCall(k.t, a, 'POST', `/s/api/admin/orders/${order.order_id}/status`, { status: 'cancelled', note: 'Out of stock' })
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending', refundable: { left: 0 } })
    await settled(order.order_id)
    expect((await refundRows(order.order_id)).map((r) => [r.reason, r.amount_paise, r.status])).toEqual([
      ['staff', 700, 'processed'],
      ['cancelled', order.total - 700, 'processed'],
    ])
    expect((await h.orderRow(order.order_id)).paymentStatus).toBe('refunded')
  })

  it('refuses an unpaid order and cash on delivery before delivery (409); gives cash back on a delivered COD order', async () => {
    const k = h.k()
    const a = await admin()
    const s = await k.shopperWithCart([k.sellable()[0]])
    const { order: unpaid } = await k.place(s, 'razorpay')
    const refused = await refund(unpaid.order_id, { amount: 100, reason: 'x' }, a)
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'This order is not paid: there is nothing to refund'])

    const c = await k.shopperWithCart([k.sellable()[1]], 2)
    const { order: cod } = await k.place(c, 'cod')
    expect((await refund(cod.order_id, { amount: 100, reason: 'x' }, a)).statusCode).toBe(409)
    expect((await staffCall(k.t, a, 'GET', `/s/api/admin/orders/${cod.order_id}`)).json().refundable).toBeNull()
    for (const status of ['packed', 'out_for_delivery', 'delivered']) await move(cod.order_id, status)
    const cash = await refund(cod.order_id, { amount: cod.total, reason: 'Returned at the door' }, a)
    expect(cash.json()).toMatchObject({
      payment_status: 'refunded',
      refunds: [{ amount: cod.total, provider: 'cash', state: 'processed', reason: 'staff' }],
      refundable: { source: 'cash', paid: cod.total, left: 0 },
    })
    expect((await k.call(c, 'GET', `/orders/${cod.order_id}`)).json().timeline.at(-1)).toMatchObject({
      kind: 'refunded',
      note: expect.stringMatching(/given back in cash$/),
    })
    // no provider job for cash
    expect(
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from outbox where kind = 'refund' and payload->>'refundId' in (select id::text from payment_refunds where order_id = ${cod.order_id})`,
        )
      )[0].n,
    ).toBe(0)
  })

  it('answers 401 to a visitor, 403 to a shopper, 404 to another website’s admin', async () => {
    const k = h.k()
    const { s, order } = await paidOrder(1)
    const body = { amount: 100, reason: 'x' }
    expect((await staffCall(k.t, await k.t.visitor(), 'POST', `/s/api/admin/orders/${order.order_id}/refunds`, body)).statusCode).toBe(401)
    expect((await staffCall(k.t, s, 'POST', `/s/api/admin/orders/${order.order_id}/refunds`, body)).statusCode).toBe(403)
    const other = await signIn(k.t, '9876500001', SHOP2)
    expect((await staffCall(k.t, other, 'POST', `/s/api/admin/orders/${order.order_id}/refunds`, body, SHOP2)).statusCode).toBe(404)
    expect(await refundRows(order.order_id)).toEqual([])
  })

  it.runIf(driver === 'postgres')('ten staff refunding the whole order at once: exactly one refund, the sum within what was paid', async () => {
    const k = h.k()
    const a = await admin()
    const b = await signIn(k.t, '9876500001')
    const { order } = await paidOrder(1)
    const raced = await Promise.all(Array.from({ length: 10 }, (_, i) => refund(order.order_id, { amount: order.total, reason: `Refund ${i}` }, i % 2 ? a : b)))
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(422)])
    // and half the amount ten times at once: only what is left can go (nothing)
    const halves = await Promise.all(Array.from({ length: 10 }, () => refund(order.order_id, { amount: Math.floor(order.total / 2), reason: 'Half' }, a)))
    expect(halves.every((r) => r.statusCode === 422)).toBe(true)
    const [check] = await rows<{ refunds: number; total: number; paid: number }>(
      sql`select count(*)::int as refunds, sum(r.amount_paise)::int as total,
            (select sum(amount_paise)::int from payments where order_id = ${order.order_id} and provider_payment_id is not null) as paid
          from payment_refunds r where r.order_id = ${order.order_id} and r.status <> 'failed'`,
    )
    expect(check).toEqual({ refunds: 1, total: order.total, paid: order.total })
    const [audit] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'order.refund' and entity_id = ${String(order.order_id)}`,
    )
    expect(audit.n).toBe(1)
  })

  it.runIf(driver === 'postgres')('partial refunds at once never add up to more than was paid', async () => {
    const a = await admin()
    const { order } = await paidOrder(2)
    const part = Math.ceil(order.total / 3)
    const raced = await Promise.all(Array.from({ length: 8 }, (_, i) => refund(order.order_id, { amount: part, reason: `Part ${i}` }, a)))
    expect(raced.filter((r) => r.statusCode === 200)).toHaveLength(Math.floor(order.total / part))
    const [check] = await rows<{ total: number }>(
      sql`select sum(amount_paise)::int as total from payment_refunds where order_id = ${order.order_id} and status <> 'failed'`,
    )
    expect(check.total).toBeLessThanOrEqual(order.total)
  })
})
