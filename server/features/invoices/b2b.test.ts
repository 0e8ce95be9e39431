import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { TaxDocumentContent } from '../../../common/contracts/invoices'
import { rowsOf } from '../../db/client'
import { type Driver, drivers } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

/** B2B sales (issue 34): the buyer's GSTIN at checkout, checked; its state the place of supply; the documents name it. */

const MAHARASHTRA_HOTEL = '27AABCH1234K1ZR'
const KARNATAKA_CAFE = '29AACCS5678M1ZJ'

describe.each(drivers)('B2B invoices (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const docsOf = async (orderId: number) =>
    rowsOf<{ kind: string; content: TaxDocumentContent }>(
      await h.db().execute(sql`select kind, content from tax_documents where order_id = ${orderId} order by id`),
    )

  async function b2bOrder(extra: object) {
    const k = h.k()
    const s = await k.shopperWithCart(k.sellable().slice(0, 2), 1)
    return { s, ...(await k.place(s, 'cod', extra)) }
  }

  it('a wrong GSTIN or a missing name answers 422 on its own field, and no order is placed', async () => {
    const k = h.k()
    const s = await k.shopperWithCart([k.sellable()[0]], 1)
    const cases: [object, string, RegExp][] = [
      [{ buyer_gstin: '27AABCH1234K1ZA', buyer_name: 'Hotel Sagar' }, 'buyer_gstin', /check character/],
      [{ buyer_gstin: '99AABCH1234K1ZR', buyer_name: 'Hotel Sagar' }, 'buyer_gstin', /not a GST state code/],
      [{ buyer_gstin: '27AABCH1234', buyer_name: 'Hotel Sagar' }, 'buyer_gstin', /15 characters/],
      [{ buyer_gstin: MAHARASHTRA_HOTEL }, 'buyer_name', /legal name/],
      [{ buyer_name: 'Hotel Sagar' }, 'buyer_gstin', /GSTIN/],
    ]
    for (const [extra, field, message] of cases) {
      const { res } = await k.place(s, 'cod', extra)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().errors[field], JSON.stringify(extra)).toMatch(message)
    }
    const [{ n }] = rowsOf<{ n: string | number }>(await h.db().execute(sql`select count(*) as n from orders where user_id = ${s.userId}`))
    expect(Number(n)).toBe(0)
  })

  it('a buyer registered in another state: IGST, place of supply its state, the invoice and PDF name its GSTIN; saved for next time', async () => {
    const { s, res, order } = await b2bOrder({ buyer_gstin: ` ${MAHARASHTRA_HOTEL.toLowerCase()} `, buyer_name: 'Hotel Sagar Pvt Ltd', save_buyer: true })
    expect(res.statusCode, res.body).toBe(200)
    const [inv] = await docsOf(order.order_id)
    const c = inv.content
    expect(c.recipient).toMatchObject({ name: 'Hotel Sagar Pvt Ltd', gstin: MAHARASHTRA_HOTEL, state: 'Maharashtra', stateCode: '27' })
    expect(c.placeOfSupply).toEqual({ state: 'Maharashtra', stateCode: '27' })
    expect(c.interState).toBe(true)
    expect(c.totals.cgstPaise + c.totals.sgstPaise).toBe(0)
    expect(c.totals.igstPaise).toBeGreaterThan(0)
    const k = h.k()
    const pdf = await k.t.call({ method: 'GET', url: `/s/api/orders/${order.order_id}/invoice.pdf`, session: s })
    expect(pdf.statusCode).toBe(200)
    const { PDFDocument } = await import('pdf-lib')
    expect((await PDFDocument.load(pdf.rawPayload)).getSubject()).toContain(`GSTIN ${MAHARASHTRA_HOTEL}`)
    const saved = await k.call(s, 'GET', '/checkout/buyer')
    expect(saved.json()).toEqual({ gstin: MAHARASHTRA_HOTEL, name: 'Hotel Sagar Pvt Ltd' })
    // the month's GSTR-1 lists it under b2b, for staff only
    const period = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7)
    const admin = await signIn(k.t, '9876500001')
    const g = await staffCall(k.t, admin, 'GET', `/s/api/admin/gst/gstr1.json?period=${period}`)
    expect(g.statusCode, g.body).toBe(200)
    expect(g.headers['content-disposition']).toMatch(/GSTR1_29AAKCK4821M1Z0_\d{6}\.json/)
    const hotel = g.json().b2b.find((b: { ctin: string }) => b.ctin === MAHARASHTRA_HOTEL)
    expect(hotel.inv).toContainEqual(
      expect.objectContaining({ inum: (await docsOf(order.order_id))[0].content.number, pos: '27', val: c.totals.totalPaise / 100 }),
    )
    const csv = await staffCall(k.t, admin, 'GET', `/s/api/admin/gst/gstr1.csv?period=${period}&section=b2b`)
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain(`${MAHARASHTRA_HOTEL},Hotel Sagar Pvt Ltd,${c.number}`)
    expect((await staffCall(k.t, admin, 'GET', '/s/api/admin/gst/gstr1.json?period=2026-13')).statusCode).toBe(422)
    // the day's Tally export books the sale to the buyer's own ledger, with the ledger names staff set
    const ledgers = (await staffCall(k.t, admin, 'GET', '/s/api/admin/exports/tally-ledgers')).json()
    expect(ledgers.sales).toBe('Sales')
    const put = await staffCall(k.t, admin, 'PUT', '/s/api/admin/exports/tally-ledgers', { ...ledgers, igst: 'IGST Payable' })
    expect(put.statusCode, put.body).toBe(200)
    const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
    const xml = await staffCall(k.t, admin, 'GET', `/s/api/admin/exports/tally.xml?from=${day}&to=${day}`)
    expect(xml.statusCode, xml.body).toBe(200)
    expect(xml.headers['content-type']).toMatch(/^application\/xml/)
    expect(xml.body).toContain(`<VOUCHERNUMBER>${c.number}</VOUCHERNUMBER>`)
    expect(xml.body).toContain('<PARTYLEDGERNAME>Hotel Sagar Pvt Ltd</PARTYLEDGERNAME>')
    expect(xml.body).toContain('<LEDGERNAME>IGST Payable</LEDGERNAME>')
    expect((await k.t.call({ method: 'GET', url: `/s/api/admin/gst/gstr1.json?period=${period}`, session: s })).statusCode).toBe(403)
  })

  it('a buyer registered in the shop’s state: CGST + SGST; not saved unless asked; a cancellation’s credit note names the buyer', async () => {
    const { s, res, order } = await b2bOrder({ buyer_gstin: KARNATAKA_CAFE, buyer_name: 'Cafe Sunrise LLP' })
    expect(res.statusCode, res.body).toBe(200)
    const [inv] = await docsOf(order.order_id)
    expect(inv.content.interState).toBe(false)
    expect(inv.content.recipient.gstin).toBe(KARNATAKA_CAFE)
    expect(inv.content.totals.igstPaise).toBe(0)
    const k = h.k()
    expect((await k.call(s, 'GET', '/checkout/buyer')).json()).toEqual({ gstin: null, name: null })
    const admin = await signIn(k.t, '9876500001')
    const cancel = await staffCall(k.t, admin, 'POST', `/s/api/admin/orders/${order.order_id}/status`, { status: 'cancelled', note: 'Closed today' })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const [, note] = await docsOf(order.order_id)
    expect(note.kind).toBe('credit_note')
    expect(note.content.recipient).toMatchObject({ name: 'Cafe Sunrise LLP', gstin: KARNATAKA_CAFE })
  })

  it('the same key with and without a GSTIN is a different request (409/422), not the first order answered again', async () => {
    const k = h.k()
    const s = await k.shopperWithCart([k.sellable()[0]], 1)
    const first = await k.place(s, 'cod', { idempotency_key: 'b2bkey0001' })
    expect(first.res.statusCode).toBe(200)
    const again = await k.place(s, 'cod', { idempotency_key: 'b2bkey0001', buyer_gstin: KARNATAKA_CAFE, buyer_name: 'Cafe Sunrise LLP' })
    expect(again.res.statusCode).toBe(422)
  })
})
