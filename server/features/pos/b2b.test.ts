import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { TaxDocumentContent } from '../../../common/contracts/invoices'
import { rowsOf } from '../../db/client'
import { type Driver, drivers } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

/** B2B at the counter (issue 34): the buyer's GSTIN checked as at checkout; its state the place of supply; the receipt, invoice and GSTR-1 name it. */

const MAHARASHTRA_HOTEL = '27AABCH1234K1ZR'
const KARNATAKA_CAFE = '29AACCS5678M1ZJ'

describe.each(drivers)('B2B sales at the counter (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const admin = () => signIn(h.k().t, '9876500001')
  const call = async (method: 'GET' | 'POST', url: string, body?: object) => staffCall(h.k().t, await admin(), method, `/s/api${url}`, body)
  async function ready() {
    const current = (await call('GET', '/pos/shifts/current')).json()
    if (!current.shift) expect((await call('POST', '/pos/shifts', { opening_cash: 1000 })).statusCode).toBe(201)
    const register = (await call('GET', '/pos/shifts/current')).json().register as { warehouse_id: number }
    const [a, b] = h.k().sellable()
    await h.k().setStock(a.pack_id, register.warehouse_id, 50)
    await h.k().setStock(b.pack_id, register.warehouse_id, 50)
    return { a, b }
  }
  const sale = async (extra: object, clientId = randomUUID()) => {
    const { a, b } = await ready()
    const res = await call('POST', '/pos/sales', {
      client_id: clientId,
      lines: [
        { pack_id: a.pack_id, quantity: 2 },
        { pack_id: b.pack_id, quantity: 1 },
      ],
      payments: [{ method: 'cash', amount: a.price * 2 + b.price }],
      ...extra,
    })
    return { res, clientId }
  }
  const invoiceOf = async (orderNumber: string) => {
    const [row] = rowsOf<{ number: string; content: TaxDocumentContent }>(
      await h
        .db()
        .execute(
          sql`select number, content from tax_documents where kind = 'invoice' and order_id = (select id from orders where order_number = ${orderNumber})`,
        ),
    )
    return row
  }

  it('a wrong GSTIN or a missing name answers 422 on its own field, and no sale is recorded', async () => {
    const cases: [object, string, RegExp][] = [
      [{ buyer_gstin: '27AABCH1234K1ZA', buyer_name: 'Hotel Sagar' }, 'buyer_gstin', /check character/],
      [{ buyer_gstin: '99AABCH1234K1ZR', buyer_name: 'Hotel Sagar' }, 'buyer_gstin', /not a GST state code/],
      [{ buyer_gstin: '27AABCH1234', buyer_name: 'Hotel Sagar' }, 'buyer_gstin', /15 characters/],
      [{ buyer_gstin: MAHARASHTRA_HOTEL }, 'buyer_name', /legal name/],
      [{ buyer_name: 'Hotel Sagar' }, 'buyer_gstin', /GSTIN/],
    ]
    for (const [extra, field, message] of cases) {
      const { res, clientId } = await sale(extra)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().errors[field], JSON.stringify(extra)).toMatch(message)
      const [{ n }] = rowsOf<{ n: string | number }>(await h.db().execute(sql`select count(*) as n from pos_sales where client_id = ${clientId}`))
      expect(Number(n)).toBe(0)
    }
  })

  it('a buyer registered in another state: IGST, place of supply its state; the receipt, invoice, GSTR-1 (b2b) and Tally name it', async () => {
    const { res } = await sale({ buyer_gstin: ` ${MAHARASHTRA_HOTEL.toLowerCase()} `, buyer_name: 'Hotel Sagar Pvt Ltd' })
    expect(res.statusCode, res.body).toBe(201)
    const number = res.json().order_number as string
    const inv = await invoiceOf(number)
    expect(inv.content.recipient).toMatchObject({ name: 'Hotel Sagar Pvt Ltd', gstin: MAHARASHTRA_HOTEL, state: 'Maharashtra', stateCode: '27' })
    expect(inv.content.placeOfSupply).toEqual({ state: 'Maharashtra', stateCode: '27' })
    expect(inv.content.interState).toBe(true)
    expect(inv.content.totals.cgstPaise + inv.content.totals.sgstPaise).toBe(0)
    expect(inv.content.totals.igstPaise).toBeGreaterThan(0)

    const receipt = (await call('GET', `/pos/sales/${number}`)).json()
    expect(receipt.tax).toMatchObject({
      invoice_number: inv.number,
      place_of_supply: '27-Maharashtra',
      inter_state: true,
      buyer: { gstin: MAHARASHTRA_HOTEL, name: 'Hotel Sagar Pvt Ltd', state: 'Maharashtra' },
      totals: { cgst: 0, sgst: 0, igst: inv.content.totals.igstPaise / 100 },
    })
    for (const r of receipt.tax.rates) expect([r.cgst, r.sgst, r.igst > 0 || r.rate === 0]).toEqual([0, 0, true])

    const period = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7)
    const gstr1 = (await call('GET', `/admin/gst/gstr1.json?period=${period}`)).json()
    const party = gstr1.b2b.find((p: { ctin: string }) => p.ctin === MAHARASHTRA_HOTEL)
    const listed = party?.inv.find((i: { inum: string }) => i.inum === inv.number)
    expect(listed).toMatchObject({ pos: '27', val: inv.content.totals.totalPaise / 100 })
    const igst = listed.itms.reduce((s: number, i: { itm_det: { iamt: number } }) => s + Math.round(i.itm_det.iamt * 100), 0)
    expect(igst).toBe(inv.content.totals.igstPaise)

    const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
    const xml = (await call('GET', `/admin/exports/tally.xml?from=${day}&to=${day}`)).body
    expect(xml).toContain(`<VOUCHERNUMBER>${inv.number}</VOUCHERNUMBER>`)
    expect(xml).toContain(`<PARTYLEDGERNAME>Hotel Sagar Pvt Ltd</PARTYLEDGERNAME><PARTYGSTIN>${MAHARASHTRA_HOTEL}</PARTYGSTIN>`)
  })

  it('a buyer registered in the shop’s state: CGST + SGST, the buyer on the invoice; a plain sale stays B2C', async () => {
    const { res } = await sale({ buyer_gstin: KARNATAKA_CAFE, buyer_name: 'Cafe Sunrise' })
    expect(res.statusCode, res.body).toBe(201)
    const inv = await invoiceOf(res.json().order_number)
    expect(inv.content.recipient).toMatchObject({ name: 'Cafe Sunrise', gstin: KARNATAKA_CAFE, stateCode: '29' })
    expect(inv.content.interState).toBe(false)
    expect(inv.content.totals.igstPaise).toBe(0)
    expect(inv.content.totals.cgstPaise).toBe(inv.content.totals.sgstPaise)
    expect(inv.content.totals.cgstPaise).toBeGreaterThan(0)

    const plain = await sale({ buyer_gstin: '', buyer_name: '' })
    expect(plain.res.statusCode, plain.res.body).toBe(201)
    const b2c = await invoiceOf(plain.res.json().order_number)
    expect(b2c.content.recipient.gstin).toBeNull()
    expect((await call('GET', `/pos/sales/${plain.res.json().order_number}`)).json().tax.buyer).toBeNull()
  })

  it('the same client_id with and without a GSTIN is a different sale (422), not the first answered again', async () => {
    const first = await sale({ buyer_gstin: KARNATAKA_CAFE, buyer_name: 'Cafe Sunrise' })
    expect(first.res.statusCode).toBe(201)
    const again = await sale({ buyer_gstin: KARNATAKA_CAFE, buyer_name: 'Cafe Sunrise' }, first.clientId)
    expect(again.res.statusCode).toBe(201)
    expect(again.res.json().order_number).toBe(first.res.json().order_number)
    const other = await sale({}, first.clientId)
    expect(other.res.statusCode).toBe(422)
    expect(other.res.json().errors.client_id).toMatch(/different sale/)
  })
})
