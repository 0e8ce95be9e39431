import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminProduct } from '../../../common/contracts/admin-catalogue'
import { StockLevel, type StockRow, Warehouse } from '../../../common/contracts/admin-stock'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { websiteOf } from '../../test/shopper'
import { auditOf, type Cast, cast, staffCall } from '../../test/staff'
import { ledgerDrift } from './test-kit'

describe.each(drivers)('staff stock and warehouses (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let mainId: number
  let house: number
  let foreignHouse: number
  let foreignPack: number
  let product: AdminProduct
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => staffCall(t, who.admin, method, url, payload)
  const db = () => t.app.deps.db
  const set = (pack: number, quantity: unknown, extra: object = {}) =>
    admin('PUT', '/s/api/admin/stock', { pack_id: pack, warehouse_id: house, quantity, reason: 'count_correction', ...extra })

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
    mainId = (await websiteOf(t, MAIN)).id
    const shop2 = (await websiteOf(t, SHOP2)).id
    house = rowsOf<{ id: number }>(await db().execute(sql`select id from warehouses where website_id = ${mainId} and is_default`))[0].id
    foreignHouse = rowsOf<{ id: number }>(await db().execute(sql`select id from warehouses where website_id = ${shop2} limit 1`))[0].id
    foreignPack = rowsOf<{ id: number }>(await db().execute(sql`select id from packs where website_id = ${shop2} limit 1`))[0].id
    const res = await admin('POST', '/s/api/admin/products', {
      product_name: 'Nilgiri Cardamom',
      brand: 'Hill Spice Co',
      categories: ['powdered-spices'],
      packs: [
        { pack_name: '50 g', price: 120, act_price: 150 },
        { pack_name: '100 g', price: 220, act_price: 260 },
      ],
    })
    expect(res.statusCode, res.body).toBe(201)
    product = AdminProduct.parse(res.json())
  })
  afterAll(() => t.close())

  it('sets on hand as CONTRACT fixes it, with a ledger row (reason, who) and an audit row; the storefront sees it at once', async () => {
    const pack = product.packs[0]
    const page = async () => (await t.call({ method: 'GET', url: `/s/api/products/${product.slug}` })).json().packs[0]
    expect((await page()).in_stock).toBe(false)
    const res = await set(pack.pack_id, 40, { reason: 'received', note: 'Invoice 118' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ pack_id: pack.pack_id, warehouse_id: house, on_hand: 40, reserved: 0, available: 40 })
    expect(() => StockLevel.parse(res.json())).not.toThrow()
    const [ledger] = rowsOf<Record<string, unknown>>(
      await db().execute(sql`select * from stock_ledger where pack_id = ${pack.pack_id} order by id desc limit 1`),
    )
    expect(ledger).toMatchObject({
      reason: 'received',
      on_hand_change: 40,
      on_hand_after: 40,
      reserved_after: 0,
      user_id: who.admin.userId,
      note: 'Invoice 118',
    })
    const [audit] = await auditOf(t, res)
    expect(audit).toMatchObject({
      action: 'stock.set',
      entity: 'stock',
      entityId: `${pack.pack_id}:${house}`,
      before: { on_hand: 0 },
      after: { on_hand: 40 },
      data: { reason: 'received', note: 'Invoice 118' },
    })
    expect((await page()).in_stock).toBe(true)
    expect((await set(pack.pack_id, 0)).statusCode).toBe(200)
    expect((await page()).in_stock).toBe(false)
  })

  it('adjusts by a delta; refuses on hand below what orders hold (422 with a clear message), below 0, and bad input', async () => {
    const pack = product.packs[1]
    expect((await set(pack.pack_id, 10)).statusCode).toBe(200)
    const added = await admin('POST', '/s/api/admin/stock/adjust', { pack_id: pack.pack_id, warehouse_id: house, change: 5, reason: 'received' })
    expect(added.json()).toMatchObject({ on_hand: 15, available: 15 })
    const taken = await admin('POST', '/s/api/admin/stock/adjust', { pack_id: pack.pack_id, warehouse_id: house, change: -2, reason: 'damaged', note: 'Torn' })
    expect(taken.json()).toMatchObject({ on_hand: 13 })
    expect(
      (await admin('POST', '/s/api/admin/stock/adjust', { pack_id: pack.pack_id, warehouse_id: house, change: -14, reason: 'damaged' })).json(),
    ).toMatchObject({ errors: { change: 'On hand cannot go below 0' } })
    // an order holds 4 of them
    await db().execute(sql`update stock set reserved = 4 where pack_id = ${pack.pack_id} and warehouse_id = ${house}`)
    await db().execute(
      sql`insert into stock_ledger (website_id, pack_id, warehouse_id, on_hand_change, reserved_change, on_hand_after, reserved_after, reason) values (${mainId}, ${pack.pack_id}, ${house}, 0, 4, 13, 4, 'order_hold')`,
    )
    await db().execute(sql`update product_stock set reserved = reserved + 4 where product_id = ${product.product_id}`)
    const below = await set(pack.pack_id, 3)
    expect(below.statusCode).toBe(422)
    expect(below.json()).toMatchObject({ errors: { quantity: 'On hand cannot be less than the 4 held by open orders: cancel or deliver those orders first' } })
    expect((await set(pack.pack_id, 4)).json()).toEqual({ pack_id: pack.pack_id, warehouse_id: house, on_hand: 4, reserved: 4, available: 0 })
    for (const [payload, field] of [
      [{ quantity: -1 }, 'quantity'],
      [{ quantity: '12' }, 'quantity'],
      [{ quantity: 1.5 }, 'quantity'],
      [{ quantity: 5, reason: 'order_hold' }, 'reason'],
      [{ quantity: 5, pack_id: 'x' }, 'pack_id'],
    ] as const) {
      const res = await admin('PUT', '/s/api/admin/stock', { pack_id: pack.pack_id, warehouse_id: house, reason: 'received', ...payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(422)
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field)
    }
    expect(
      (await admin('POST', '/s/api/admin/stock/adjust', { pack_id: pack.pack_id, warehouse_id: house, change: 0, reason: 'received' })).json(),
    ).toMatchObject({ errors: { change: 'Change cannot be 0' } })
    expect(await ledgerDrift(t)).toEqual({ rows: 0, products: 0 })
  })

  it('answers 404 for a pack or warehouse that is not this website’s, and writes nothing', async () => {
    const before = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from stock_ledger`))[0].n
    expect((await set(foreignPack, 5)).statusCode).toBe(404)
    expect((await set(999_999, 5)).statusCode).toBe(404)
    expect((await set(product.packs[0].pack_id, 5, { warehouse_id: foreignHouse })).statusCode).toBe(404)
    expect((await admin('PUT', `/s/api/admin/stock/packs/${foreignPack}/threshold`, { low_stock_threshold: 3 })).statusCode).toBe(404)
    expect((await admin('GET', `/s/api/admin/stock/packs/${foreignPack}/history`)).statusCode).toBe(404)
    expect(rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from stock_ledger`))[0].n).toBe(before)
  })

  it('lists every pack at every warehouse with its state; low uses the pack’s threshold; search, filters, paging', async () => {
    const [a, b] = product.packs
    await set(a.pack_id, 7)
    const list = async (query: string) => {
      const res = await admin('GET', `/s/api/admin/stock?${query}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { data: StockRow[]; meta: { total: number } }
    }
    const mine = await list(`q=${encodeURIComponent('Nilgiri Cardamom')}&warehouse_id=${house}`)
    expect(mine.meta.total).toBe(2)
    expect(mine.data.map((r) => [r.pack_name, r.on_hand, r.reserved, r.available, r.state])).toEqual([
      ['50 g', 7, 0, 7, 'in_stock'],
      ['100 g', 4, 4, 0, 'out_of_stock'],
    ])
    const everywhere = await list(`q=${encodeURIComponent('Nilgiri Cardamom')}`)
    const houses = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from warehouses where website_id = ${mainId}`))[0].n
    expect(everywhere.meta.total).toBe(2 * houses)
    expect((await admin('PUT', `/s/api/admin/stock/packs/${a.pack_id}/threshold`, { low_stock_threshold: 10 })).json()).toEqual({
      pack_id: a.pack_id,
      low_stock_threshold: 10,
    })
    expect((await list(`product_id=${product.product_id}&warehouse_id=${house}&state=low`)).data.map((r) => r.pack_id)).toEqual([a.pack_id])
    expect((await list(`product_id=${product.product_id}&warehouse_id=${house}&state=out_of_stock`)).data.map((r) => r.pack_id)).toEqual([b.pack_id])
    expect((await admin('PUT', `/s/api/admin/stock/packs/${a.pack_id}/threshold`, { low_stock_threshold: null })).json()).toEqual({
      pack_id: a.pack_id,
      low_stock_threshold: 5,
    })
    expect((await list(`product_id=${product.product_id}&warehouse_id=${house}&state=in_stock`)).data.map((r) => r.pack_id)).toEqual([a.pack_id])
    const low = await list('state=low&perPage=5&sort=available')
    expect(low.data.length).toBeLessThanOrEqual(5)
    for (const r of low.data) expect(r.available > 0 && r.available <= r.low_stock_threshold).toBe(true)
    expect((await list(`q=${product.packs[0].pack_id}`)).data.some((r) => r.pack_id === a.pack_id)).toBe(true)
    expect((await admin('GET', '/s/api/admin/stock?state=lots')).statusCode).toBe(422)
  })

  it('reads a pack’s history, newest first and paged, with who and why', async () => {
    const pack = product.packs[1]
    const res = await admin('GET', `/s/api/admin/stock/packs/${pack.pack_id}/history?perPage=5`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.pack).toMatchObject({ pack_id: pack.pack_id, pack_name: '100 g', product_name: 'Nilgiri Cardamom' })
    expect(body.meta.total).toBe(5)
    expect(body.data.map((e: { reason: string }) => e.reason)).toEqual(['count_correction', 'order_hold', 'damaged', 'received', 'count_correction'])
    expect(body.data[0]).toMatchObject({
      reason: 'count_correction',
      on_hand_change: -9,
      on_hand_after: 4,
      reserved_after: 4,
      user: { id: who.admin.userId },
      warehouse_id: house,
    })
    expect(body.data[1]).toMatchObject({ reason: 'order_hold', reserved_change: 4, user: null })
    expect(body.data[2]).toMatchObject({ on_hand_change: -2, note: 'Torn' })
    const page2 = (await admin('GET', `/s/api/admin/stock/packs/${pack.pack_id}/history?perPage=5&page=2`)).json()
    expect(page2).toMatchObject({ data: [], meta: { total: 5, page: 2 } })
    const oldest = (await admin('GET', `/s/api/admin/stock/packs/${pack.pack_id}/history?perPage=5&sort=at&warehouse_id=${house}`)).json()
    expect(oldest.data[0]).toMatchObject({ reason: 'count_correction', on_hand_change: 10 })
  })

  it('keeps the product’s figure when staff remove a pack that has stock', async () => {
    const res = await admin('POST', '/s/api/admin/products', {
      product_name: 'Kashmiri Saffron',
      brand: 'Hill Spice Co',
      categories: ['powdered-spices'],
      packs: [
        { pack_name: '1 g', price: 300, act_price: 350 },
        { pack_name: '2 g', price: 560, act_price: 650 },
      ],
    })
    const p = AdminProduct.parse(res.json())
    await set(p.packs[0].pack_id, 6)
    await set(p.packs[1].pack_id, 9)
    const figure = async () =>
      rowsOf<{ on_hand: number }>(await db().execute(sql`select on_hand from product_stock where product_id = ${p.product_id}`))[0].on_hand
    expect(await figure()).toBe(15)
    const kept = p.packs[0]
    const saved = await admin('PATCH', `/s/api/admin/products/${p.product_id}`, {
      version: p.version,
      packs: [{ pack_id: kept.pack_id, pack_name: kept.pack_name, price: kept.price, act_price: kept.act_price }],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(await figure()).toBe(6)
    expect(await ledgerDrift(t)).toEqual({ rows: 0, products: 0 })
  })

  it('keeps warehouses as checkout needs them: a pincode served by one warehouse, exactly one default', async () => {
    const made = await admin('POST', '/s/api/admin/warehouses', {
      name: 'Koramangala Store',
      address: '80 Feet Road',
      pincodes: [{ pincode: '560300', delivery_days: 1 }],
    })
    expect(made.statusCode, made.body).toBe(201)
    const w = Warehouse.parse(made.json())
    expect(w).toMatchObject({ name: 'Koramangala Store', address: '80 Feet Road', is_default: false, pincodes: [{ pincode: '560300', delivery_days: 1 }] })
    expect((await auditOf(t, made))[0]).toMatchObject({ action: 'warehouse.create', entity: 'warehouse' })
    // 560001 is served by the default warehouse (seed)
    const taken = await admin('PATCH', `/s/api/admin/warehouses/${w.id}`, { pincodes: [{ pincode: '560300' }, { pincode: '560001' }] })
    expect(taken.statusCode).toBe(422)
    expect(taken.json().errors['pincodes.1.pincode']).toMatch(/^560001 is already served by /)
    expect((await admin('PATCH', `/s/api/admin/warehouses/${w.id}`, { pincodes: [{ pincode: '560300' }, { pincode: '560300' }] })).json().errors).toEqual({
      'pincodes.1.pincode': '560300 is listed twice',
    })
    expect((await admin('POST', '/s/api/admin/warehouses', { name: 'koramangala store' })).json().errors).toEqual({
      name: 'Another warehouse already has this name',
    })
    expect((await admin('POST', '/s/api/admin/warehouses', { name: 'X', pincodes: [{ pincode: '12345' }] })).statusCode).toBe(422)
    // the shopper at 560300 is served from the new warehouse
    const visitor = await t.visitor()
    expect((await t.call({ method: 'GET', url: '/s/api/check/pincode/560300', session: visitor })).statusCode).toBe(200)
    expect((await t.call({ method: 'GET', url: '/s/api/check/pincode/560301', session: visitor })).statusCode).not.toBe(200)
    // the default moves; it cannot be unset
    const moved = await admin('PATCH', `/s/api/admin/warehouses/${w.id}`, { is_default: true })
    expect(moved.json()).toMatchObject({ is_default: true })
    const all = (await admin('GET', '/s/api/admin/warehouses')).json().data as Warehouse[]
    expect(all.filter((x) => x.is_default).map((x) => x.id)).toEqual([w.id])
    expect((await admin('PATCH', `/s/api/admin/warehouses/${w.id}`, { is_default: false })).json().errors).toMatchObject({ is_default: expect.any(String) })
    expect((await admin('PATCH', `/s/api/admin/warehouses/${house}`, { is_default: true })).statusCode).toBe(200)
    expect((await admin('GET', `/s/api/admin/warehouses/${foreignHouse}`)).statusCode).toBe(404)
    expect((await admin('PATCH', `/s/api/admin/warehouses/${foreignHouse}`, { name: 'Mine now' })).statusCode).toBe(404)
  })
})
