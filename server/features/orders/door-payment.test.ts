import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>
const indiaToday = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)

describe.each(drivers)('paid at the door and the day’s cash handover (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  const admin = () => signIn(h.k().t, '9876500001')
  /** a cash-on-delivery order sent out with a delivery person (or none) */
  async function outForDelivery(a: Awaited<ReturnType<typeof admin>>, person: { name: string; phone: string } | null, units = 2) {
    const k = h.k()
    const s = await k.shopperWithCart([k.sellable()[0]], units)
    const { order } = await k.place(s, 'cod')
    expect((await move(a, order.order_id, { status: 'packed' })).statusCode).toBe(200)
    const out = person ? { delivery_person_name: person.name, delivery_person_phone: person.phone } : {}
    expect((await move(a, order.order_id, { status: 'out_for_delivery', ...out })).statusCode).toBe(200)
    return order
  }
  const move = (a: Awaited<ReturnType<typeof admin>>, id: number, body: object) => staffCall(h.k().t, a, 'POST', `/s/api/admin/orders/${id}/status`, body)
  const ravi = { name: 'Ravi Kumar', phone: '9876543210' }
  const sunil = { name: 'Sunil', phone: '9876543211' }

  it('records cash, UPI, part or nothing at the door and what is still due; the handover sums each delivery person’s day', async () => {
    const a = await admin()
    const [byCash, byUpi, part, nothing, unnamed] = [
      await outForDelivery(a, ravi),
      await outForDelivery(a, ravi),
      await outForDelivery(a, sunil, 6),
      await outForDelivery(a, sunil),
      await outForDelivery(a, null),
    ]
    // refused: part paid with nothing, or all of it; cash and UPI both on "all in cash"; a door payment on no such choice
    const bad = [
      await move(a, part.order_id, { status: 'delivered', paid_at_door: 'part' }),
      await move(a, part.order_id, { status: 'delivered', paid_at_door: 'part', cash_collected: part.total }),
      await move(a, byCash.order_id, { status: 'delivered', paid_at_door: 'cash', upi_collected: 100 }),
      await move(a, byUpi.order_id, { status: 'delivered', paid_at_door: 'upi', upi_collected: 100 }),
      await move(a, nothing.order_id, { status: 'delivered', paid_at_door: 'nothing', cash_collected: 100 }),
      await move(a, nothing.order_id, { status: 'delivered', paid_at_door: 'later' }),
    ]
    expect(bad.map((r) => r.statusCode)).toEqual(Array(6).fill(422))
    expect(bad[1].json().errors.cash_collected).toMatch(/less than/)
    expect(bad[3].json().errors.upi_collected).toMatch(/order’s total/)

    expect((await move(a, byCash.order_id, { status: 'delivered' })).json()).toMatchObject({
      payment_status: 'paid',
      paid_at_door: 'cash',
      cash_collected: byCash.total,
      upi_collected: 0,
      due: 0,
    })
    const upi = (await move(a, byUpi.order_id, { status: 'delivered', paid_at_door: 'upi' })).json()
    expect(upi).toMatchObject({ payment_status: 'paid', paid_at_door: 'upi', cash_collected: 0, upi_collected: byUpi.total, due: 0 })
    expect(upi.events.at(-1).note).toMatch(/^Paid by UPI at the door: ₹/)
    const parted = (await move(a, part.order_id, { status: 'delivered', paid_at_door: 'part', cash_collected: 2000, upi_collected: 1000 })).json()
    expect(parted).toMatchObject({ payment_status: 'cod', paid_at_door: 'part', cash_collected: 2000, upi_collected: 1000, due: part.total - 3000 })
    expect(parted.events.at(-1).note).toMatch(/^Part paid at the door: ₹20 in cash and ₹10 by UPI; ₹[\d,.]+ still due$/)
    expect((await move(a, nothing.order_id, { status: 'delivered', paid_at_door: 'nothing' })).json()).toMatchObject({
      payment_status: 'cod',
      due: nothing.total,
    })
    await move(a, unnamed.order_id, { status: 'delivered' })

    const res = await staffCall(h.k().t, a, 'GET', '/s/api/admin/orders/cash-handover')
    expect(res.statusCode).toBe(200)
    const day = res.json()
    expect(day.date).toBe(indiaToday())
    const person = (p: { phone: string } | null) => day.people.find((x: { phone: string | null }) => x.phone === (p?.phone ?? null))
    expect(person(ravi)).toMatchObject({ name: 'Ravi Kumar', cash: byCash.total, upi: byUpi.total, due: 0 })
    expect(person(ravi).orders.map((o: { order_number: string }) => o.order_number)).toEqual([byCash.order_number, byUpi.order_number])
    expect(person(sunil)).toMatchObject({ cash: 2000, upi: 1000, due: part.total - 3000 + nothing.total })
    expect(person(null)).toMatchObject({ name: null, cash: unnamed.total })
    // the figures are the orders' own, in SQL
    const [inSql] = await rows<{ cash: number; upi: number; due: number; n: number }>(sql`
      select coalesce(sum(cash_collected_paise), 0)::int as cash, coalesce(sum(upi_collected_paise), 0)::int as upi,
             sum(due_paise)::int as due, count(*)::int as n
        from orders where website_id = ${a.websiteId} and payment_method = 'cod' and delivered_at >= now() - interval '1 hour'`)
    expect(day.totals).toEqual({ cash: inSql.cash, upi: inSql.upi, due: inSql.due, orders: inSql.n })
    expect((await staffCall(h.k().t, a, 'GET', '/s/api/admin/orders/cash-handover?date=2000-01-01')).json()).toMatchObject({
      people: [],
      totals: { orders: 0 },
    })
    expect((await staffCall(h.k().t, a, 'GET', '/s/api/admin/orders/cash-handover?date=yesterday')).statusCode).toBe(422)
    // what came at the door can be given back, no more
    const refund = await staffCall(h.k().t, a, 'POST', `/s/api/admin/orders/${part.order_id}/refunds`, { amount: 3100, reason: 'Too much' })
    expect(refund.statusCode).toBe(422)
  })

  it.runIf(driver === 'postgres')(
    'ten staff marking one order delivered at once with different door payments: one is recorded; it adds up to the total',
    async () => {
      const a = await admin()
      const order = await outForDelivery(a, ravi)
      const asks = [
        { paid_at_door: 'cash' },
        { paid_at_door: 'upi' },
        { paid_at_door: 'part', cash_collected: 1000, upi_collected: 500 },
        { paid_at_door: 'nothing' },
        { paid_at_door: 'part', upi_collected: 3000 },
      ]
      const raced = await Promise.all(Array.from({ length: 10 }, (_, i) => move(a, order.order_id, { status: 'delivered', ...asks[i % asks.length] })))
      expect(raced.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)])
      const [row] = await rows<{ cash: number; upi: number; due: number; total: number; events: number }>(sql`
      select cash_collected_paise as cash, upi_collected_paise as upi, due_paise as due, total_paise as total,
             (select count(*)::int from order_events e where e.order_id = o.id and e.kind = 'delivered') as events
        from orders o where id = ${order.order_id}`)
      expect(row.cash + row.upi + row.due).toBe(row.total)
      expect(row.events).toBe(1)
      const winner = raced.find((r) => r.statusCode === 200)!.json()
      expect({ cash: winner.cash_collected, upi: winner.upi_collected, due: winner.due }).toEqual({ cash: row.cash, upi: row.upi, due: row.due })
    },
  )
})
