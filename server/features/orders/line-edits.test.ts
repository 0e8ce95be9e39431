import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { pick, until, useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>
type Line = { id: number; quantity: number; price: number; ordered_quantity: number | null }

describe.each(drivers)('staff change lines before packing (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  const admin = () => signIn(h.k().t, '9876500001')
  const edit = async (id: number, body: object, who?: Awaited<ReturnType<typeof admin>>) =>
    staffCall(h.k().t, who ?? (await admin()), 'POST', `/s/api/admin/orders/${id}/lines`, body)
  const move = async (id: number, body: object) => staffCall(h.k().t, await admin(), 'POST', `/s/api/admin/orders/${id}/status`, body)
  const linesOf = async (id: number): Promise<Line[]> => (await staffCall(h.k().t, await admin(), 'GET', `/s/api/admin/orders/${id}`)).json().lines
  /** an order of `units` of two packs; `coupon`: applied in the cart first */
  async function order(method: 'cod' | 'razorpay', units = 3, coupon?: string) {
    const k = h.k()
    const [p1, p2] = k.sellable().slice(-2)
    const s = await k.shopperWithCart([p1, p2], units)
    if (coupon) expect((await k.call(s, 'POST', '/apply/coupon', { code: coupon })).statusCode).toBe(200)
    const { order: placed } = await k.place(s, method)
    if (method === 'razorpay') {
      const pay = (await k.call(s, 'GET', `/checkout/pay/${placed.order_id}`)).json()
      const triple = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
      expect((await k.call(s, 'POST', `/checkout/confirm/${placed.order_id}`, pick(triple))).json().status).toBe('paid')
    }
    return { s, order: placed, packs: [p1, p2] }
  }

  it('COD: one line lowered, one removed; stock back, totals and the cash to collect follow; the shopper is told and sees it', async () => {
    const k = h.k()
    const a = await admin()
    const { s, order: o, packs } = await order('cod', 3)
    const [l1, l2] = await linesOf(o.order_id)
    const before = await Promise.all(packs.map((p) => k.stockOf(p.pack_id, p.warehouse_id)))
    const res = await edit(
      o.order_id,
      {
        lines: [
          { id: l1.id, quantity: 1 },
          { id: l2.id, quantity: 0 },
        ],
        reason: 'Shelf empty',
      },
      a,
    )
    expect(res.statusCode, res.body).toBe(200)
    const detail = res.json()
    const items = l1.price
    expect(detail).toMatchObject({
      status: 'confirmed',
      payment_status: 'cod',
      lines: [
        { id: l1.id, quantity: 1, ordered_quantity: 3, amount: l1.price },
        { id: l2.id, quantity: 0, ordered_quantity: 3, amount: 0 },
      ],
      charges: { items },
      refunds: [],
    })
    expect(detail.total).toBe(items + detail.charges.delivery)
    expect(detail.events.at(-1)).toMatchObject({ kind: 'line_changed', by: expect.any(String), note: expect.stringMatching(/3 → 1; .* removed\. New total ₹/) })
    const after = await Promise.all(packs.map((p) => k.stockOf(p.pack_id, p.warehouse_id)))
    expect(after.map((r, i) => [r.quantity - before[i].quantity, r.reserved - before[i].reserved])).toEqual([
      [0, -2],
      [0, -3],
    ])
    const ledger = await rows<{ user_id: number; n: number }>(
      sql`select user_id, sum(reserved_change)::int as n from stock_ledger where order_id = ${o.order_id} and reason = 'order_release' group by user_id`,
    )
    expect(ledger).toEqual([{ user_id: a.userId, n: -5 }])
    const [told] = await rows<{ n: number }>(
      sql`select count(*)::int as n from outbox where kind = 'order_changed' and (payload->>'orderId')::int = ${o.order_id}`,
    )
    expect(told.n).toBe(1)
    const [audit] = await rows<{ action: string; data: { reason: string } }>(
      sql`select action, data from audit_log where entity = 'order' and entity_id = ${String(o.order_id)}`,
    )
    expect(audit).toMatchObject({ action: 'order.lines', data: { reason: 'Shelf empty' } })
    // the shopper's page shows the changed lines; the pick list no longer has the removed one
    const shopper = (await k.call(s, 'GET', `/orders/${o.order_id}`)).json()
    expect(shopper.lines.map((l: Line) => [l.quantity, l.ordered_quantity])).toEqual([
      [1, 3],
      [0, 3],
    ])
    expect(shopper.total).toBe(detail.total)
    // delivered: the cash is the new total, and only the units left are sold
    await move(o.order_id, { status: 'packed' })
    await move(o.order_id, { status: 'out_for_delivery' })
    expect((await move(o.order_id, { status: 'delivered', cash_collected: o.total })).statusCode).toBe(422)
    expect((await move(o.order_id, { status: 'delivered', cash_collected: detail.total })).statusCode).toBe(200)
    const [sold] = await rows<{ n: number }>(sql`select sum(on_hand_change)::int as n from stock_ledger where order_id = ${o.order_id} and reason = 'sold'`)
    expect(sold.n).toBe(-1)
  })

  it('refuses more units, every line, an unknown line (422), a packed order (409), another website (404)', async () => {
    const k = h.k()
    const a = await admin()
    const { order: o } = await order('cod', 2)
    const [l1, l2] = await linesOf(o.order_id)
    expect((await edit(o.order_id, { lines: [{ id: l1.id, quantity: 3 }], reason: 'x' }, a)).json().errors).toEqual({
      'lines.0.quantity': 'At most 2: a line can only get fewer units',
    })
    const all = await edit(
      o.order_id,
      {
        lines: [
          { id: l1.id, quantity: 0 },
          { id: l2.id, quantity: 0 },
        ],
        reason: 'x',
      },
      a,
    )
    expect(all.json().errors).toEqual({ lines: 'Every line would go: cancel the order instead' })
    expect((await edit(o.order_id, { lines: [{ id: 99999999, quantity: 0 }], reason: 'x' }, a)).statusCode).toBe(422)
    expect((await edit(o.order_id, { lines: [{ id: l1.id, quantity: 2 }], reason: 'x' }, a)).json().errors.lines).toMatch(/^Nothing changes/)
    expect((await edit(o.order_id, { lines: [{ id: l1.id, quantity: 1 }] }, a)).json().errors).toHaveProperty('reason')
    const other = await signIn(k.t, '9876500001', SHOP2)
    expect(
      (await staffCall(k.t, other, 'POST', `/s/api/admin/orders/${o.order_id}/lines`, { lines: [{ id: l1.id, quantity: 1 }], reason: 'x' }, SHOP2)).statusCode,
    ).toBe(404)
    await move(o.order_id, { status: 'packed' })
    const late = await edit(o.order_id, { lines: [{ id: l1.id, quantity: 1 }], reason: 'x' }, a)
    expect([late.statusCode, late.json().message]).toEqual([409, expect.stringMatching(/is packed: its items can change only before packing/)])
    expect(await rows(sql`select 1 from audit_log where action = 'order.lines' and entity_id = ${String(o.order_id)}`)).toEqual([])
  })

  it('paid online with a coupon: the discount shrinks with the items and the difference is refunded through the provider', async () => {
    const k = h.k()
    const a = await admin()
    const { s, order: o } = await order('razorpay', 2, 'WELCOME10')
    const start = (await staffCall(k.t, a, 'GET', `/s/api/admin/orders/${o.order_id}`)).json()
    expect(start.charges.discount).toBeGreaterThan(0)
    const [l1] = start.lines as Line[]
    const res = (await edit(o.order_id, { lines: [{ id: l1.id, quantity: 1 }], reason: 'One tin dented' }, a)).json()
    const items = start.charges.items - l1.price
    const discount = Math.floor((start.charges.discount * items) / start.charges.items)
    expect(res.charges).toMatchObject({ items, discount, delivery: start.charges.delivery, total: items - discount + start.charges.delivery })
    const difference = o.total - res.total
    expect(res.refunds).toMatchObject([{ amount: difference, reason: 'order_changed', state: 'pending', lines: [{ id: l1.id, quantity: 1 }] }])
    expect(res).toMatchObject({ payment_status: 'paid', refundable: { left: o.total - difference, lines: [{ id: l1.id, units: 1 }, {}] } })
    await until(async () => {
      await k.drain()
      return (await rows<{ status: string }>(sql`select status from payment_refunds where order_id = ${o.order_id}`)).every((r) => r.status === 'processed')
    }, 8000)
    expect((await k.call(s, 'GET', `/orders/${o.order_id}`)).json()).toMatchObject({ payment_status: 'paid', payment: { refunded: difference } })
  })

  it.runIf(driver === 'postgres')('line edits racing a move to packed: the edit happens wholly before packing or is refused; stock adds up', async () => {
    const k = h.k()
    const a = await admin()
    for (let n = 0; n < 4; n++) {
      const { order: o, packs } = await order('cod', 3)
      const [l1] = await linesOf(o.order_id)
      const [edited, packed] = await Promise.all([
        edit(o.order_id, { lines: [{ id: l1.id, quantity: 1 }], reason: 'race' }, a),
        ...Array.from({ length: 3 }, () => move(o.order_id, { status: 'packed' })),
      ])
      expect(packed.statusCode === 200 || packed.statusCode === 409).toBe(true)
      expect([200, 409]).toContain(edited.statusCode)
      const [held] = await rows<{ reserved: number; quantity: number }>(
        sql`select (select sum(reserved_change)::int from stock_ledger where order_id = ${o.order_id}) as reserved,
                   (select sum(quantity)::int from order_items where order_id = ${o.order_id}) as quantity`,
      )
      expect(held.reserved).toBe(held.quantity)
      expect((await h.orderRow(o.order_id)).status).toBe('packed')
      for (const p of packs) {
        const [sums] = await rows<{ on_hand: number; reserved: number }>(
          sql`select sum(on_hand_change)::int as on_hand, sum(reserved_change)::int as reserved from stock_ledger where pack_id = ${p.pack_id} and warehouse_id = ${p.warehouse_id}`,
        )
        const row = await k.stockOf(p.pack_id, p.warehouse_id)
        expect([row.quantity, row.reserved]).toEqual([sums.on_hand, sums.reserved])
      }
    }
  })
})
