import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { TaxDocumentContent } from '../../../common/contracts/invoices'
import { rowsOf } from '../../db/client'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { newShopper, signIn } from '../../test/shopper'
import { auditOf, staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

interface DocRow {
  id: number
  kind: string
  number: string
  seq: number
  total_paise: number
  tax_paise: number
  content: TaxDocumentContent
}

describe.each(drivers)('GST invoices and credit notes (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  const docsOf = (orderId: number) => rows<DocRow>(sql`select * from tax_documents where order_id = ${orderId} order by id`)
  const admin = () => signIn(h.k().t, '9876500001')
  async function codOrder(units = 2) {
    const k = h.k()
    const [a, b] = k.sellable()
    const s = await k.shopperWithCart([a, b], units)
    const { order } = await k.place(s, 'cod')
    return { s, order }
  }

  it('a confirmed order gets a tax invoice: numbered in the website’s series, CGST + SGST within Karnataka, the total what the shopper pays', async () => {
    const { order } = await codOrder(2)
    const [inv, ...rest] = await docsOf(order.order_id)
    expect(rest).toEqual([])
    expect(inv.kind).toBe('invoice')
    expect(inv.number).toMatch(/^KF\/\d{4}\/\d{5}$/)
    const [o] = await rows<{ total_paise: number }>(sql`select total_paise from orders where id = ${order.order_id}`)
    expect(inv.total_paise).toBe(o.total_paise)
    const c = inv.content
    expect(c.supplier).toMatchObject({ gstin: '29AAKCK4821M1Z0', state: 'Karnataka', stateCode: '29' })
    expect(c.placeOfSupply).toEqual({ state: 'Karnataka', stateCode: '29' })
    expect(c.interState).toBe(false)
    expect(c.lines.every((l) => l.code.length >= 4 && l.cgstPaise === l.sgstPaise && l.igstPaise === 0)).toBe(true)
    expect(c.lines.reduce((a, l) => a + l.valuePaise, 0)).toBe(o.total_paise)
    expect(c.amountInWords).toMatch(/^Indian Rupees .* Only$/)
  })

  it('the PDF: the shopper and staff download it, anyone else gets 404', async () => {
    const k = h.k()
    const { s, order } = await codOrder(1)
    const url = `/s/api/orders/${order.order_id}/invoice.pdf`
    const mine = await k.t.call({ method: 'GET', url, session: s })
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-type']).toBe('application/pdf')
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(mine.headers['cache-control']).toMatch(/no-store/)
    expect((await k.t.call({ method: 'GET', url, session: await admin() })).statusCode).toBe(200)
    expect((await k.t.call({ method: 'GET', url, session: await newShopper(k.t) })).statusCode).toBe(404)
    expect((await k.t.call({ method: 'GET', url, session: await signIn(k.t, '9876500001', SHOP2), origin: SHOP2 })).statusCode).toBe(404)
    expect((await k.t.call({ method: 'GET', url, session: await k.t.visitor() })).statusCode).toBe(401)
    const list = await k.t.call({ method: 'GET', url: `/s/api/orders/${order.order_id}/tax-documents`, session: s })
    expect(list.json().data).toEqual([expect.objectContaining({ kind: 'invoice', url })])
  })

  it('an unpaid online order has no invoice until it is paid', async () => {
    const k = h.k()
    const s = await k.shopperWithCart([k.sellable()[0]], 1)
    const { order } = await k.place(s, 'razorpay')
    expect(await docsOf(order.order_id)).toEqual([])
    expect((await k.t.call({ method: 'GET', url: `/s/api/orders/${order.order_id}/invoice.pdf`, session: s })).statusCode).toBe(404)
  })

  it('a refund issues a credit note against the invoice; the cancellation credits the rest; numbers run in their own series', async () => {
    const k = h.k()
    const { s, order } = await codOrder(2)
    const a = await admin()
    // cash on delivery: delivered (paid), then a line refunded in cash
    for (const status of ['packed', 'out_for_delivery', 'delivered'])
      expect((await staffCall(k.t, a, 'POST', `/s/api/admin/orders/${order.order_id}/status`, { status })).statusCode).toBe(200)
    const detail = (await staffCall(k.t, a, 'GET', `/s/api/admin/orders/${order.order_id}`)).json()
    const item = detail.lines[0]
    const refund = await staffCall(k.t, a, 'POST', `/s/api/admin/orders/${order.order_id}/refunds`, {
      lines: [{ id: item.id, quantity: 1 }],
      reason: 'Damaged pack',
    })
    expect(refund.statusCode, refund.body).toBe(200)
    const [inv, note] = await docsOf(order.order_id)
    expect(note.kind).toBe('credit_note')
    expect(note.number).toMatch(/^KFCN\/\d{4}\/\d{5}$/)
    expect(note.content.against).toEqual({ number: inv.number, issuedAt: inv.content.issuedAt })
    expect(note.content.lines.map((l) => l.itemId)).toEqual([item.id])
    // the shopper's credit note says why in their words, never the staff's note
    expect(note.content.reason).toBe('Refund for 1 item')
    expect(JSON.stringify(note.content)).not.toContain('Damaged pack')
    const [r] = await rows<{ amount_paise: number }>(sql`select amount_paise from payment_refunds where order_id = ${order.order_id}`)
    expect(note.total_paise).toBe(r.amount_paise)
    const pdf = await k.t.call({ method: 'GET', url: `/s/api/orders/${order.order_id}/credit-notes/${note.id}`, session: s })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
  })

  it('staff cancel a confirmed order: a credit note for the whole invoice', async () => {
    const k = h.k()
    const { order } = await codOrder(1)
    const res = await staffCall(k.t, await admin(), 'POST', `/s/api/admin/orders/${order.order_id}/status`, { status: 'cancelled', note: 'Out of stock' })
    expect(res.statusCode, res.body).toBe(200)
    const [inv, note] = await docsOf(order.order_id)
    expect(note).toMatchObject({ kind: 'credit_note', total_paise: inv.total_paise, tax_paise: inv.tax_paise })
    expect(note.content.reason).toBe('Order cancelled')
  })

  it('cash on delivery: lines cut before packing get a credit note, so invoice less credit is the cash to collect', async () => {
    const k = h.k()
    const { order } = await codOrder(2)
    const a = await admin()
    const detail = (await staffCall(k.t, a, 'GET', `/s/api/admin/orders/${order.order_id}`)).json()
    const line = detail.lines[0]
    const res = await staffCall(k.t, a, 'POST', `/s/api/admin/orders/${order.order_id}/lines`, {
      lines: [{ id: line.id, quantity: 1 }],
      reason: 'Only one left',
    })
    expect(res.statusCode, res.body).toBe(200)
    const [inv, note] = await docsOf(order.order_id)
    expect(note).toMatchObject({ kind: 'credit_note' })
    expect(note.content.lines.map((l) => [l.itemId, l.quantity])).toEqual([[line.id, 1]])
    const [o] = await rows<{ total_paise: number }>(sql`select total_paise from orders where id = ${order.order_id}`)
    expect(inv.total_paise - note.total_paise).toBe(o.total_paise)
  })

  it('staff read and save the GST registration: 422 per field, GSTIN checked, audited', async () => {
    const k = h.k()
    const a = await admin()
    const got = await staffCall(k.t, a, 'GET', '/s/api/admin/tax-settings')
    expect(got.statusCode).toBe(200)
    const current = got.json()
    expect(current).toMatchObject({ configured: true, gstin: '29AAKCK4821M1Z0', state: 'Karnataka', invoice_prefix: 'KF' })
    const { configured: _, missing_invoices: __, ...body } = current
    const bad = await staffCall(k.t, a, 'PUT', '/s/api/admin/tax-settings', {
      ...body,
      gstin: '29AAKCK4821M1Z1',
      legal_name: '',
      invoice_prefix: 'TOOLONG',
      delivery_gst_rate: 7,
    })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['delivery_gst_rate', 'gstin', 'invoice_prefix', 'legal_name'])
    expect(bad.json().errors.gstin).toMatch(/check character/)
    const wrongState = await staffCall(k.t, a, 'PUT', '/s/api/admin/tax-settings', { ...body, state: 'Kerala' })
    expect(wrongState.json().errors.gstin).toMatch(/registered in Karnataka/)
    const saved = await staffCall(k.t, a, 'PUT', '/s/api/admin/tax-settings', { ...body, trade_name: 'Kirana Fresh Indiranagar', gstin: '29aakck4821m1z0' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ trade_name: 'Kirana Fresh Indiranagar', gstin: '29AAKCK4821M1Z0', version: body.version + 1 })
    const [audit] = await auditOf(k.t, saved)
    expect(audit).toMatchObject({ action: 'tax_settings.update', entity: 'tax_settings' })
    const stale = await staffCall(k.t, a, 'PUT', '/s/api/admin/tax-settings', body)
    expect(stale.statusCode).toBe(409)
    expect((await staffCall(k.t, await signIn(k.t, '9876500003'), 'GET', '/s/api/admin/tax-settings')).statusCode).toBe(403)
  })

  it('the GST report of a period: documents, tax by place of supply and rate, HSN summary, as JSON and CSV', async () => {
    const k = h.k()
    const a = await admin()
    await codOrder(1)
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
    const res = await staffCall(k.t, a, 'GET', `/s/api/admin/gst-report?from=${today}&to=${today}`)
    expect(res.statusCode, res.body).toBe(200)
    const r = res.json()
    expect(r.documents.length).toBeGreaterThan(0)
    const signed = (pick: (d: { taxable: number; kind: string }) => number) =>
      Math.round(r.documents.reduce((s: number, d: { taxable: number; kind: string }) => s + (d.kind === 'credit_note' ? -1 : 1) * pick(d), 0) * 100)
    const sum = (rows: { taxable: number }[]) => Math.round(rows.reduce((s, x) => s + x.taxable * 100, 0))
    expect(sum(r.rates)).toBe(signed((d) => d.taxable))
    expect(sum(r.hsn)).toBe(signed((d) => d.taxable))
    expect(r.rates.every((x: { place_of_supply: string; cgst: number; sgst: number }) => x.place_of_supply === 'Karnataka' && x.cgst === x.sgst)).toBe(true)
    const csv = await staffCall(k.t, a, 'GET', `/s/api/admin/gst-report.csv?from=${today}&to=${today}&section=hsn`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('HSN/SAC,UQC,Total quantity,Rate %,Total value,Taxable value,IGST,CGST,SGST,Cess')
    const bad = await staffCall(k.t, a, 'GET', `/s/api/admin/gst-report?from=${today}&to=2001-01-01`)
    expect(bad.statusCode).toBe(422)
    expect((await staffCall(k.t, await signIn(k.t, '9876500003'), 'GET', `/s/api/admin/gst-report?from=${today}&to=${today}`)).statusCode).toBe(403)
  })
})
