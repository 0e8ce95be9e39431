import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, type TestApp } from '../../test/app'
import { websiteOf } from '../../test/shopper'
import { auditOf, type Cast, cast, staffCall } from '../../test/staff'
import { batchDrift, ledgerDrift } from '../stock/test-kit'

const inDays = (n: number) => new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10)

describe.each(drivers)('purchase orders, debit notes and the supplier’s khata (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let site: number
  let house: number
  let packs: number[]
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => staffCall(t, who.admin, method, `/s/api${url}`, payload)
  const db = () => t.app.deps.db
  const onHand = async (packId: number) =>
    rowsOf<{ quantity: number }>(await db().execute(sql`select quantity from stock where pack_id = ${packId} and warehouse_id = ${house}`))[0]?.quantity ?? 0

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
    site = (await websiteOf(t, MAIN)).id
    house = rowsOf<{ id: number }>(await db().execute(sql`select id from warehouses where website_id = ${site} order by id limit 1`))[0].id
    packs = rowsOf<{ id: number }>(
      await db().execute(
        sql`select k.id from packs k join products p on p.id = k.product_id where k.website_id = ${site} and p.status = 'active' order by k.id desc limit 2`,
      ),
    ).map((r) => r.id)
  })
  afterAll(() => t.close())

  it('a purchase order goes draft → sent → part received → received; bills against it prefill from its lines and move its status', async () => {
    const supplier = (await admin('POST', '/admin/suppliers', { name: 'Order Traders', gstin: '29AAKCK4821M1Z0' })).json()
    const made = await admin('POST', '/admin/purchase-orders', {
      supplier_id: supplier.id,
      warehouse_id: house,
      note: 'Before the weekend',
      lines: [
        { pack_id: packs[0], quantity: 10, cost_price: 50, gst_rate: 5 },
        { pack_id: packs[1], quantity: 4, cost_price: 100 },
      ],
    })
    expect(made.statusCode, made.body).toBe(201)
    const po = made.json()
    expect(po).toMatchObject({ status: 'draft', number: expect.stringMatching(/^PO-\d{5}$/), total: 925, supplier_name: 'Order Traders' })
    expect(po.lines.map((l: { remaining: number }) => l.remaining)).toEqual([10, 4])
    expect((await auditOf(t, made))[0]).toMatchObject({ action: 'purchase_order.create' })

    // a draft is changed; a pack twice is refused per line; a draft is not received against
    const dup = await admin('PATCH', `/admin/purchase-orders/${po.id}`, {
      lines: [
        { pack_id: packs[0], quantity: 1, cost_price: 1 },
        { pack_id: packs[0], quantity: 2, cost_price: 1 },
      ],
    })
    expect(dup.statusCode).toBe(422)
    expect(dup.json().errors['lines.1.pack_id']).toMatch(/on the order already/)
    const bill = (lines: object[]) => admin('POST', '/admin/purchases', { supplier_id: supplier.id, warehouse_id: house, purchase_order_id: po.id, lines })
    const line = (i: number, quantity: number, batch: string) => ({
      pack_id: packs[i],
      quantity,
      cost_price: po.lines[i].cost_price,
      gst_rate: po.lines[i].gst_rate,
      batch,
      expiry: inDays(90),
    })
    const early = await bill([line(0, 1, 'X')])
    expect(early.statusCode).toBe(422)
    expect(early.json().errors.purchase_order_id).toMatch(/draft: send it/)

    const sent = await admin('POST', `/admin/purchase-orders/${po.id}/send`, {})
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().status).toBe('sent')
    expect((await admin('PATCH', `/admin/purchase-orders/${po.id}`, { note: 'x' })).statusCode).toBe(409)
    expect((await admin('POST', `/admin/purchase-orders/${po.id}/send`, {})).statusCode).toBe(409)

    // the first bill brings 6 of 10 and all 4: part received
    const before = await onHand(packs[0])
    const first = await bill([line(0, 6, 'PO-A'), line(1, 4, 'PO-B')])
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json().purchase_order_id).toBe(po.id)
    let now = (await admin('GET', `/admin/purchase-orders/${po.id}`)).json()
    expect(now.status).toBe('part_received')
    expect(now.lines.map((l: { received: number; remaining: number }) => [l.received, l.remaining])).toEqual([
      [6, 4],
      [4, 0],
    ])
    expect(await onHand(packs[0])).toBe(before + 6)
    // another supplier's bill cannot name it
    const other = (await admin('POST', '/admin/suppliers', { name: 'Other Traders' })).json()
    const wrong = await admin('POST', '/admin/purchases', {
      supplier_id: other.id,
      warehouse_id: house,
      purchase_order_id: po.id,
      lines: [line(0, 1, 'Y')],
    })
    expect(wrong.statusCode).toBe(422)
    // the rest: received, and nothing more is received against it; it cannot be cancelled now
    expect((await bill([line(0, 4, 'PO-C')])).statusCode).toBe(201)
    now = (await admin('GET', `/admin/purchase-orders/${po.id}`)).json()
    expect(now.status).toBe('received')
    expect((await bill([line(0, 1, 'PO-D')])).json().errors.purchase_order_id).toMatch(/received/)
    expect((await admin('POST', `/admin/purchase-orders/${po.id}/cancel`, {})).statusCode).toBe(409)
    const listed = (await admin('GET', `/admin/purchase-orders?supplier_id=${supplier.id}&status=received`)).json()
    expect(listed.data.map((o: { id: number }) => o.id)).toEqual([po.id])

    // another order is cancelled from sent
    const second = (
      await admin('POST', '/admin/purchase-orders', {
        supplier_id: supplier.id,
        warehouse_id: house,
        lines: [{ pack_id: packs[0], quantity: 1, cost_price: 5 }],
      })
    ).json()
    expect(second.number).not.toBe(po.number)
    await admin('POST', `/admin/purchase-orders/${second.id}/send`, {})
    expect((await admin('POST', `/admin/purchase-orders/${second.id}/cancel`, {})).json().status).toBe('cancelled')
    expect(await batchDrift(t)).toEqual([])
  })

  it('refuses a purchase order per field: another website’s supplier, warehouse or pack; an unknown order is 404', async () => {
    const bad = await admin('POST', '/admin/purchase-orders', {
      supplier_id: 999999,
      warehouse_id: 999999,
      lines: [{ pack_id: 999999, quantity: 0, cost_price: -1 }],
    })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['lines.0.quantity', 'lines.0.cost_price']))
    const unknown = await admin('POST', '/admin/purchase-orders', {
      supplier_id: 999999,
      warehouse_id: 999999,
      lines: [{ pack_id: 999999, quantity: 1, cost_price: 1 }],
    })
    expect(unknown.statusCode).toBe(422)
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['lines.0.pack_id', 'supplier_id', 'warehouse_id'])
    expect((await admin('GET', '/admin/purchase-orders/999999')).statusCode).toBe(404)
    expect((await admin('GET', '/admin/purchase-orders?status=lost')).statusCode).toBe(422)
  })

  it('a debit note returns units of a batch to its supplier: numbered DN-…, stock out through the ledger, the khata owes less', async () => {
    const supplier = (await admin('POST', '/admin/suppliers', { name: 'Return Foods', gstin: '29AAKCK4821M1Z0' })).json()
    const got = await admin('POST', '/admin/purchases', {
      supplier_id: supplier.id,
      warehouse_id: house,
      bill_number: 'RF-1',
      lines: [{ pack_id: packs[0], quantity: 10, cost_price: 20, gst_rate: 12, batch: 'RF-B1', expiry: inDays(5) }],
    })
    expect(got.statusCode, got.body).toBe(201)
    const batchId = rowsOf<{ batch_id: number }>(await db().execute(sql`select batch_id from purchase_lines where purchase_id = ${got.json().id}`))[0].batch_id
    const before = await onHand(packs[0])
    const note = await admin('POST', '/admin/debit-notes', {
      supplier_id: supplier.id,
      reason: 'Too close to expiry',
      lines: [{ batch_id: batchId, quantity: 3 }],
    })
    expect(note.statusCode, note.body).toBe(201)
    // 3 × ₹20 = ₹60, GST 12 % of the bill it came on: ₹7.20, CGST + SGST within Karnataka
    expect(note.json()).toMatchObject({ number: expect.stringMatching(/^DN-\d{5}$/), taxable: 60, cgst: 3.6, sgst: 3.6, igst: 0, total: 67.2 })
    expect(note.json().lines[0]).toMatchObject({ batch: 'RF-B1', quantity: 3, cost_price: 20, gst_rate: 12 })
    expect(await onHand(packs[0])).toBe(before - 3)
    const [ledger] = rowsOf<{ reason: string; on_hand_change: number }>(
      await db().execute(sql`select reason, on_hand_change from stock_ledger where pack_id = ${packs[0]} order by id desc limit 1`),
    )
    expect(ledger).toEqual({ reason: 'supplier_return', on_hand_change: -3 })
    const batches = (await admin('GET', `/admin/stock/batches?pack_id=${packs[0]}&warehouse_id=${house}`)).json().data
    expect(batches.find((b: { id: number }) => b.id === batchId).quantity).toBe(7)

    // more than the batch holds, another supplier's batch, an unknown batch: 422 per line, nothing moved
    const other = (await admin('POST', '/admin/suppliers', { name: 'Not Them' })).json()
    const tooMany = await admin('POST', '/admin/debit-notes', { supplier_id: supplier.id, reason: 'All of it', lines: [{ batch_id: batchId, quantity: 8 }] })
    expect(tooMany.statusCode).toBe(422)
    expect(tooMany.json().errors['lines.0.quantity']).toMatch(/has 7/)
    const notTheirs = await admin('POST', '/admin/debit-notes', { supplier_id: other.id, reason: 'Wrong', lines: [{ batch_id: batchId, quantity: 1 }] })
    expect(notTheirs.json().errors['lines.0.batch_id']).toMatch(/another supplier/)
    expect((await admin('POST', '/admin/debit-notes', { supplier_id: supplier.id, reason: 'x', lines: [] })).statusCode).toBe(422)
    expect(
      (await admin('POST', '/admin/debit-notes', { supplier_id: supplier.id, reason: 'Gone', lines: [{ batch_id: 999999, quantity: 1 }] })).json().errors[
        'lines.0.batch_id'
      ],
    ).toMatch(/No such batch/)
    expect(await onHand(packs[0])).toBe(before - 3)

    // the supplier's khata: the bill ₹224 owed, the note ₹67.20 back
    const khata = (await admin('GET', `/admin/suppliers/${supplier.id}/khata`)).json()
    expect(khata.balance).toBe(156.8)
    expect(khata.entries.map((e: { kind: string; amount: number; balance_after: number }) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['debit_note', -67.2, 156.8],
      ['purchase', 224, 224],
    ])
    expect(khata.entries[0].debit_note_number).toBe(note.json().number)
    expect(khata.entries[1].bill_number).toBe('RF-1')
    expect((await admin('GET', `/admin/debit-notes?supplier_id=${supplier.id}`)).json().data).toHaveLength(1)
    // the purchase register nets the note off the bill: ₹200 − ₹60 taxable, ₹24 − ₹7.20 GST
    const today = inDays(0)
    const register = (await admin('GET', `/admin/reports/purchase-register?from=${today}&to=${today}`)).json()
    expect(register.rows.find((r: { supplier_id: number }) => r.supplier_id === supplier.id)).toMatchObject({
      gst_rate: 12,
      bills: 1,
      taxable: 140,
      cgst: 8.4,
      sgst: 8.4,
      igst: 0,
    })
    expect(await batchDrift(t)).toEqual([])
    expect(await ledgerDrift(t)).toEqual({ rows: 0, products: 0 })
  })

  it('payments to the supplier are recorded on its khata, never more than is due', async () => {
    const supplier = (await admin('POST', '/admin/suppliers', { name: 'Paid Traders' })).json()
    const nothing = await admin('POST', `/admin/suppliers/${supplier.id}/payments`, { amount: 1, method: 'cash' })
    expect(nothing.statusCode).toBe(422)
    expect(nothing.json().errors.amount).toMatch(/Nothing is due/)
    await admin('POST', '/admin/purchases', {
      supplier_id: supplier.id,
      warehouse_id: house,
      lines: [{ pack_id: packs[1], quantity: 5, cost_price: 100, batch: 'PT-1', expiry: null }],
    })
    const paid = await admin('POST', `/admin/suppliers/${supplier.id}/payments`, { amount: 200, method: 'upi', reference: 'UTR 88123' })
    expect(paid.statusCode, paid.body).toBe(201)
    expect(paid.json().balance).toBe(300)
    expect(paid.json().entries[0]).toMatchObject({
      kind: 'payment',
      amount: -200,
      balance_after: 300,
      method: 'upi',
      reference: 'UTR 88123',
      paid_on: inDays(0),
    })
    expect((await auditOf(t, paid))[0]).toMatchObject({ action: 'supplier.payment' })
    const over = await admin('POST', `/admin/suppliers/${supplier.id}/payments`, { amount: 300.01, method: 'cash' })
    expect(over.json().errors.amount).toMatch(/Only ₹300 is due/)
    expect((await admin('POST', `/admin/suppliers/${supplier.id}/payments`, { amount: 10, method: 'gold' })).statusCode).toBe(422)
    expect((await admin('GET', '/admin/suppliers/999999/khata')).statusCode).toBe(404)
    const listed = (await admin('GET', '/admin/suppliers?q=Paid Traders')).json().data[0]
    expect(listed.balance_due).toBe(300)
    const [sum] = rowsOf<{ ok: boolean }>(
      await db().execute(
        sql`select s.balance_paise = (select sum(amount_paise) from supplier_entries e where e.supplier_id = s.id) as ok from suppliers s where s.id = ${supplier.id}`,
      ),
    )
    expect(sum.ok).toBe(true)
  })

  it('reads a supplier’s bill as CSV: lines by SKU or barcode, problems per row and column; the good lines are then received', async () => {
    // two packs, one named by its SKU and one by its barcode (given them when the demo pack has none)
    await db().execute(
      sql`update packs set sku = coalesce(sku, 'CSV-SKU-' || id), barcode = coalesce(barcode, 'CSV-BC-' || id) where id = any(${`{${packs.join(',')}}`}::int[])`,
    )
    const [a, bc] = rowsOf<{ id: number; sku: string; barcode: string }>(
      await db().execute(sql`select id, sku, barcode from packs where id = any(${`{${packs.join(',')}}`}::int[]) order by id`),
    )
    const barcode = bc.barcode
    const csv = [
      'Item Code,Barcode,Qty,Free,Rate,Disc,GST %,Batch No,Expiry,MRP',
      `${a.sku},,12,1,"1,000.00",0,5,CSV-A,03/2030,1200`,
      `,${barcode},6,0,45.50,,12,CSV-B,2030-01-15,`,
      'NO-SUCH-SKU,,0,,x,,7,,31/02/2026,',
    ].join('\n')
    const res = await admin('POST', '/admin/purchases/csv-preview', { warehouse_id: house, csv })
    expect(res.statusCode, res.body).toBe(200)
    const { lines, problems } = res.json()
    expect(problems).toBe(1)
    expect(lines[0]).toMatchObject({
      row: 2,
      pack_id: a.id,
      errors: {},
      line: { pack_id: a.id, quantity: 12, free_quantity: 1, cost_price: 1000, gst_rate: 5, batch: 'CSV-A', expiry: '2030-03-31', mrp: 1200 },
    })
    expect(lines[1]).toMatchObject({ row: 3, pack_id: bc.id, line: { quantity: 6, cost_price: 45.5, gst_rate: 12, expiry: '2030-01-15', mrp: null } })
    expect(lines[2].line).toBeNull()
    expect(Object.keys(lines[2].errors).sort()).toEqual(['batch', 'cost_price', 'expiry', 'gst_rate', 'quantity', 'sku'])
    expect(lines[2].errors.sku).toMatch(/NO-SUCH-SKU/)
    // a header without the needed columns, another website's warehouse
    const bare = await admin('POST', '/admin/purchases/csv-preview', { warehouse_id: house, csv: 'Name,Qty\nGhee,2' })
    expect(bare.statusCode).toBe(422)
    expect(bare.json().errors.csv).toMatch(/sku or barcode, cost_price, batch/)
    expect((await admin('POST', '/admin/purchases/csv-preview', { warehouse_id: 999999, csv })).statusCode).toBe(422)

    const supplier = (await admin('POST', '/admin/suppliers', { name: 'CSV Traders' })).json()
    const got = await admin('POST', '/admin/purchases', {
      supplier_id: supplier.id,
      warehouse_id: house,
      lines: lines.flatMap((l: { line: object | null }) => (l.line ? [l.line] : [])),
    })
    expect(got.statusCode, got.body).toBe(201)
    const batches = (await admin('GET', `/admin/stock/batches?pack_id=${a.id}&warehouse_id=${house}`)).json().data
    expect(batches.find((x: { batch: string }) => x.batch === 'CSV-A')).toMatchObject({ quantity: 13, expiry: '2030-03-31', mrp: 1200 })

    // its shelf labels: the barcode carries the pack's barcode; MRP the batch's, else the pack's; the price it sells at
    const priced = rowsOf<{ id: number; price_paise: number; mrp_paise: number }>(
      await db().execute(sql`select id, price_paise, mrp_paise from packs where id = any(${`{${packs.join(',')}}`}::int[]) order by id`),
    )
    const labels = await admin('GET', `/admin/purchases/${got.json().id}/labels`)
    expect(labels.statusCode, labels.body).toBe(200)
    expect(labels.json().data).toEqual([
      {
        pack_id: a.id,
        product_name: expect.any(String),
        pack_name: expect.any(String),
        mrp: 1200,
        price: priced[0].price_paise / 100,
        code: a.barcode,
        batch: 'CSV-A',
        expiry: '2030-03-31',
        units: 13,
      },
      {
        pack_id: bc.id,
        product_name: expect.any(String),
        pack_name: expect.any(String),
        mrp: priced[1].mrp_paise / 100,
        price: priced[1].price_paise / 100,
        code: bc.barcode,
        batch: 'CSV-B',
        expiry: '2030-01-15',
        units: 6,
      },
    ])
    expect((await admin('GET', '/admin/purchases/999999/labels')).statusCode).toBe(404)
  })
})
