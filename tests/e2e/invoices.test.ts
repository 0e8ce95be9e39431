import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { MOBILE, openPage } from './browser'
import { placeRazorpayOrder, signInShopper } from './shop-flow'
import { shot, signedIn, STAFF_CODE, SUPERADMIN, staffSuite } from './staff-session'

const suite = staffSuite()
const SHOTS = process.env.SCREENSHOT_DIR

/** the PDF behind a link, fetched with the page's session */
async function pdfBehind(page: Page, name: RegExp, file: string) {
  const link = page.getByRole('link', { name })
  await link.waitFor()
  const href = await link.getAttribute('href')
  assert.ok(href, 'the link has an address')
  const res = await page.request.get(new URL(href, suite.server.origin).toString())
  assert.equal(res.status(), 200)
  assert.equal(res.headers()['content-type'], 'application/pdf')
  const body = await res.body()
  assert.equal(body.subarray(0, 5).toString(), '%PDF-')
  if (SHOTS) writeFileSync(`${SHOTS}/${file}`, body)
  return href
}

describe('GST invoices and credit notes', () => {
  it('the demo shopper downloads the invoice of a paid order; an admin cancels it and the shopper gets the credit note', async () => {
    const shopper = await openPage(suite.browser, MOBILE)
    await signInShopper(shopper.page, suite.server.origin, '9876500003', STAFF_CODE)
    const { number, id } = await placeRazorpayOrder(shopper.page, suite.server.origin)

    // paid online: confirmed, so the invoice is issued
    await shopper.page.goto(`${suite.server.origin}/account/orders/${id}`)
    const invoiceHref = await pdfBehind(shopper.page, /^Download tax invoice [A-Z0-9]+\/\d{4}\/\d{5}/i, 'invoice.pdf')
    assert.equal(invoiceHref, `/s/api/orders/${id}/invoice.pdf`)
    await shot(shopper.page, 'account-order-invoice')

    // staff see it too, and cancel the order
    const { page: admin } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await admin.goto(`${suite.server.origin}/bos/admin/orders/${id}`)
    await admin.getByRole('heading', { name: new RegExp(`^Order ${number}`), level: 1 }).waitFor()
    await pdfBehind(admin, /^Download tax invoice /i, 'invoice-staff.pdf')
    await admin.getByRole('button', { name: 'Cancel order' }).first().click()
    const dialog = admin.getByRole('dialog', { name: `Cancel order ${number}?` })
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Out of stock at the store')
    await dialog.getByRole('button', { name: 'Cancel order' }).click()
    await dialog.waitFor({ state: 'detached' })
    await pdfBehind(admin, /^Download credit note [A-Z0-9]+\/\d{4}\/\d{5}/i, 'credit-note-staff.pdf')
    await shot(admin, 'admin-order-credit-note')

    // the shopper's order page lists the credit note
    await shopper.page.reload()
    await pdfBehind(shopper.page, /^Download credit note /i, 'credit-note.pdf')
    await shot(shopper.page, 'account-order-credit-note')

    // another shopper cannot read it
    const other = await openPage(suite.browser, MOBILE)
    const res = await other.page.request.get(`${suite.server.origin}${invoiceHref}`)
    assert.equal(res.status(), 401)
  })

  it('an admin sets the GST registration; a wrong GSTIN is refused on its field', async () => {
    const { page: admin } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await admin.goto(`${suite.server.origin}/bos/admin/tax`)
    await admin.getByRole('heading', { name: 'Tax & invoices', level: 1 }).waitFor()
    const gstin = admin.getByRole('textbox', { name: 'GSTIN' })
    assert.equal(await gstin.inputValue(), '29AAKCK4821M1Z0')
    await gstin.fill('29AAKCK4821M1Z1')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('This GSTIN’s check character is wrong: check it for a typing mistake').waitFor()
    await shot(admin, 'tax-settings-error')
    await gstin.fill('29AAKCK4821M1Z0')
    await admin.getByRole('textbox', { name: 'Trade name' }).fill('Kirana Fresh Indiranagar')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('Tax settings saved').waitFor()
    await shot(admin, 'tax-settings')
  })
})
