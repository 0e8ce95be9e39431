import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { websiteOf } from '../../test/shopper'
import { auditOf, type Cast, cast, staffCall } from '../../test/staff'
import { batchDrift, ledgerDrift } from '../stock/test-kit'

const inDays = (n: number) => new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10)

describe.each(drivers)('suppliers, purchase bills and batches (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let site: number
  let house: number
  let packId: number
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => staffCall(t, who.admin, method, url, payload)
  const db = () => t.app.deps.db

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
    site = (await websiteOf(t, MAIN)).id
    // the POS register sells from the website's first warehouse (CONTRACT)
    house = rowsOf<{ id: number }>(await db().execute(sql`select id from warehouses where website_id = ${site} order by id limit 1`))[0].id
    packId = rowsOf<{ id: number }>(
      await db().execute(
        sql`select k.id from packs k join products p on p.id = k.product_id where k.website_id = ${site} and p.status = 'active' and not exists (select 1 from stock s where s.pack_id = k.id and s.reserved > 0) order by k.id limit 1`,
      ),
    )[0].id
  })
  afterAll(() => t.close())

  it('makes a supplier as CONTRACT fixes it; a GSTIN is checked like the shop’s (format, state code, check character, its state)', async () => {
    const made = await admin('POST', '/s/api/admin/suppliers', { name: 'Sri Balaji Traders', gstin: '29AAKCK4821M1Z0', phone: '9845012345' })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({ id: expect.any(Number), name: 'Sri Balaji Traders', gstin: '29AAKCK4821M1Z0', state: 'Karnataka' })
    expect((await auditOf(t, made))[0]).toMatchObject({ action: 'supplier.create', entity: 'supplier' })
    const typo = await admin('POST', '/s/api/admin/suppliers', { name: 'Typo Traders', gstin: '29AAKCK4821M1Z1' })
    expect(typo.statusCode).toBe(422)
    expect(typo.json().errors.gstin).toMatch(/check character/)
    const elsewhere = await admin('POST', '/s/api/admin/suppliers', { name: 'Mumbai Foods', gstin: '29AAKCK4821M1Z0', state: 'Maharashtra' })
    expect(elsewhere.statusCode).toBe(422)
    expect(elsewhere.json().errors.gstin).toMatch(/registered in Karnataka/)
    expect((await admin('POST', '/s/api/admin/suppliers', { name: 'Bare' })).statusCode).toBe(201)
    expect((await staffCall(t, who.shopper, 'POST', '/s/api/admin/suppliers', { name: 'Nope' })).statusCode).toBe(403)
  })

  it('receives a bill into stock: batches earliest expiry first with their cost; the ledger and batches add up to on hand', async () => {
    const supplier = (await admin('POST', '/s/api/admin/suppliers', { name: 'Delhi Dry Fruits', state: 'Delhi' })).json()
    const before = rowsOf<{ quantity: number }>(await db().execute(sql`select quantity from stock where pack_id = ${packId} and warehouse_id = ${house}`))[0]
    const res = await admin('POST', '/s/api/admin/purchases', {
      supplier_id: supplier.id,
      warehouse_id: house,
      bill_number: 'DDF/118',
      lines: [
        { pack_id: packId, quantity: 10, cost_price: 42.5, gst_rate: 5, batch: 'B-LATE', expiry: inDays(40), mrp: 60 },
        { pack_id: packId, quantity: 6, free_quantity: 2, cost_price: 40, discount: 16, gst_rate: 5, batch: 'B-SOON', expiry: inDays(10) },
        { pack_id: packId, quantity: 3, cost_price: 30, batch: 'NOEXP', expiry: null },
      ],
    })
    expect(res.statusCode, res.body).toBe(201)
    const bill = res.json()
    expect(bill).toMatchObject({ id: expect.any(Number), bill_number: 'DDF/118', intra_state: false, cgst: 0, sgst: 0 })
    expect(bill.lines).toHaveLength(3)
    // 10 × 42.50 = 425; 6 × 40 − 16 = 224; 3 × 30 = 90 → taxable 739, IGST 5 % of 425 and 224 = 21.25 + 11.20
    expect(bill).toMatchObject({ taxable: 739, igst: 32.45, total: 771.45 })
    expect(bill.lines[1]).toMatchObject({ unit_cost: 28, free_quantity: 2 })

    const batches = await admin('GET', `/s/api/admin/stock/batches?pack_id=${packId}&warehouse_id=${house}`)
    expect(batches.statusCode, batches.body).toBe(200)
    const data = batches.json().data as { batch: string; expiry: string | null; quantity: number; cost_price: number | null }[]
    const ours = data.filter((b) => b.batch !== 'Opening')
    expect(ours.map((b) => [b.batch, b.expiry, b.quantity, b.cost_price])).toEqual([
      ['B-SOON', inDays(10), 8, 28],
      ['B-LATE', inDays(40), 10, 42.5],
      ['NOEXP', null, 3, 30],
    ])
    expect(data.at(-1)?.expiry ?? null).toBeNull()
    const after = rowsOf<{ quantity: number }>(await db().execute(sql`select quantity from stock where pack_id = ${packId} and warehouse_id = ${house}`))[0]
    expect(after.quantity).toBe((before?.quantity ?? 0) + 21)
    expect(await batchDrift(t)).toEqual([])
    expect(await ledgerDrift(t)).toEqual({ rows: 0, products: 0 })
  })

  it('refuses what a bill cannot be, per field, and another website’s supplier, warehouse or pack', async () => {
    const supplier = (await admin('POST', '/s/api/admin/suppliers', { name: 'Check Traders' })).json()
    const line = { pack_id: packId, quantity: 1, cost_price: 10, batch: 'X1', expiry: null }
    const bad = await admin('POST', '/s/api/admin/purchases', {
      supplier_id: supplier.id,
      warehouse_id: house,
      lines: [{ ...line, quantity: 0, expiry: '2026-02-30', gst_rate: 7 }],
    })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['lines.0.quantity', 'lines.0.expiry', 'lines.0.gst_rate']))
    const shop2 = (await websiteOf(t, SHOP2)).id
    const foreignPack = rowsOf<{ id: number }>(await db().execute(sql`select id from packs where website_id = ${shop2} limit 1`))[0].id
    const foreignHouse = rowsOf<{ id: number }>(await db().execute(sql`select id from warehouses where website_id = ${shop2} limit 1`))[0].id
    const foreign = await admin('POST', '/s/api/admin/purchases', { supplier_id: supplier.id, warehouse_id: house, lines: [{ ...line, pack_id: foreignPack }] })
    expect(foreign.statusCode).toBe(422)
    expect(foreign.json().errors['lines.0.pack_id']).toMatch(/No such pack/)
    expect((await admin('POST', '/s/api/admin/purchases', { supplier_id: supplier.id, warehouse_id: foreignHouse, lines: [line] })).statusCode).toBe(422)
    expect((await admin('GET', `/s/api/admin/stock/batches?pack_id=${foreignPack}&warehouse_id=${house}`)).statusCode).toBe(404)
  })

  it('FEFO: a counter sale larger than the first batch takes it, then the next; the sale line costs their weighted cost', async () => {
    // only two batches: on hand to 0 first (through the stock service), then a bill of 10 days and 40 days
    expect((await admin('PUT', '/s/api/admin/stock', { pack_id: packId, warehouse_id: house, quantity: 0, reason: 'count_correction' })).statusCode).toBe(200)
    const supplier = (await admin('POST', '/s/api/admin/suppliers', { name: 'FEFO Foods' })).json()
    const bill = await admin('POST', '/s/api/admin/purchases', {
      supplier_id: supplier.id,
      warehouse_id: house,
      lines: [
        { pack_id: packId, quantity: 5, cost_price: 40, batch: 'LATE-40', expiry: inDays(40) },
        { pack_id: packId, quantity: 3, cost_price: 30, batch: 'SOON-10', expiry: inDays(10) },
      ],
    })
    expect(bill.statusCode, bill.body).toBe(201)
    const pos = (method: 'GET' | 'POST', url: string, body?: object) => staffCall(t, who.admin, method, `/s/api/pos${url}`, body)
    const current = (await pos('GET', '/shifts/current')).json()
    expect(current.register.warehouse_id).toBe(house)
    if (!current.shift) expect((await pos('POST', '/shifts', { opening_cash: 1000 })).statusCode).toBe(201)
    const sold = await pos('POST', '/sales', {
      client_id: randomUUID(),
      lines: [{ pack_id: packId, quantity: 5 }],
      payments: [{ method: 'cash', amount: 100000 }],
    })
    expect(sold.statusCode, sold.body).toBe(201)

    const left = (await admin('GET', `/s/api/admin/stock/batches?pack_id=${packId}&warehouse_id=${house}`)).json().data
    expect(left.map((b: { batch: string; quantity: number }) => [b.batch, b.quantity])).toEqual([['LATE-40', 3]])
    // 3 × ₹30 from the first batch, 2 × ₹40 from the second: ₹170 for 5 units (₹34 each)
    const [line] = rowsOf<{ cost_paise: number; quantity: number }>(
      await db().execute(
        sql`select i.cost_paise, i.quantity from order_items i join orders o on o.id = i.order_id where o.order_number = ${sold.json().order_number}`,
      ),
    )
    expect(line).toEqual({ cost_paise: 17000, quantity: 5 })
    const taken = rowsOf<{ batch: string; n: number; cost: number }>(
      await db().execute(sql`
        select b.batch, -m.on_hand_change as n, m.cost_paise as cost from stock_batch_moves m join stock_ledger l on l.id = m.ledger_id
        join stock_batches b on b.id = m.batch_id join orders o on o.id = l.order_id
        where o.order_number = ${sold.json().order_number} order by m.id`),
    )
    expect(taken).toEqual([
      { batch: 'SOON-10', n: 3, cost: 3000 },
      { batch: 'LATE-40', n: 2, cost: 4000 },
    ])
    expect(await batchDrift(t)).toEqual([])

    // the margin report: what the line sold for less ₹170, for the day and the product
    const price = rowsOf<{ price_paise: number }>(
      await db().execute(sql`select i.price_paise from order_items i join orders o on o.id = i.order_id where o.order_number = ${sold.json().order_number}`),
    )[0].price_paise
    const today = inDays(0)
    const byProduct = (await admin('GET', `/s/api/admin/reports/margin?by=product&from=${today}&to=${today}`)).json()
    const productId = rowsOf<{ product_id: number }>(await db().execute(sql`select product_id from packs where id = ${packId}`))[0].product_id
    const row = byProduct.rows.find((x: { key: string }) => x.key === String(productId))
    expect(row).toMatchObject({ units: 5, revenue: (price * 5) / 100, cost: 170, margin: (price * 5 - 17000) / 100, revenue_without_cost: 0 })
    const register = (await admin('GET', `/s/api/admin/reports/purchase-register?from=${today}&to=${today}`)).json()
    expect(register.rows.find((x: { supplier_id: number }) => x.supplier_id === supplier.id)).toMatchObject({ gst_rate: 0, bills: 1, taxable: 290, igst: 0 })
    const value = (await admin('GET', '/s/api/admin/reports/stock-value')).json()
    expect(value.rows.find((x: { warehouse_id: number }) => x.warehouse_id === house).value).toBeGreaterThanOrEqual(3 * 40)
  })

  it('writes off an expired batch (ledger reason expired) and lists near-expiry batches', async () => {
    const supplier = (await admin('POST', '/s/api/admin/suppliers', { name: 'Old Stock Co' })).json()
    const bill = await admin('POST', '/s/api/admin/purchases', {
      supplier_id: supplier.id,
      warehouse_id: house,
      lines: [{ pack_id: packId, quantity: 4, cost_price: 10, batch: 'GONE-1', expiry: inDays(-2) }],
    })
    expect(bill.statusCode, bill.body).toBe(201)
    const near = await admin('GET', `/s/api/admin/stock/near-expiry?days=7&warehouse_id=${house}`)
    expect(near.statusCode, near.body).toBe(200)
    const row = near.json().data.find((b: { batch: string }) => b.batch === 'GONE-1')
    expect(row).toMatchObject({ expired: true, quantity: 4, days_left: -2, pack_id: packId })
    expect((await admin('GET', '/s/api/admin/stock/near-expiry?days=9')).statusCode).toBe(422)
    const off = await admin('POST', `/s/api/admin/stock/batches/${row.id}/write-off`, {})
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json()).toMatchObject({ written_off: 4 })
    const [ledger] = rowsOf<{ reason: string; on_hand_change: number }>(
      await db().execute(sql`select reason, on_hand_change from stock_ledger where pack_id = ${packId} order by id desc limit 1`),
    )
    expect(ledger).toEqual({ reason: 'expired', on_hand_change: -4 })
    expect((await admin('POST', `/s/api/admin/stock/batches/${row.id}/write-off`, {})).statusCode).toBe(422)
    expect(await batchDrift(t)).toEqual([])
  })
})
