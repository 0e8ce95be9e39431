import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { rowsOf } from '../../db/client'
import { describe, expect, it } from 'vitest'
import { stock } from '../../db/schema/catalogue'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

describe.each(drivers)('choosing the register (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const admin = () => signIn(h.k().t, '9876500001')
  const pos = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object, origin?: string) =>
    staffCall(h.k().t, await admin(), method, `/s/api/pos${url}`, body, origin)

  it('an admin adds a register at a warehouse and renames it; names are unique per website, checked per field', async () => {
    const store = (await staffCall(h.k().t, await admin(), 'POST', '/s/api/admin/warehouses', { name: `HSR ${Date.now()}` })).json()
    const name = `Till ${Date.now()}`
    const made = await pos('POST', '/registers', { name: `  ${name} `, warehouse_id: store.id })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toEqual({ id: expect.any(Number), name, warehouse_id: store.id, warehouse: store.name, open_by: null })
    const id = made.json().id as number
    expect((await pos('GET', '/registers')).json().registers).toContainEqual(made.json())
    expect((await pos('POST', '/registers', { name, warehouse_id: store.id })).json().errors).toEqual({
      name: 'Another register of this website has this name',
    })
    expect((await pos('POST', '/registers', { name: '  ', warehouse_id: 999_999 })).json().errors).toMatchObject({ name: expect.any(String) })
    expect((await pos('POST', '/registers', { name: `${name} b`, warehouse_id: 999_999 })).json().errors).toEqual({ warehouse_id: 'No such warehouse' })
    const renamed = await pos('PATCH', `/registers/${id}`, { name: `${name} (front)` })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({ id, name: `${name} (front)`, warehouse_id: store.id })
    expect((await pos('PATCH', `/registers/${id}`, { name: `${name} (front)` })).statusCode).toBe(200)
    const demo = (await pos('GET', '/shifts/current')).json().register
    expect((await pos('PATCH', `/registers/${demo.id}`, { name: `${name} (front)` })).statusCode).toBe(422)
    expect((await staffCall(h.k().t, await signIn(h.k().t, '9876500001', SHOP2), 'PATCH', `/s/api/pos/registers/${id}`, { name: 'x' }, SHOP2)).statusCode).toBe(
      404,
    )
    const [audit] = await h
      .db()
      .execute(sql`select count(*)::int as n from audit_log where entity = 'pos_register' and entity_id = ${String(id)}`)
      .then(rowsOf<{ n: number }>)
    expect(audit.n).toBe(3)
  })

  it('a second warehouse gets its own register when a shift opens there; sales, QRs and returns name it and take its stock', async () => {
    const store = await staffCall(h.k().t, await admin(), 'POST', '/s/api/admin/warehouses', { name: `Koramangala ${Date.now()}` })
    expect(store.statusCode).toBe(201)
    const warehouseId = store.json().id as number
    const before = (await pos('GET', '/registers')).json()
    expect(before.registers.length).toBeGreaterThanOrEqual(1)
    expect(before.warehouses).toContainEqual({ id: warehouseId, name: store.json().name })

    const opened = await pos('POST', '/shifts', { opening_cash: 200, warehouse_id: warehouseId })
    expect(opened.statusCode, opened.body).toBe(201)
    const after = (await pos('GET', '/registers')).json()
    const mine = after.registers.find((r: { warehouse_id: number }) => r.warehouse_id === warehouseId)
    expect(mine).toMatchObject({ name: expect.stringContaining('Koramangala'), open_by: expect.any(String) })
    expect(after.warehouses.map((w: { id: number }) => w.id)).not.toContain(warehouseId)
    // the same warehouse again: its register, whose shift is open
    expect((await pos('POST', '/shifts', { opening_cash: 0, warehouse_id: warehouseId })).statusCode).toBe(409)

    const current = (await pos('GET', `/shifts/current?register_id=${mine.id}`)).json()
    expect(current.register).toEqual({ id: mine.id, name: mine.name, warehouse_id: warehouseId })
    expect(current.shift.shift_id).toBe(opened.json().shift_id)

    // a sale on the chosen register takes the chosen warehouse's stock, and counts on its shift
    const pack = h.k().sellable()[0]
    const db = h.k().t.app.deps.db
    await db
      .insert(stock)
      .values({ packId: pack.pack_id, warehouseId, quantity: 5 })
      .onConflictDoUpdate({ target: [stock.packId, stock.warehouseId], set: { quantity: 5, reserved: 0 } })
    const sold = await pos('POST', '/sales', {
      client_id: randomUUID(),
      register_id: mine.id,
      lines: [{ pack_id: pack.pack_id, quantity: 2 }],
      payments: [{ method: 'cash', amount: pack.price * 2 }],
    })
    expect(sold.statusCode, sold.body).toBe(201)
    const [row] = await db
      .select()
      .from(stock)
      .where(and(eq(stock.packId, pack.pack_id), eq(stock.warehouseId, warehouseId)))
    expect(row.quantity).toBe(3)
    expect((await pos('GET', `/shifts/current?register_id=${mine.id}`)).json().shift.sales_count).toBe(1)
    const back = await pos('POST', '/returns', { order_number: sold.json().order_number, refund_method: 'cash', register_id: mine.id })
    expect(back.statusCode, back.body).toBe(201)
    const [restored] = await db
      .select()
      .from(stock)
      .where(and(eq(stock.packId, pack.pack_id), eq(stock.warehouseId, warehouseId)))
    expect(restored.quantity).toBe(5)
    expect((await pos('POST', `/shifts/${opened.json().shift_id}/close`, { counted: {} })).statusCode).toBe(200)
  })

  it('another website’s register or warehouse is 404 everywhere', async () => {
    const other = await staffCall(h.k().t, await signIn(h.k().t, '9876500001', SHOP2), 'GET', '/s/api/pos/registers', undefined, SHOP2)
    const theirs = other.json().registers[0]?.id ?? 999_999
    expect((await pos('GET', `/shifts/current?register_id=${theirs}`)).statusCode).toBe(404)
    expect((await pos('POST', '/shifts', { opening_cash: 0, register_id: theirs })).statusCode).toBe(404)
    expect((await pos('POST', '/shifts', { opening_cash: 0, warehouse_id: 999_999 })).statusCode).toBe(404)
    const pack = h.k().sellable()[0]
    const sale = {
      client_id: randomUUID(),
      register_id: theirs,
      lines: [{ pack_id: pack.pack_id, quantity: 1 }],
      payments: [{ method: 'cash', amount: pack.price }],
    }
    expect((await pos('POST', '/sales', sale)).statusCode).toBe(404)
    expect((await pos('POST', '/upi-qr', { amount: 10, register_id: theirs })).statusCode).toBe(404)
    expect((await pos('GET', '/shifts/current?register_id=abc')).statusCode).toBe(422)
  })
})

describe.each(drivers)('the codes a counter keeps (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  it('lists every barcode and SKU of the packs on sale, and none of a draft', async () => {
    const a = await signIn(h.k().t, '9876500001')
    const make = (name: string, status: string, sku: string, barcode: string) =>
      staffCall(h.k().t, a, 'POST', '/s/api/admin/products', {
        product_name: name,
        brand: 'Sona Khet',
        categories: ['atta-flours'],
        status,
        packs: [{ pack_name: '1 kg', price: 50, act_price: 60, sku, barcode }],
      })
    const stamp = Date.now() % 1_000_000
    const live = await make(`Code Kept ${stamp}`, 'active', `KEPT-${stamp}`, `890${stamp}`.padEnd(13, '7'))
    expect(live.statusCode, live.body).toBe(201)
    const draft = await make(`Code Draft ${stamp}`, 'draft', `DRAFT-${stamp}`, `891${stamp}`.padEnd(13, '7'))
    expect(draft.statusCode, draft.body).toBe(201)
    const res = await staffCall(h.k().t, a, 'GET', '/s/api/pos/codes')
    expect(res.statusCode).toBe(200)
    const codes = res.json().data as { code: string; pack_id: number; product_id: number }[]
    const pack = live.json().packs[0].pack_id
    expect(codes.filter((c) => c.pack_id === pack)).toEqual([
      { code: `890${stamp}`.padEnd(13, '7'), pack_id: pack, product_id: live.json().product_id },
      { code: `KEPT-${stamp}`, pack_id: pack, product_id: live.json().product_id },
    ])
    expect(codes.some((c) => c.code === `DRAFT-${stamp}`)).toBe(false)
    expect((await staffCall(h.k().t, await signIn(h.k().t, '9876500003'), 'GET', '/s/api/pos/codes')).statusCode).toBe(403)
  })
})
