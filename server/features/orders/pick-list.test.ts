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
      lines: [{ pack: p0.pack_name ?? expect.any(String), quantity: 2, price: p0.price * 100 }],
    })
    expect(body.slips[0].slot).toMatch(new RegExp(`^${slot.date} ${slot.start_time}–\\d{2}:\\d{2}$`))

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

  it('answers 422 per field for a bad date or slot', async () => {
    const a = await admin()
    const bad = await staffCall(h.k().t, a, 'GET', '/s/api/admin/orders/pick-list?date=24-11-2026&slot=9am')
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date', 'slot'])
    const none = await staffCall(h.k().t, a, 'GET', '/s/api/admin/orders/pick-list')
    expect(none.statusCode).toBe(422)
    expect(none.json().errors.date).toBeTruthy()
  })
})
