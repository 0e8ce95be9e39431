import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { MOBILE, openPage } from './browser'
import { placeCodOrder, signInShopper } from './shop-flow'
import { shot, signedIn, STAFF_CODE, SUPERADMIN, staffSuite } from './staff-session'

const suite = staffSuite()
const GSTIN = '27AABCH1234K1ZR'
const NAME = 'Hotel Sagar Private Limited'

describe('B2B invoices and GSTR-1 (issue 34)', () => {
  it('a business buyer enters a GSTIN at checkout, downloads a B2B invoice showing it; the month’s GSTR-1 lists it under b2b', async () => {
    const { page } = await openPage(suite.browser, MOBILE)
    await signInShopper(page, suite.server.origin, '9876500003', STAFF_CODE)
    const number = await placeCodOrder(page, suite.server.origin, 1, async () => {
      await page.getByRole('checkbox', { name: /Buying for a business/ }).check()
      const gstin = page.getByRole('textbox', { name: 'GSTIN' })
      // a typing mistake is caught on the field before anything is sent
      await gstin.fill('27AABCH1234K1ZA')
      await gstin.blur()
      await page.getByText('This GSTIN’s check character is wrong: check it for a typing mistake').waitFor()
      await gstin.fill(GSTIN)
      await page.getByRole('textbox', { name: 'Legal name of the business' }).fill(NAME)
      await shot(page, 'checkout-business-buyer')
    })

    // the order's tax invoice names the buyer (cash on delivery: confirmed, so issued at once)
    const orders = await page.request.get(`${suite.server.origin}/s/api/orders`)
    const id = (await orders.json()).orders.find((o: { order_number: string }) => o.order_number === number)?.id
    assert.ok(id, `order ${number} is listed`)
    const docs = await (await page.request.get(`${suite.server.origin}/s/api/orders/${id}/tax-documents`)).json()
    const invoice = docs.data.find((d: { kind: string }) => d.kind === 'invoice')
    assert.ok(invoice, `order ${number} has its invoice`)
    const invoiceNumber = invoice.number
    const pdf = await page.request.get(new URL(invoice.url, suite.server.origin).toString())
    assert.equal(pdf.status(), 200)
    assert.equal(pdf.headers()['content-type'], 'application/pdf')
    const { PDFDocument } = await import('pdf-lib')
    const subject = (await PDFDocument.load(await pdf.body())).getSubject() ?? ''
    assert.match(subject, new RegExp(`to ${NAME} \\(GSTIN ${GSTIN}\\)`))

    // the GST returns screen: the month's GSTR-1 lists it under b2b
    const { page: admin } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await admin.goto(`${suite.server.origin}/bos/admin/gst-returns`)
    await admin.getByRole('heading', { name: 'GST returns', level: 1 }).waitFor()
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7)
    await admin.getByLabel('Return period').fill(month)
    await admin.getByText('3.1(c) nil-rated and exempt').waitFor()
    await shot(admin, 'gst-returns')
    // the Tally ledger names are set on the same screen; the day's export has the B2B sale, booked to the buyer
    const ledgers = admin.getByRole('form', { name: 'Tally ledger names' })
    await ledgers.getByLabel(/^Bank/).fill('HDFC Bank')
    await ledgers.getByRole('button', { name: 'Save ledger names' }).click()
    await admin.getByText('Tally ledger names saved').waitFor()
    const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
    const tally = await admin.request.get(`${suite.server.origin}/s/api/admin/exports/tally.xml?from=${day}&to=${day}`)
    assert.equal(tally.status(), 200)
    const xml = await tally.text()
    assert.ok(xml.includes(`<VOUCHERNUMBER>${invoiceNumber}</VOUCHERNUMBER>`), 'the invoice is a Sales voucher')
    assert.ok(xml.includes(`<PARTYLEDGERNAME>${NAME}</PARTYLEDGERNAME>`), 'booked to the buyer’s own ledger')
    assert.equal((await (await admin.request.get(`${suite.server.origin}/s/api/admin/exports/tally-ledgers`)).json()).bank, 'HDFC Bank')
    const href = await admin.getByRole('link', { name: 'Download GSTR-1 JSON' }).getAttribute('href')
    const res = await admin.request.get(new URL(href!, suite.server.origin).toString())
    assert.equal(res.status(), 200)
    const gstr1 = await res.json()
    const b2b = gstr1.b2b.find((b: { ctin: string }) => b.ctin === GSTIN)
    assert.ok(b2b, 'the buyer is under b2b')
    assert.ok(
      b2b.inv.some((i: { inum: string; pos: string }) => i.inum === invoiceNumber && i.pos === '27'),
      `invoice ${invoiceNumber} is listed`,
    )
  })
})
