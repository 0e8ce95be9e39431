import { sql } from 'drizzle-orm'
import { Window } from 'happy-dom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, type TestApp } from '../../test/app'
import { websiteOf } from '../../test/shopper'
import { type Cast, cast, staffCall } from '../../test/staff'

/**
 * GSTR-3B's input tax credit and Tally's purchase vouchers from bills received through POST /api/admin/purchases
 * (issue 34 on issue 33's purchases), against figures worked by hand. The demo shop is registered in Karnataka.
 */

const DAY = '2026-04-10'
type Tax = { taxable: number; igst: number; cgst: number; sgst: number; cess: number }

describe.each(drivers)('input tax credit and purchase vouchers (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let house: number
  let packId: number
  const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) => staffCall(t, who.admin, method, url, payload)

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
    const site = (await websiteOf(t, MAIN)).id
    house = rowsOf<{ id: number }>(await t.app.deps.db.execute(sql`select id from warehouses where website_id = ${site} order by id limit 1`))[0].id
    packId = rowsOf<{ id: number }>(await t.app.deps.db.execute(sql`select id from packs where website_id = ${site} order by id limit 1`))[0].id
  })
  afterAll(() => t.close())

  const itc = async () => {
    const res = await admin('GET', '/s/api/admin/gst/gstr3b?period=2026-04')
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { itc: Tax; itc_bills: (Tax & { bill_number: string; counted: boolean })[] }
  }
  async function bill(supplier: object, billNumber: string, line: { quantity: number; cost_price: number; gst_rate: number }) {
    const made = await admin('POST', '/s/api/admin/suppliers', supplier)
    expect(made.statusCode, made.body).toBe(201)
    const res = await admin('POST', '/s/api/admin/purchases', {
      supplier_id: made.json().id,
      warehouse_id: house,
      bill_number: billNumber,
      bill_date: DAY,
      lines: [{ pack_id: packId, ...line, batch: `ITC-${billNumber}`, expiry: null }],
    })
    expect(res.statusCode, res.body).toBe(201)
  }

  it('4(A)(5) adds the GST of the month’s bills from registered suppliers (CGST + SGST within the state, IGST across); an unregistered supplier’s is listed, not counted', async () => {
    const before = await itc()
    // 10 × ₹42.50 at 5 %: taxable 425.00, tax 21.25 → CGST 10.63 + SGST 10.62 (the bill's half rounded up)
    await bill({ name: 'Sri Balaji Traders', gstin: '29AACCS5678M1ZJ' }, 'SBT-1', { quantity: 10, cost_price: 42.5, gst_rate: 5 })
    // 4 × ₹100 at 18 % from Maharashtra: taxable 400, IGST 72
    await bill({ name: 'Hotel Supplies Mumbai', gstin: '27AABCH1234K1ZR' }, 'HSM-1', { quantity: 4, cost_price: 100, gst_rate: 18 })
    // 2 × ₹50 at 12 % from a supplier without a GSTIN: taxable 100, tax 12, no credit
    await bill({ name: 'Local Farm', state: 'Karnataka' }, 'LF-1', { quantity: 2, cost_price: 50, gst_rate: 12 })
    const after = await itc()
    const delta = (k: keyof Tax) => Math.round((after.itc[k] - before.itc[k]) * 100) / 100
    expect({ taxable: delta('taxable'), igst: delta('igst'), cgst: delta('cgst'), sgst: delta('sgst'), cess: delta('cess') }).toEqual({
      taxable: 825,
      igst: 72,
      cgst: 10.63,
      sgst: 10.62,
      cess: 0,
    })
    const mine = after.itc_bills.filter((b) => ['SBT-1', 'HSM-1', 'LF-1'].includes(b.bill_number))
    expect(mine.map((b) => [b.bill_number, b.counted, b.cgst, b.sgst, b.igst])).toEqual([
      ['SBT-1', true, 10.63, 10.62, 0],
      ['HSM-1', true, 0, 0, 72],
      ['LF-1', false, 6, 6, 0],
    ])
  })

  it('a debit note (goods returned to a registered supplier) takes its GST off the input tax credit of the month it is made in, and is listed', async () => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
    const period = today.slice(0, 7)
    const month = async () => {
      const res = await admin('GET', `/s/api/admin/gst/gstr3b?period=${period}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { itc: Tax; itc_bills: (Tax & { kind: string; bill_number: string; counted: boolean })[] }
    }
    const made = await admin('POST', '/s/api/admin/suppliers', { name: 'Return Traders', gstin: '29AACCS5678M1ZJ' })
    expect(made.statusCode, made.body).toBe(201)
    // 10 × ₹20 at 12 %: taxable 200, CGST 12 + SGST 12
    const got = await admin('POST', '/s/api/admin/purchases', {
      supplier_id: made.json().id,
      warehouse_id: house,
      bill_number: 'RT-1',
      bill_date: today,
      lines: [{ pack_id: packId, quantity: 10, cost_price: 20, gst_rate: 12, batch: 'ITC-RT-1', expiry: null }],
    })
    expect(got.statusCode, got.body).toBe(201)
    const before = await month()
    const batchId = rowsOf<{ batch_id: number }>(await t.app.deps.db.execute(sql`select batch_id from purchase_lines where purchase_id = ${got.json().id}`))[0]
      .batch_id
    // 3 of them back: taxable 60, CGST 3.60 + SGST 3.60
    const note = await admin('POST', '/s/api/admin/debit-notes', {
      supplier_id: made.json().id,
      reason: 'Damaged',
      lines: [{ batch_id: batchId, quantity: 3 }],
    })
    expect(note.statusCode, note.body).toBe(201)
    const after = await month()
    const delta = (k: keyof Tax) => Math.round((after.itc[k] - before.itc[k]) * 100) / 100
    expect({ taxable: delta('taxable'), igst: delta('igst'), cgst: delta('cgst'), sgst: delta('sgst') }).toEqual({
      taxable: -60,
      igst: 0,
      cgst: -3.6,
      sgst: -3.6,
    })
    expect(after.itc_bills.find((b) => b.bill_number === note.json().number)).toMatchObject({
      kind: 'debit_note',
      counted: true,
      taxable: -60,
      cgst: -3.6,
      sgst: -3.6,
    })
  })

  it('the Tally export of the day has a balancing Purchase voucher per bill, the supplier credited with its total', async () => {
    const res = await admin('GET', `/s/api/admin/exports/tally.xml?from=${DAY}&to=${DAY}`)
    expect(res.statusCode, res.body).toBe(200)
    const doc = new new Window().DOMParser().parseFromString(res.body, 'application/xml')
    expect(doc.getElementsByTagName('parsererror').length).toBe(0)
    const text = (el: { getElementsByTagName: (tag: string) => ArrayLike<{ textContent: string | null }> }, tag: string) =>
      el.getElementsByTagName(tag)[0]?.textContent ?? ''
    const bought = [...doc.getElementsByTagName('VOUCHER')].filter((v) => v.getAttribute('VCHTYPE') === 'Purchase')
    const byRef = Object.fromEntries(
      bought.map((v) => [
        text(v, 'REFERENCE'),
        Object.fromEntries([...v.getElementsByTagName('ALLLEDGERENTRIES.LIST')].map((e) => [text(e, 'LEDGERNAME'), text(e, 'AMOUNT')])),
      ]),
    )
    expect(byRef['SBT-1']).toEqual({ 'Sri Balaji Traders': '446.25', Purchases: '-425.00', 'Input CGST': '-10.63', 'Input SGST': '-10.62' })
    expect(byRef['HSM-1']).toEqual({ 'Hotel Supplies Mumbai': '472.00', Purchases: '-400.00', 'Input IGST': '-72.00' })
    for (const v of bought) {
      const amounts = [...v.getElementsByTagName('ALLLEDGERENTRIES.LIST')].map((e) => Math.round(Number(text(e, 'AMOUNT')) * 100))
      expect(
        amounts.reduce((a, b) => a + b, 0),
        text(v, 'REFERENCE'),
      ).toBe(0)
    }
    const creditors = [...doc.getElementsByTagName('LEDGER')].filter((l) => text(l, 'PARENT') === 'Sundry Creditors').map((l) => l.getAttribute('NAME'))
    expect(creditors).toEqual(expect.arrayContaining(['Sri Balaji Traders', 'Hotel Supplies Mumbai', 'Local Farm']))
  })
})
