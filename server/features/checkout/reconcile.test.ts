import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers } from '../../test/app'
import { useCheckoutApp } from './test-kit'

/** docs/decisions/0060: a payment whose webhook was lost is found by asking the provider before the order is released. */
describe.each(drivers)('the release job asks the provider first (%s)', (driver: Driver) => {
  const { k: kit, db, orderRow, paymentRows } = useCheckoutApp(driver)

  async function onlineOrder(method: 'razorpay' | 'cashfree') {
    const s = await kit().shopperWithCart([kit().sellable()[0]])
    const { order } = await kit().place(s, method)
    const pay = await kit().call(s, 'GET', `/checkout/pay/${order.order_id}`)
    expect(pay.statusCode, pay.body).toBe(200)
    return { s, order, providerOrderId: pay.json().provider_order_id as string }
  }
  const afterHold = async (orderId: number, ms = 1000) => new Date((await orderRow(orderId)).holdExpiresAt!.getTime() + ms)
  const refunds = async (orderId: number) => rowsOf(await db().execute(sql`select id from payment_refunds where order_id = ${orderId}`)).length

  describe.each(['razorpay', 'cashfree'] as const)('%s', (method) => {
    it('a checkout order paid at the provider, its webhook lost and the shopper gone, is paid by the release job, not released', async () => {
      const { order, providerOrderId } = await onlineOrder(method)
      await kit().losingWebhooks(providerOrderId, () => kit().sim('/pay', { provider: method, order_id: providerOrderId, outcome: 'success' }))
      expect((await orderRow(order.order_id)).paymentStatus).toBe('pending')
      const at = await afterHold(order.order_id)
      await kit().releaseUnpaid(at)
      expect(await orderRow(order.order_id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', releasedAt: null })
      const paid = (await paymentRows(order.order_id)).filter((p) => p.status === 'paid')
      expect(paid).toHaveLength(1)
      expect(paid[0].providerPaymentId).toBeTruthy()
      expect(await refunds(order.order_id)).toBe(0)
      // another round (or the webhook replayed later) changes nothing
      await kit().releaseUnpaid(at)
      expect((await paymentRows(order.order_id)).filter((p) => p.status === 'paid')).toHaveLength(1)
    })

    it('an unpaid order is released as before; a provider that does not answer keeps it until a day past its hold', async () => {
      const unpaid = await onlineOrder(method)
      await kit().releaseUnpaid(await afterHold(unpaid.order.order_id))
      expect(await orderRow(unpaid.order.order_id)).toMatchObject({ status: 'expired', paymentStatus: 'pending' })

      const { order, providerOrderId } = await onlineOrder(method)
      const route = method === 'razorpay' ? `GET /v1/orders/${providerOrderId}` : `GET /pg/orders/${providerOrderId}`
      await kit().sim('/faults', { route, mode: 'status', status: 503, times: 2 })
      await kit().releaseUnpaid(await afterHold(order.order_id))
      expect(await orderRow(order.order_id)).toMatchObject({ status: 'placed', paymentStatus: 'pending', releasedAt: null })
      await kit().releaseUnpaid(await afterHold(order.order_id, 25 * 3600_000))
      expect(await orderRow(order.order_id)).toMatchObject({ status: 'expired', paymentStatus: 'pending' })
    })
  })

  it.runIf(driver === 'postgres')(
    'race on PostgreSQL: the release job’s re-query and the lost webhook’s replay for the same payment at once, 20 orders: each paid once',
    async () => {
      const method = 'razorpay'
      const made: { orderId: number; providerOrderId: string }[] = []
      for (let i = 0; i < 20; i++) {
        const { order, providerOrderId } = await onlineOrder(method)
        await kit().losingWebhooks(providerOrderId, () => kit().sim('/pay', { provider: method, order_id: providerOrderId, outcome: 'success' }))
        made.push({ orderId: order.order_id, providerOrderId })
      }
      const events = (await (await fetch(`${kit().origin}/__sim/webhooks`)).json()) as { eventId: string; type: string; body: string }[]
      const replays = made.map((m) => events.find((e) => e.type === 'order.paid' && e.body.includes(m.providerOrderId))!)
      expect(replays.every(Boolean)).toBe(true)
      const late = new Date(Date.now() + 3600_000)
      await Promise.all([
        ...replays.map((e) => fetch(`${kit().origin}/__sim/replay/${e.eventId}`, { method: 'POST' })),
        kit().releaseUnpaid(late),
        kit().releaseUnpaid(late),
      ])
      const ids = sql.join(
        made.map((m) => sql`${m.orderId}`),
        sql`, `,
      )
      // per order: paid once (one attempt, one paid event, one confirmation, one "order placed" message), nothing refunded, and the
      // stock ledger holds its units once (held, never given back and taken again)
      const rows = rowsOf<Record<string, unknown>>(
        await db().execute(sql`
          select o.id, o.status, o.payment_status, o.released_at is not null as released,
            (select count(*)::int from payments p where p.order_id = o.id and p.status = 'paid' and p.provider_payment_id is not null) as paid,
            (select count(*)::int from payment_refunds r where r.order_id = o.id) as refunds,
            (select count(*)::int from order_events e where e.order_id = o.id and e.kind = 'paid') as paid_events,
            (select count(*)::int from order_events e where e.order_id = o.id and e.kind = 'confirmed') as confirmations,
            (select count(*)::int from outbox x where x.kind = 'order_placed' and (x.payload->>'orderId')::int = o.id) as notices,
            (select count(*)::int from stock_ledger l where l.order_id = o.id and l.reason = 'order_release') as releases,
            (select coalesce(sum(l.reserved_change), 0)::int from stock_ledger l where l.order_id = o.id) as held,
            (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as units
          from orders o where o.id in (${ids})`),
      )
      expect(rows).toHaveLength(20)
      for (const r of rows) {
        expect(r, JSON.stringify(r)).toMatchObject({
          status: 'confirmed',
          payment_status: 'paid',
          released: false,
          paid: 1,
          refunds: 0,
          paid_events: 1,
          confirmations: 1,
          notices: 1,
          releases: 0,
        })
        expect(r.held, JSON.stringify(r)).toBe(r.units)
      }
      // and every stock row still equals the sum of its ledger's changes
      const drift = rowsOf(
        await db().execute(sql`
          select s.pack_id from stock s
          left join (select pack_id, warehouse_id, sum(reserved_change)::int as r from stock_ledger group by 1, 2) l
            on l.pack_id = s.pack_id and l.warehouse_id = s.warehouse_id
          where s.reserved <> coalesce(l.r, 0)`),
      )
      expect(drift).toEqual([])
    },
  )
})
