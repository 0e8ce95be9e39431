import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn, websiteOf } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { pick, until, useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

describe.each(drivers)('staff fulfil orders (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  const admin = () => signIn(h.k().t, '9876500001')
  const move = async (id: number, body: object, who?: Awaited<ReturnType<typeof admin>>) =>
    staffCall(h.k().t, who ?? (await admin()), 'POST', `/s/api/admin/orders/${id}/status`, body)
  /** a cash-on-delivery order of `units` of a pack (confirmed at once) */
  async function codOrder(units = 2, pack = 0, extra: object = {}) {
    const k = h.k()
    const p = k.sellable()[pack]
    const s = await k.shopperWithCart([p], units)
    const { order } = await k.place(s, 'cod', extra)
    return { s, order, pack: p }
  }

  it('lists orders as CONTRACT fixes them, with filters, search and counts per status', async () => {
    const k = h.k()
    const a = await admin()
    const { order } = await codOrder(1)
    const list = await staffCall(k.t, a, 'GET', '/s/api/admin/orders?status=confirmed&perPage=5')
    expect(list.statusCode).toBe(200)
    const body = list.json()
    expect(body.meta).toMatchObject({ total: expect.any(Number), page: 1, perPage: 5 })
    expect(body.data[0]).toMatchObject({ id: order.order_id, order_number: order.order_number, status: 'confirmed', payment_status: 'cod', total: order.total })
    expect(body.data[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(body.counts.confirmed).toBe(body.meta.total)
    const byNumber = (await staffCall(k.t, a, 'GET', `/s/api/admin/orders?q=${order.order_number}`)).json()
    expect(byNumber.data.map((r: { id: number }) => r.id)).toEqual([order.order_id])
    const byPhone = (await staffCall(k.t, a, 'GET', '/s/api/admin/orders?q=98765%2012345&pincode=560001&payment_method=cod')).json()
    expect(byPhone.data.some((r: { id: number }) => r.id === order.order_id)).toBe(true)
    const byName = (await staffCall(k.t, a, 'GET', '/s/api/admin/orders?q=asha')).json()
    expect(byName.data.some((r: { id: number; customer: string }) => r.id === order.order_id && r.customer === 'Asha Rao')).toBe(true)
    const none = (await staffCall(k.t, a, 'GET', '/s/api/admin/orders?pincode=110001')).json()
    expect(none).toMatchObject({ data: [], meta: { total: 0 }, counts: {} })
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)
    const dated = (await staffCall(k.t, a, 'GET', `/s/api/admin/orders?from=${today}&to=${today}&payment_status=cod`)).json()
    expect(dated.data.some((r: { id: number }) => r.id === order.order_id)).toBe(true)
    expect((await staffCall(k.t, a, 'GET', '/s/api/admin/orders?from=2000-01-01&to=2000-01-01')).json().meta.total).toBe(0)
    const bad = await staffCall(k.t, a, 'GET', '/s/api/admin/orders?status=lost&pincode=12')
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['pincode', 'status'])
    // another website's admin sees none of this website's orders
    const other = (await staffCall(k.t, await signIn(k.t, '9876500001', SHOP2), 'GET', `/s/api/admin/orders?q=${order.order_number}`, undefined, SHOP2)).json()
    expect(other.data.some((r: { id: number }) => r.id === order.order_id)).toBe(false)
  })

  it('filters by delivery slot (day, then window) and by channel; another website’s orders never match', async () => {
    const k = h.k()
    const a = await admin()
    const [one, two, theirs] = [await codOrder(1), await codOrder(1), await codOrder(1)]
    const [slot] = await rows<{ date: string; start_time: string; end_time: string }>(
      sql`select date, start_time, end_time from order_deliveries where order_id = ${one.order.order_id}`,
    )
    // two at the counter (POS) in the same slot; one of them moved to the other website
    const shop2 = await websiteOf(k.t, SHOP2)
    await h.db().execute(sql`update orders set channel = 'pos' where id in (${two.order.order_id}, ${theirs.order.order_id})`)
    await h.db().execute(sql`update orders set website_id = ${shop2.id} where id = ${theirs.order.order_id}`)
    const ids = async (query: string, who = a, origin?: string) => {
      const res = await staffCall(k.t, who, 'GET', `/s/api/admin/orders?perPage=100&${query}`, undefined, origin)
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as {
        data: { id: number; channel: string }[]
        meta: { total: number }
        slots?: { start: string; end: string }[]
        counts: Record<string, number>
      }
    }
    const day = await ids(`slot_date=${slot.date}`)
    expect(day.data.map((r) => r.id)).toEqual(expect.arrayContaining([one.order.order_id, two.order.order_id]))
    expect(day.data.map((r) => r.id)).not.toContain(theirs.order.order_id)
    expect(day.slots).toContainEqual({ start: slot.start_time, end: slot.end_time })
    const inSlot = await ids(`slot_date=${slot.date}&slot=${slot.start_time}`)
    expect(inSlot.data.map((r) => r.id)).toEqual(expect.arrayContaining([one.order.order_id, two.order.order_id]))
    expect(inSlot.counts.confirmed).toBe(inSlot.meta.total)
    const otherWindow = slot.start_time === '06:00' ? '23:00' : '06:00'
    expect((await ids(`slot_date=${slot.date}&slot=${otherWindow}`)).meta.total).toBe(0)
    expect((await ids('slot_date=2000-01-01')).meta.total).toBe(0)

    const pos = await ids(`channel=pos&slot_date=${slot.date}`)
    expect(pos.data.map((r) => [r.id, r.channel])).toEqual([[two.order.order_id, 'pos']])
    const web = await ids(`channel=web&q=${one.order.order_number}`)
    expect(web.data.map((r) => [r.id, r.channel])).toEqual([[one.order.order_id, 'web']])
    expect((await ids('channel=agent')).meta.total).toBe(0)
    // the other website's admin sees their own counter order in the same slot, and none of this website's
    const there = await ids(`channel=pos&slot_date=${slot.date}&slot=${slot.start_time}`, await signIn(k.t, '9876500001', SHOP2), SHOP2)
    expect(there.data.map((r) => r.id)).toEqual([theirs.order.order_id])

    const bad = await staffCall(k.t, a, 'GET', '/s/api/admin/orders?channel=phone&slot_date=24-11-2026&slot=9am')
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['channel', 'slot', 'slot_date'])
    // the column refuses a channel nobody knows
    await expect(h.db().execute(sql`update orders set channel = 'fax' where id = ${one.order.order_id}`)).rejects.toThrow()
  })

  it('packs, sends out and delivers a COD order: each step stamped, audited, told to the shopper; delivered stock is sold', async () => {
    const k = h.k()
    const a = await admin()
    // opted in to updates at checkout (docs/decisions/0052)
    const { s, order, pack } = await codOrder(2, 0, { message_updates: true })
    const before = await k.stockOf(pack.pack_id, pack.warehouse_id)
    const detail = (await staffCall(k.t, a, 'GET', `/s/api/admin/orders/${order.order_id}`)).json()
    expect(detail).toMatchObject({
      status: 'confirmed',
      next: ['packed', 'cancelled'],
      customer: { id: s.userId },
      lines: [{ quantity: 2 }],
      charges: { total: order.total },
    })
    expect((await move(order.order_id, { status: 'confirmed' }, a)).statusCode).toBe(409)

    expect((await move(order.order_id, { status: 'packed' }, a)).json()).toMatchObject({ status: 'packed', next: ['out_for_delivery', 'cancelled'] })
    const out = await move(order.order_id, { status: 'out_for_delivery', delivery_person_name: 'Ravi Kumar', delivery_person_phone: '9876543210' }, a)
    expect(out.json()).toMatchObject({ status: 'out_for_delivery', delivery_person: { name: 'Ravi Kumar', phone: '9876543210' } })
    const wrongCash = await move(order.order_id, { status: 'delivered', cash_collected: order.total - 100 }, a)
    expect(wrongCash.statusCode).toBe(422)
    expect(wrongCash.json().errors.cash_collected).toBeTruthy()
    const done = (await move(order.order_id, { status: 'delivered', cash_collected: order.total }, a)).json()
    expect(done).toMatchObject({ status: 'delivered', payment_status: 'paid', cash_collected: order.total, next: [] })
    expect(done.events.slice(-3)).toEqual([
      expect.objectContaining({ kind: 'packed', by: expect.any(String) }),
      expect.objectContaining({ kind: 'out_for_delivery', note: 'With Ravi Kumar (9876543210)' }),
      expect.objectContaining({ kind: 'delivered', note: expect.stringMatching(/^Cash collected: ₹/) }),
    ])

    // sold: reserved and on hand both down by the order's units, one `sold` ledger row with the order
    const after = await k.stockOf(pack.pack_id, pack.warehouse_id)
    expect([after.quantity - before.quantity, after.reserved - before.reserved]).toEqual([-2, -2])
    const ledger = await rows<{ on_hand_change: number; reserved_change: number; user_id: number }>(
      sql`select on_hand_change, reserved_change, user_id from stock_ledger where order_id = ${order.order_id} and reason = 'sold'`,
    )
    expect(ledger).toEqual([{ on_hand_change: -2, reserved_change: -2, user_id: a.userId }])

    const audit = await rows<{ action: string; user_id: number }>(
      sql`select action, user_id from audit_log where entity = 'order' and entity_id = ${String(order.order_id)} order by id`,
    )
    expect(audit).toEqual(['order.packed', 'order.out_for_delivery', 'order.delivered'].map((action) => ({ action, user_id: a.userId })))
    const messages = await rows<{ status: string }>(
      sql`select payload->>'status' as status from outbox where kind = 'order_status' and (payload->>'orderId')::int = ${order.order_id} order by id`,
    )
    expect(messages.map((m) => m.status)).toEqual(['packed', 'out_for_delivery', 'delivered'])
    const sent: { to: string; text: string }[] = []
    const { drainOutbox } = await import('./outbox')
    const { outboxHandlers } = await import('../checkout/jobs')
    await drainOutbox(
      h.db(),
      outboxHandlers(k.t.app, () => k.t.app.payments, { send: async (m) => void sent.push({ to: JSON.stringify(m.to), text: m.notice?.text ?? '' }) }),
      k.t.app.log,
      100,
    )
    expect(sent.some((m) => m.text.includes(`${order.order_number} is out for delivery`))).toBe(true)

    const shopper = (await k.call(s, 'GET', `/orders/${order.order_id}`)).json()
    expect(shopper.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'])
  })

  it('refuses moves the lifecycle does not allow (409), a cancel without a reason (422), another website’s order (404)', async () => {
    const k = h.k()
    const a = await admin()
    const { order } = await codOrder(1)
    expect((await move(order.order_id, { status: 'delivered' }, a)).statusCode).toBe(409)
    expect((await move(order.order_id, { status: 'out_for_delivery' }, a)).statusCode).toBe(409)
    const noReason = await move(order.order_id, { status: 'cancelled' }, a)
    expect(noReason.statusCode).toBe(422)
    expect(noReason.json().errors.note).toBeTruthy()
    const halfPerson = await move(order.order_id, { status: 'out_for_delivery', delivery_person_name: 'Ravi' }, a)
    expect(halfPerson.statusCode).toBe(422)
    const shop2 = await signIn(k.t, '9876500001', SHOP2)
    expect((await staffCall(k.t, shop2, 'POST', `/s/api/admin/orders/${order.order_id}/status`, { status: 'packed' }, SHOP2)).statusCode).toBe(404)
    expect((await staffCall(k.t, shop2, 'GET', `/s/api/admin/orders/${order.order_id}`, undefined, SHOP2)).statusCode).toBe(404)
    expect((await move(order.order_id, { status: 'cancelled', note: 'Customer not reachable' }, a)).json()).toMatchObject({ status: 'cancelled', next: [] })
    const refused = await move(order.order_id, { status: 'delivered' }, a)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/is cancelled: it cannot be marked delivered/)
    expect((await move(order.order_id, { status: 'packed' }, a)).statusCode).toBe(409)
    // nothing of the refused moves stays: no event, no audit row
    const events = await rows<{ kind: string }>(sql`select kind from order_events where order_id = ${order.order_id} order by id`)
    expect(events.map((e) => e.kind)).toEqual(['placed', 'confirmed', 'cancelled'])
  })

  it('cancelling releases held stock; a paid online order is refunded through its provider', async () => {
    const k = h.k()
    const a = await admin()
    const { order, pack } = await codOrder(3, 1)
    const held = await k.stockOf(pack.pack_id, pack.warehouse_id)
    await move(order.order_id, { status: 'packed' }, a)
    const cancelled = (await move(order.order_id, { status: 'cancelled', note: 'Damaged at the shelf' }, a)).json()
    expect(cancelled.events.at(-1)).toMatchObject({ kind: 'cancelled', note: 'Cancelled by the shop: Damaged at the shelf', by: expect.any(String) })
    const released = await k.stockOf(pack.pack_id, pack.warehouse_id)
    expect([released.quantity - held.quantity, released.reserved - held.reserved]).toEqual([0, -3])

    const p = k.sellable()[0]
    const s = await k.shopperWithCart([p])
    const { order: online } = await k.place(s, 'razorpay')
    const pay = (await k.call(s, 'GET', `/checkout/pay/${online.order_id}`)).json()
    expect((await staffCall(k.t, a, 'GET', `/s/api/admin/orders/${online.order_id}`)).json().next).toEqual(['cancelled'])
    const triple = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    expect((await k.call(s, 'POST', `/checkout/confirm/${online.order_id}`, pick(triple))).json().status).toBe('paid')
    const paid = (await move(online.order_id, { status: 'cancelled', note: 'Out of stock' }, a)).json()
    expect(paid).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending' })
    await until(async () => {
      await k.drain()
      return (await rows<{ status: string }>(sql`select status from payment_refunds where order_id = ${online.order_id}`)).some((r) => r.status === 'processed')
    }, 8000)
    const refunds = await rows<{ amount_paise: number; reason: string }>(
      sql`select amount_paise, reason from payment_refunds where order_id = ${online.order_id}`,
    )
    expect(refunds).toEqual([{ amount_paise: online.total, reason: 'cancelled' }])
  })

  it.runIf(driver === 'postgres')('ten staff moving one order at once: one wins, the others get 409; the ledger adds up', async () => {
    const k = h.k()
    const a = await admin()
    const b = await signIn(k.t, '9876500001')
    const { order, pack } = await codOrder(2, 2)
    const packed = await Promise.all(Array.from({ length: 10 }, (_, i) => move(order.order_id, { status: 'packed' }, i % 2 ? a : b)))
    expect(packed.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)])
    await move(order.order_id, { status: 'out_for_delivery' }, a)
    // deliver and cancel at once: exactly one of them happens
    const raced = await Promise.all(
      Array.from({ length: 10 }, (_, i) => move(order.order_id, i % 2 ? { status: 'delivered' } : { status: 'cancelled', note: 'Refused at the door' }, a)),
    )
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)])
    const steps = await rows<{ kind: string; n: number }>(
      sql`select kind, count(*)::int as n from order_events where order_id = ${order.order_id} group by kind`,
    )
    expect(steps.every((s) => s.n === 1)).toBe(true)
    expect(steps.filter((s) => s.kind === 'delivered' || s.kind === 'cancelled')).toHaveLength(1)
    const [audit] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where entity = 'order' and entity_id = ${String(order.order_id)}`)
    expect(audit.n).toBe(3)
    // the order's ledger rows net to nothing held; the stock row equals the sum of its ledger
    const [net] = await rows<{ reserved: number; on_hand: number }>(
      sql`select sum(reserved_change)::int as reserved, sum(on_hand_change)::int as on_hand from stock_ledger where order_id = ${order.order_id}`,
    )
    const delivered = steps.some((s) => s.kind === 'delivered')
    expect(net).toEqual({ reserved: 0, on_hand: delivered ? -2 : 0 })
    const [sums] = await rows<{ on_hand: number; reserved: number }>(
      sql`select sum(on_hand_change)::int as on_hand, sum(reserved_change)::int as reserved from stock_ledger where pack_id = ${pack.pack_id} and warehouse_id = ${pack.warehouse_id}`,
    )
    const row = await k.stockOf(pack.pack_id, pack.warehouse_id)
    expect([row.quantity, row.reserved]).toEqual([sums.on_hand, sums.reserved])
  })
})
