import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

type Line = { pack_id: number; warehouse_id: number; quantity: number; order_numbers: string[]; sku: string | null; product: string }

describe.each(drivers)('staff pick list of a slot (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const admin = () => signIn(h.k().t, '9876500001')
  async function order(packs: number[], units: number) {
    const k = h.k()
    const s = await k.shopperWithCart(
      packs.map((i) => k.sellable()[i]),
      units,
    )
    const { res, order } = await k.place(s, 'cod')
    expect(res.statusCode).toBe(200)
    return order
  }
  const slotOf = async (orderId: number) =>
    rowsOf<{ date: string; start_time: string }>(await h.db().execute(sql`select date, start_time from order_deliveries where order_id = ${orderId}`))[0]

  it('sums the confirmed orders’ lines of a slot per pack and warehouse, with the packing slips; packed and other websites’ orders left out', async () => {
    const k = h.k()
    const a = await admin()
    const [p0, p1] = k.sellable()
    const one = await order([0], 2)
    const two = await order([0, 1], 3)
    const packed = await order([0], 1)
    const foreign = await order([0], 4)
    const slot = await slotOf(one.order_id)
    for (const o of [two, packed, foreign]) expect(await slotOf(o.order_id)).toEqual(slot)
    expect((await staffCall(k.t, a, 'POST', `/s/api/admin/orders/${packed.order_id}/status`, { status: 'packed' })).statusCode).toBe(200)
    const shop2 = await signIn(k.t, '9876500001', SHOP2)
    await h.db().execute(sql`update orders set website_id = ${shop2.websiteId} where id = ${foreign.order_id}`)

    const res = await staffCall(k.t, a, 'GET', `/s/api/admin/orders/pick-list?date=${slot.date}&slot=${slot.start_time}`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ date: slot.date, slot: slot.start_time })
    expect(body.slots.map((s: { start: string }) => s.start)).toContain(slot.start_time)
    const lines: Line[] = body.lines
    const line0 = lines.find((l) => l.pack_id === p0.pack_id && l.warehouse_id === p0.warehouse_id)!
    expect(line0).toMatchObject({ quantity: 5, order_numbers: [one.order_number, two.order_number] })
    expect(lines.find((l) => l.pack_id === p1.pack_id && l.warehouse_id === p1.warehouse_id)).toMatchObject({ quantity: 3, order_numbers: [two.order_number] })
    expect(lines).toHaveLength(2)
    // the sums match the order lines in SQL
    const [inSql] = rowsOf<{ n: number }>(
      await h.db().execute(sql`select coalesce(sum(quantity), 0)::int as n from order_items where order_id in (${one.order_id}, ${two.order_id})`),
    )
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(inSql.n)

    expect(body.slips.map((s: { order_number: string }) => s.order_number)).toEqual([one.order_number, two.order_number])
    expect(body.slips[0]).toMatchObject({
      order_id: one.order_id,
      customer: 'Asha Rao',
      phone: '9876512345',
      address: '12, MG Road, Ashok Nagar, Bengaluru, Karnataka 560001',
      total: one.total,
      payment_method: 'cod',
      cod_amount: one.total,
      shop: 'Kirana Fresh',
      lines: [{ pack: p0.pack_name ?? expect.any(String), quantity: 2, price: p0.price * 100, amount: 2 * p0.price * 100, other_delivery: null }],
    })
    expect(body.slips[0].slot).toMatch(new RegExp(`^${slot.date} ${slot.start_time}–\\d{2}:\\d{2}$`))

    // no date asked: the next day with confirmed orders to pick is this one
    expect((await staffCall(k.t, a, 'GET', '/s/api/admin/orders/pick-list')).json()).toMatchObject({ date: slot.date, slot: null })
    // all the day's slots: the same orders here
    const day = (await staffCall(k.t, a, 'GET', `/s/api/admin/orders/pick-list?date=${slot.date}`)).json()
    expect(day.slips.map((s: { order_number: string }) => s.order_number)).toEqual([one.order_number, two.order_number])
    // another day, another slot: nothing
    expect((await staffCall(k.t, a, 'GET', '/s/api/admin/orders/pick-list?date=2000-01-01')).json()).toMatchObject({ lines: [], slips: [], slots: [] })
    expect((await staffCall(k.t, a, 'GET', `/s/api/admin/orders/pick-list?date=${slot.date}&slot=23:59`)).json()).toMatchObject({ lines: [], slips: [] })
    // the other website's admin sees only its own order
    const theirs = (await staffCall(k.t, shop2, 'GET', `/s/api/admin/orders/pick-list?date=${slot.date}&slot=${slot.start_time}`, undefined, SHOP2)).json()
    expect(theirs.slips.map((s: { order_number: string }) => s.order_number)).toEqual([foreign.order_number])
    expect(theirs.lines).toMatchObject([{ quantity: 4 }])
  })

  it('each packing slip adds up to its order’s total: lines, coupon discount, delivery, rounding; with the shop’s name and the shopper’s note', async () => {
    const k = h.k()
    const a = await admin()
    const [p0, p1] = k.sellable()
    const s = await k.shopperWithCart([p0, p1], Math.ceil(120 / Math.min(p0.price, p1.price)))
    const applied = await k.call(s, 'POST', '/apply/coupon', { code: 'WELCOME10' })
    expect(applied.statusCode, applied.body).toBe(200)
    const couponed = await k.place(s, 'cod', { notes: 'Ring twice, leave with the guard' })
    expect(couponed.res.statusCode).toBe(200)
    const small = await order([0], 1)
    const slot = await slotOf(couponed.order.order_id)
    const body = (await staffCall(k.t, a, 'GET', `/s/api/admin/orders/pick-list?date=${slot.date}`)).json()
    type Slip = {
      order_id: number
      shop: string
      note: string | null
      lines: { amount: number; price: number; quantity: number }[]
      items_total: number
      discount: number
      coupon: string | null
      delivery: number
      round_off: number
      total: number
    }
    const slips: Slip[] = body.slips
    const mine = slips.find((x) => x.order_id === couponed.order.order_id)!
    expect(mine).toMatchObject({ shop: 'Kirana Fresh', note: 'Ring twice, leave with the guard', coupon: 'WELCOME10' })
    expect(mine.discount).toBeGreaterThan(0)
    expect(slips.find((x) => x.order_id === small.order_id)).toMatchObject({ note: null, coupon: null, discount: 0 })
    for (const slip of slips) {
      for (const l of slip.lines) expect(l.amount).toBe(l.price * l.quantity)
      const lines = slip.lines.reduce((n, l) => n + l.amount, 0)
      expect(lines).toBe(slip.items_total)
      expect(lines - slip.discount + slip.delivery + slip.round_off).toBe(slip.total)
      expect(Math.abs(slip.round_off)).toBeLessThanOrEqual(50)
      // the figures are the order's own, in SQL
      const [o] = rowsOf<{ items: number; discount: number; delivery: number; total: number }>(
        await h
          .db()
          .execute(
            sql`select items_paise as items, discount_paise as discount, delivery_paise as delivery, total_paise as total from orders where id = ${slip.order_id}`,
          ),
      )
      expect({ items: slip.items_total, discount: slip.discount, delivery: slip.delivery, total: slip.total }).toEqual(o)
    }
  })

  it('answers 422 per field for a bad date or slot; no date is the next delivery day', async () => {
    const a = await admin()
    const bad = await staffCall(h.k().t, a, 'GET', '/s/api/admin/orders/pick-list?date=24-11-2026&slot=9am')
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date', 'slot'])
    // no date: the next delivery day with confirmed orders (tomorrow, India time, when there is none)
    const none = await staffCall(h.k().t, a, 'GET', '/s/api/admin/orders/pick-list')
    expect(none.statusCode).toBe(200)
    const [next] = rowsOf<{ date: string | null }>(
      await h.db().execute(sql`select min(d.date) as date from order_deliveries d join orders o on o.id = d.order_id
        where o.website_id = ${a.websiteId} and o.status = 'confirmed' and d.date >= to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`),
    )
    expect(none.json().date).toBe(next.date ?? new Date(Date.now() + 5.5 * 3600_000 + 86_400_000).toISOString().slice(0, 10))
  })
})
