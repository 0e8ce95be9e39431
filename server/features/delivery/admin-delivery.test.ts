import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers, SHOP2, type TestSession } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { freshPincode } from '../../test/fixture-kit'
import { useCheckoutApp } from '../checkout/test-kit'
import { addDays, DEFAULT_TEMPLATE, shopClock } from './schedule'

type Sql = ReturnType<typeof sql>
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
interface SlotRow {
  id: number
  date: string
  start_time: string
  end_time: string
  booked: number
  capacity: number
  withdrawn: boolean
}

const DEFAULT_BODY = {
  weekdays: DEFAULT_TEMPLATE.weekdays,
  windows: DEFAULT_TEMPLATE.windows,
  capacity: 25,
  cutoff_minutes: 60,
  days_ahead: 3,
}

describe.each(drivers)('staff delivery settings (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  const admin = () => signIn(h.k().t, '9876500001')
  const as = async (method: Method, url: string, body?: unknown) => staffCall(h.k().t, await admin(), method, `/s/api/admin/delivery${url}`, body)
  const check = async (pincode: string) => {
    const t = h.k().t
    return t.call({ method: 'GET', url: `/s/api/check/pincode/${pincode}`, session: await t.visitor() })
  }
  /** the main demo website's warehouses: the default one serves 560001 */
  const warehouses = async () => {
    const list = (await staffCall(h.k().t, await admin(), 'GET', '/s/api/admin/warehouses')).json().data as {
      id: number
      is_default: boolean
      pincodes: { pincode: string }[]
    }[]
    const near = list.find((w) => w.pincodes.some((p) => p.pincode === '560001'))!
    return { near: near.id, other: list.find((w) => w.id !== near.id)!.id }
  }
  const checkoutSlots = async (s: TestSession & { addressId: number }) =>
    (await h.k().call(s, 'GET', `/checkout/slots?address_id=${s.addressId}`))
      .json()
      .groups.flatMap((g: { slots: { id: number; date: string; start: string; end: string; open: boolean }[] }) => g.slots) as {
      id: number
      date: string
      start: string
      end: string
      open: boolean
    }[]
  const slotRow = async (id: number) => (await rows<SlotRow>(sql`select * from delivery_slots where id = ${id}`))[0]

  it('previews a paste, adds the new pincodes, and the storefront serves them at once; days and removal follow', async () => {
    const { near, other } = await warehouses()
    const [a, b] = [freshPincode(), freshPincode()]
    expect((await check(a)).statusCode).toBe(422)

    const preview = await as('POST', `/warehouses/${other}/pincodes/preview`, { text: `560001, ${a} ${b}\n012345;abc\n${a}` })
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toEqual({
      new: [a, b],
      already: [],
      taken: [{ pincode: '560001', warehouse_id: near, warehouse_name: expect.any(String) }],
      invalid: ['012345', 'abc'],
    })

    const added = await as('POST', `/warehouses/${other}/pincodes`, { pincodes: [a, b], delivery_days: 1 })
    expect(added.statusCode).toBe(200)
    expect(added.json().added.sort()).toEqual([a, b].sort())
    expect((await check(a)).json()).toMatchObject({
      serviceable: true,
      message: expect.stringMatching(new RegExp(`^Delivery available to ${a}, earliest (tomorrow|\\w{3}, \\d{1,2} \\w{3}) \\d`)),
    })
    expect((await as('POST', `/warehouses/${other}/pincodes/preview`, { text: `${a},${b}` })).json()).toMatchObject({ new: [], already: [a, b] })

    // a pincode is served by one warehouse; a wrong pincode is named by its place in the list
    const taken = await as('POST', `/warehouses/${other}/pincodes`, { pincodes: ['560001'] })
    expect(taken.statusCode).toBe(422)
    expect(taken.json().errors.pincodes).toMatch(/^560001 is already served by /)
    const bad = await as('POST', `/warehouses/${other}/pincodes`, { pincodes: ['56001', a], delivery_days: 31 })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['delivery_days', 'pincodes.0'])
    expect((await as('POST', `/warehouses/${other}/pincodes`, { pincodes: [a] })).json().errors).toEqual({
      pincodes: 'This warehouse serves all of these pincodes already',
    })

    const days = await as('POST', '/pincodes/days', { pincodes: [a], delivery_days: 2 })
    expect(days.json().data).toEqual([{ pincode: a, warehouse_id: other, warehouse_name: expect.any(String), delivery_days: 2 }])
    expect((await check(a)).json().message).toMatch(new RegExp(`^Delivery available to ${a}, earliest \\w{3}, \\d{1,2} \\w{3} \\d`))
    const listed = (await as('GET', `/pincodes?q=${a.slice(0, 3)}&warehouse_id=${other}&perPage=100`)).json()
    expect(listed.data.map((p: { pincode: string }) => p.pincode)).toEqual(expect.arrayContaining([a, b]))
    expect(listed.data.every((p: { pincode: string; warehouse_id: number }) => p.pincode.startsWith(a.slice(0, 3)) && p.warehouse_id === other)).toBe(true)

    // another website's admin cannot touch this website's pincodes
    const foreign = await staffCall(
      h.k().t,
      await signIn(h.k().t, '9876500001', SHOP2),
      'POST',
      '/s/api/admin/delivery/pincodes/remove',
      { pincodes: [a] },
      SHOP2,
    )
    expect(foreign.statusCode).toBe(404)
    expect((await check(a)).statusCode).toBe(200)

    expect((await as('POST', '/pincodes/remove', { pincodes: [a, b] })).json().removed.sort()).toEqual([a, b].sort())
    expect((await check(a)).statusCode).toBe(422)
    expect((await as('POST', '/pincodes/remove', { pincodes: [a] })).statusCode).toBe(404)
    const audit = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where entity = 'pincode' and entity_id = ${a}`)
    expect(audit[0].n).toBe(3)
  })

  it('charges carts and orders exactly what is configured: the website rule, a warehouse’s own, and back', async () => {
    const k = h.k()
    const { near } = await warehouses()
    const cheap = k.sellable()[0]
    const s = await k.shopperWithCart([cheap])
    const cart = async () => (await k.call(s, 'GET', '/cart')).json() as { amount: number; total: number; delivery_charge: number; finalDelivery: number }
    const before = await cart()
    expect(before.amount).toBeLessThan(499)
    expect(before.finalDelivery).toBe(30)
    expect((await as('GET', '/charges')).json().website).toEqual({ charge: 30, free_above: 499 })

    expect((await as('PUT', '/charges', { charge: 45.5, free_above: 5000 })).statusCode).toBe(200)
    expect(await cart()).toMatchObject({ delivery_charge: 45.5, finalDelivery: 45.5 })
    expect((await as('PUT', '/charges', { charge: 45.5, free_above: before.amount })).statusCode).toBe(200)
    expect((await cart()).finalDelivery).toBe(0)

    const own = await as('PUT', `/warehouses/${near}/charges`, { own: { charge: 12, free_above: 9000 } })
    expect(own.json().warehouses.find((w: { warehouse_id: number }) => w.warehouse_id === near)).toMatchObject({
      own: { charge: 12, free_above: 9000 },
      applies: { charge: 12, free_above: 9000 },
    })
    expect((await cart()).finalDelivery).toBe(12)
    const { res, order } = await k.place(s, 'cod')
    expect(res.statusCode).toBe(200)
    expect((await h.orderRow(order.order_id)).deliveryPaise).toBe(1200)

    const bad = await as('PUT', '/charges', { charge: -1, free_above: 'lots' })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['charge', 'free_above'])
    expect((await as('PUT', `/warehouses/${near}/charges`, { own: { charge: 1.234, free_above: 10 } })).json().errors).toHaveProperty(['own.charge'])

    await as('PUT', `/warehouses/${near}/charges`, { own: null })
    await as('PUT', '/charges', { charge: 30, free_above: 499 })
    const s2 = await k.shopperWithCart([cheap])
    expect((await k.call(s2, 'GET', '/cart')).json().finalDelivery).toBe(30)
  })

  it('a template change keeps orders already booked: their slot stays for them and is offered no more', async () => {
    const k = h.k()
    const { near } = await warehouses()
    const template = (await as('GET', `/warehouses/${near}/template`)).json()
    expect(template).toEqual({ warehouse_id: near, ...DEFAULT_BODY, version: 0 })

    const s = await k.shopperWithCart([k.sellable()[0]])
    const { order } = await k.place(s, 'cod')
    const [booked] = await rows<{ slot_id: number }>(sql`select slot_id from order_deliveries where order_id = ${order.order_id}`)
    const slot = await slotRow(booked.slot_id)
    expect(slot.booked).toBeGreaterThanOrEqual(1)

    // one window left, not the booked one; capacity 1
    const other = DEFAULT_TEMPLATE.windows.find((w) => w.start !== slot.start_time)!
    const saved = await as('PUT', `/warehouses/${near}/template`, { ...DEFAULT_BODY, version: 0, windows: [other], capacity: 1 })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ windows: [other], capacity: 1, version: 1 })
    expect(await slotRow(slot.id)).toMatchObject({ booked: slot.booked, capacity: slot.capacity, withdrawn: true })
    const [still] = await rows<{ slot_id: number; start_time: string }>(
      sql`select slot_id, start_time from order_deliveries where order_id = ${order.order_id}`,
    )
    expect(still).toEqual({ slot_id: slot.id, start_time: slot.start_time })
    const offered = await checkoutSlots(await k.shopperWithCart([k.sellable()[0]]))
    expect(offered.length).toBeGreaterThan(0)
    expect(offered.every((o) => o.start === other.start && o.end === other.end)).toBe(true)
    expect(offered.some((o) => o.id === slot.id)).toBe(false)

    // someone saved in between: 409 with what changed
    const stale = await as('PUT', `/warehouses/${near}/template`, { ...DEFAULT_BODY, version: 0 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().changed).toEqual(expect.arrayContaining(['windows', 'capacity']))

    // the booked window back with capacity 1: it keeps its booking as capacity, so it is full
    const back = await as('PUT', `/warehouses/${near}/template`, {
      ...DEFAULT_BODY,
      version: 1,
      windows: [{ start: slot.start_time, end: slot.end_time }],
      capacity: 1,
    })
    expect(back.statusCode).toBe(200)
    expect(await slotRow(slot.id)).toMatchObject({ booked: slot.booked, capacity: slot.booked, withdrawn: false })
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from delivery_slots where booked > capacity`))[0].n).toBe(0)

    const bad = await as('PUT', `/warehouses/${near}/template`, {
      version: 2,
      weekdays: [],
      windows: [{ start: '09:00', end: '08:00' }],
      capacity: 0,
      cutoff_minutes: -5,
      days_ahead: 31,
    })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['capacity', 'cutoff_minutes', 'days_ahead', 'weekdays'])
    const order2 = await as('PUT', `/warehouses/${near}/template`, {
      ...DEFAULT_BODY,
      version: 2,
      windows: [
        { start: '09:00', end: '08:00' },
        { start: '10:00', end: '12:00' },
      ],
    })
    expect(order2.json().errors).toEqual({ 'windows.0.end': 'The window must end after it starts' })
    const overlap = await as('PUT', `/warehouses/${near}/template`, {
      ...DEFAULT_BODY,
      version: 2,
      windows: [
        { start: '09:00', end: '11:00' },
        { start: '10:00', end: '12:00' },
      ],
    })
    expect(overlap.json().errors).toEqual({ 'windows.1.start': 'Overlaps the window 09:00–11:00' })

    const restored = await as('PUT', `/warehouses/${near}/template`, { ...DEFAULT_BODY, version: 2 })
    expect(restored.statusCode).toBe(200)
    expect((await checkoutSlots(await k.shopperWithCart([k.sellable()[0]]))).some((o) => o.id === slot.id)).toBe(true)
  })

  it('a closure hides its days from checkout and the cart; reopening offers them again', async () => {
    const k = h.k()
    const tomorrow = addDays(shopClock(new Date()).date, 1)
    const s = await k.shopperWithCart([k.sellable()[0]])
    expect((await checkoutSlots(s)).some((o) => o.date === tomorrow)).toBe(true)

    const made = await as('POST', '/closures', { warehouse_id: null, from: tomorrow, to: tomorrow, reason: 'Diwali' })
    expect(made.statusCode).toBe(201)
    expect(made.json()).toMatchObject({ warehouse_id: null, from: tomorrow, to: tomorrow, reason: 'Diwali' })
    const during = await checkoutSlots(s)
    expect(during.length).toBeGreaterThan(0)
    expect(during.some((o) => o.date === tomorrow)).toBe(false)
    expect((await as('GET', '/closures')).json().data).toContainEqual(made.json())
    const { near } = await warehouses()
    const fill = (await as('GET', `/warehouses/${near}/slots?days=3`)).json()
    expect(fill.dates[1]).toEqual({ date: tomorrow, closed: 'Diwali' })
    expect(fill.slots.filter((x: { date: string; offered: boolean }) => x.date === tomorrow && x.offered)).toEqual([])

    expect((await as('DELETE', `/closures/${made.json().id}`)).statusCode).toBe(200)
    expect((await checkoutSlots(s)).some((o) => o.date === tomorrow && o.open)).toBe(true)

    const bad = await as('POST', '/closures', { warehouse_id: null, from: '2026-02-30', to: '2020-01-01', reason: ' ' })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'reason'])
    const dates = await as('POST', '/closures', { warehouse_id: null, from: '2026-02-30', to: '2026-13-45', reason: 'Holi' })
    expect(dates.json().errors).toEqual({
      from: 'First day must be a real date from 1900 to 2099, written like 2026-01-31',
      to: 'Last day must be a real date from 1900 to 2099, written like 2026-01-31',
    })
    const past = await as('POST', '/closures', { warehouse_id: null, from: '2020-01-01', to: '2020-01-01', reason: 'Holi' })
    expect(past.json().errors).toEqual({ to: 'These days have already passed' })
    const backwards = await as('POST', '/closures', { warehouse_id: null, from: addDays(tomorrow, 3), to: tomorrow, reason: 'Holi' })
    expect(backwards.json().errors).toEqual({ to: 'The last day cannot be before the first' })
    const foreign = await staffCall(
      h.k().t,
      await signIn(h.k().t, '9876500001', SHOP2),
      'DELETE',
      `/s/api/admin/delivery/closures/${made.json().id}`,
      undefined,
      SHOP2,
    )
    expect(foreign.statusCode).toBe(404)
  })

  it('shows each coming slot’s bookings against its capacity', async () => {
    const k = h.k()
    const { near } = await warehouses()
    const s = await k.shopperWithCart([k.sellable()[0]])
    const { order } = await k.place(s, 'cod')
    const [d] = await rows<{ slot_id: number }>(sql`select slot_id from order_deliveries where order_id = ${order.order_id}`)
    const slot = await slotRow(d.slot_id)
    const fill = await as('GET', `/warehouses/${near}/slots?days=3`)
    expect(fill.statusCode).toBe(200)
    const body = fill.json()
    expect(body.dates.map((x: { date: string }) => x.date)).toEqual([0, 1, 2].map((i) => addDays(shopClock(new Date()).date, i)))
    expect(body.windows).toEqual(DEFAULT_TEMPLATE.windows)
    expect(body.slots).toContainEqual({
      id: slot.id,
      date: slot.date,
      start: slot.start_time,
      end: slot.end_time,
      booked: slot.booked,
      capacity: 25,
      offered: true,
    })
    expect((await as('GET', `/warehouses/${near}/slots?days=40`)).statusCode).toBe(422)
  })
})

describe.runIf(drivers.includes('postgres'))('slot capacity edits against bookings at the same moment (postgres)', () => {
  const h = useCheckoutApp('postgres')
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))

  it('never lets bookings pass capacity, and counts every booked order', async () => {
    const k = h.k()
    const a = await signIn(k.t, '9876500001')
    const { near } = await (async () => {
      const list = (await staffCall(k.t, a, 'GET', '/s/api/admin/warehouses')).json().data as { id: number; pincodes: { pincode: string }[] }[]
      return { near: list.find((w) => w.pincodes.some((p) => p.pincode === '560001'))!.id }
    })()
    const put = (version: number, capacity: number) =>
      staffCall(k.t, a, 'PUT', `/s/api/admin/delivery/warehouses/${near}/template`, { ...DEFAULT_BODY, version, capacity })
    expect((await put(0, 3)).statusCode).toBe(200)
    const shoppers: Awaited<ReturnType<typeof k.shopperWithCart>>[] = []
    for (let i = 0; i < 8; i++) shoppers.push(await k.shopperWithCart([k.sellable()[0]]))
    const slots = await Promise.all(shoppers.map((s) => k.firstSlots(s, s.addressId)))
    const same = slots[0][0].slot_id
    expect(slots.every((x) => x[0].slot_id === same)).toBe(true)
    const place = (s: (typeof shoppers)[number]) =>
      k.call(s, 'POST', '/checkout/place', {
        address_id: s.addressId,
        slots: [{ delivery_charge_id: slots[0][0].delivery_charge_id, slot_id: same }],
        payment_method: 'cod',
        idempotency_key: `race${Math.random().toString(36).slice(2, 12)}`,
      })
    const results = await Promise.all([...shoppers.map(place), put(1, 1), put(1, 2)])
    const placed = results.slice(0, 8).filter((r) => r.statusCode === 200).length
    const saves = results.slice(8).map((r) => r.statusCode)
    expect(saves.sort()).toEqual([200, 409])
    expect(placed).toBeGreaterThanOrEqual(1)
    expect(placed).toBeLessThanOrEqual(3)
    const [row] = await rows<{ booked: number; capacity: number; orders: number }>(sql`
      select s.booked, s.capacity, (select count(*)::int from order_deliveries d join orders o on o.id = d.order_id
        where d.slot_id = s.id and o.status <> 'cancelled') as orders
      from delivery_slots s where s.id = ${same}`)
    expect(row.booked).toBe(placed)
    expect(row.orders).toBe(placed)
    expect(row.booked).toBeLessThanOrEqual(row.capacity)
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from delivery_slots where booked > capacity`))[0].n).toBe(0)
  })
})
