import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dashboard } from '../../../common/contracts/admin-dashboard'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { signIn, websiteOf, type SignedIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { shopClock } from '../delivery/schedule'

/** An order of a website placed at `at`, straight into the table (the figures only read status, payment, total, time). */
async function order(t: TestApp, websiteId: number, o: { status: string; payment: string; rupees: number; at: string }) {
  const n = Math.random().toString(36).slice(2, 10)
  await t.app.deps.db.execute(sql`
    insert into orders (website_id, user_id, order_number, status, payment_status, payment_method, items_paise, discount_paise, delivery_paise, total_paise,
                        address, idempotency_key, created_at)
    select ${websiteId}, id, ${`T-${n}`}, ${o.status}, ${o.payment}, 'cod', ${o.rupees * 100}, 0, 0, ${o.rupees * 100}, '{}'::jsonb, ${n}, ${o.at}::timestamptz
    from users where phone = '9876500003'`)
}

describe.each(drivers)('the admin home (%s)', (driver) => {
  let t: TestApp
  let admin: SignedIn
  let mainId: number
  beforeAll(async () => {
    t = await buildTestApp(driver)
    admin = await signIn(t, '9876500001')
    mainId = (await websiteOf(t, MAIN)).id
  })
  afterAll(() => t.close())

  const home = async (session = admin, origin = MAIN) => {
    const res = await staffCall(t, session, 'GET', '/s/api/admin/dashboard', undefined, origin)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as Dashboard
  }

  it('counts today’s orders and revenue by India’s day, and the orders waiting per status', async () => {
    const before = await home()
    const today = shopClock(new Date()).date
    expect(before.date).toBe(today)
    // 00:10 India time today is 18:40 UTC yesterday: it counts; 23:50 India time yesterday does not
    await order(t, mainId, { status: 'placed', payment: 'cod', rupees: 250, at: `${today}T00:10:00+05:30` })
    await order(t, mainId, { status: 'packed', payment: 'paid', rupees: 120.5, at: `${today}T09:00:00+05:30` })
    await order(t, mainId, { status: 'confirmed', payment: 'paid', rupees: 99, at: `${today}T00:00:00+05:30` })
    await order(t, mainId, { status: 'placed', payment: 'cod', rupees: 40, at: new Date(Date.parse(`${today}T00:00:00+05:30`) - 10 * 60_000).toISOString() })
    // not counted: awaiting an online payment, cancelled, expired
    await order(t, mainId, { status: 'placed', payment: 'pending', rupees: 1000, at: `${today}T10:00:00+05:30` })
    await order(t, mainId, { status: 'cancelled', payment: 'cod', rupees: 1000, at: `${today}T10:00:00+05:30` })
    await order(t, mainId, { status: 'expired', payment: 'failed', rupees: 1000, at: `${today}T10:00:00+05:30` })
    const shop2 = (await websiteOf(t, SHOP2)).id
    await order(t, shop2, { status: 'placed', payment: 'cod', rupees: 500, at: `${today}T10:00:00+05:30` })

    const after = await home()
    expect(after.today.orders - before.today.orders).toBe(3)
    expect(after.today.revenue - before.today.revenue).toBeCloseTo(469.5, 2)
    const waiting = (d: Dashboard) => Object.fromEntries(d.waiting.map((w) => [w.status, w.count]))
    expect(after.waiting.map((w) => w.status)).toEqual(['placed', 'confirmed', 'packed', 'out_for_delivery'])
    const [b, a] = [waiting(before), waiting(after)]
    expect(a.placed - b.placed).toBe(2)
    expect(a.confirmed - b.confirmed).toBe(1)
    expect(a.packed - b.packed).toBe(1)
    expect(a.out_for_delivery - b.out_for_delivery).toBe(0)
  })

  it('shows the fill of today’s remaining and tomorrow’s slots, and the low-stock count of the stock list', async () => {
    const clock = shopClock(new Date())
    const first = await home()
    await t.app.deps.db.execute(sql`
      insert into delivery_slots (website_id, warehouse_id, date, start_time, end_time, capacity, booked)
      select ${mainId}, min(id), ${first.tomorrow}::date, '23:00', '23:59', 10, 7 from warehouses where website_id = ${mainId}`)
    await t.app.deps.db.execute(sql`
      insert into delivery_slots (website_id, warehouse_id, date, start_time, end_time, capacity, booked, withdrawn)
      select ${mainId}, min(w.id), ${first.tomorrow}::date, v.start_time, v.end_time, 10, v.booked, true
      from warehouses w, (values ('22:00', '22:30', 0), ('22:30', '23:00', 3)) as v(start_time, end_time, booked)
      where w.website_id = ${mainId} group by v.start_time, v.end_time, v.booked`)
    const d = await home()
    expect(d.tomorrow > d.date).toBe(true)
    expect(d.slots).toContainEqual(expect.objectContaining({ date: d.tomorrow, start: '23:00', end: '23:59', booked: 7, capacity: 10 }))
    const withdrawn = d.slots.filter((s) => s.start === '22:00' || s.start === '22:30')
    expect(
      withdrawn.map((s) => s.booked),
      'a withdrawn window shows only while orders booked into it are due',
    ).toEqual([3])
    const slots = rowsOf<{ n: number }>(
      await t.app.deps.db.execute(
        sql`select count(*)::int as n from delivery_slots where website_id = ${mainId} and (not withdrawn or booked > 0)
          and (date = ${d.tomorrow}::date or (date = ${d.date}::date and end_time > ${clock.time}))`,
      ),
    )[0].n
    expect(d.slots.length).toBe(slots)
    for (const s of d.slots) {
      expect([d.date, d.tomorrow]).toContain(s.date)
      expect(s.capacity).toBeGreaterThan(0)
      expect(s.warehouse_name).not.toMatch(/^Warehouse \d+$/)
    }
    const low = await staffCall(t, admin, 'GET', '/s/api/admin/stock?state=low&perPage=5')
    const out = await staffCall(t, admin, 'GET', '/s/api/admin/stock?state=out_of_stock&perPage=5')
    expect(d.stock).toEqual({ low: low.json().meta.total, out_of_stock: out.json().meta.total })
  })

  it('“slots open tomorrow” agrees with Delivery › Slots, also before anyone has opened that screen or checkout', async () => {
    // tomorrow's slots not made yet: nobody has asked for them (no booking, not withdrawn)
    const tomorrow = (await home()).tomorrow
    await t.app.deps.db.execute(sql`delete from delivery_slots where website_id = ${mainId} and date >= ${tomorrow}::date and booked = 0 and not withdrawn`)
    const d = await home()
    const warehouses = rowsOf<{ id: number }>(await t.app.deps.db.execute(sql`select id from warehouses where website_id = ${mainId} order by id`))
    const shown = (rows: { start: string; end: string; booked: number; capacity: number }[]) =>
      rows.map((s) => `${s.start}-${s.end} ${s.booked}/${s.capacity}`).sort()
    let offered = 0
    for (const w of warehouses) {
      const res = await staffCall(t, admin, 'GET', `/s/api/admin/delivery/warehouses/${w.id}/slots?days=2`)
      expect(res.statusCode, res.body).toBe(200)
      const fill = res.json() as { slots: { date: string; start: string; end: string; booked: number; capacity: number }[] }
      const screen = fill.slots.filter((s) => s.date === d.tomorrow)
      offered += screen.length
      expect(shown(d.slots.filter((s) => s.date === d.tomorrow && s.warehouse_id === w.id)), `warehouse ${w.id}`).toEqual(shown(screen))
    }
    expect(offered, 'the demo warehouses offer slots tomorrow').toBeGreaterThan(0)
  })
})
