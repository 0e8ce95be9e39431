import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser } from './browser'
import { startServer, type TestServer } from './server'
import { shot, signedIn as signInAs, STAFF_CODE, SUPERADMIN } from './staff-session'

let server: TestServer
let browser: Browser
const signedIn = (username: string) => signInAs(browser, server.origin, username)
const inDays = (n: number) => new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10)

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

describe('purchases in the staff app', () => {
  it('an admin adds a supplier, receives a bill with a batch expiring in 5 days, finds it near expiry and marks the pack down', async () => {
    const { context, page: admin, errors } = await signedIn(SUPERADMIN)
    const name = `Test Supplier ${Date.now()}`
    await admin.goto(`${server.origin}/bos/admin/suppliers`)
    await admin.getByRole('button', { name: 'Add supplier' }).first().click()
    const form = admin.getByRole('form', { name: 'New supplier' })
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('GSTIN').fill('29AAKCK4821M1Z0')
    await form.getByRole('button', { name: 'Add supplier' }).click()
    await form.waitFor({ state: 'detached' })
    await admin.getByRole('table', { name: 'Suppliers' }).getByText(name).waitFor()
    await shot(admin, 'purchases-suppliers')

    await admin.goto(`${server.origin}/bos/admin/purchases`)
    await admin.getByLabel('Supplier').selectOption({ label: `${name} (Karnataka)` })
    await admin.getByLabel('Into warehouse').selectOption({ index: 1 })
    await admin.getByLabel('Bill number').fill('E2E/1')
    await admin.getByLabel('Add a pack').fill('ghee')
    await admin.getByRole('list', { name: 'Packs found' }).getByRole('button').first().click()
    await admin.getByLabel('Qty, line 1').fill('10')
    await admin.getByLabel('Free, line 1').fill('2')
    await admin.getByLabel('Cost ₹, line 1').fill('100')
    await admin.getByLabel('Batch, line 1').fill('E2E-B1')
    await admin.getByLabel('Expiry, line 1').fill(inDays(5))
    const totals = admin.getByRole('definition').filter({ hasText: '₹' })
    await admin.getByText('CGST').waitFor()
    assert.ok((await totals.allTextContents()).includes('₹1,050'), 'a ₹1,000 line at 5 % GST totals ₹1,050')
    await shot(admin, 'purchases-bill')
    await admin.getByRole('button', { name: 'Receive into stock' }).click()
    await admin.getByText(/Bill E2E\/1 received/).waitFor()

    await admin.goto(`${server.origin}/bos/admin/near-expiry`)
    await admin.getByRole('tab', { name: '7 days' }).click()
    const row = admin.getByRole('row').filter({ hasText: 'E2E-B1' })
    await row.waitFor()
    await shot(admin, 'purchases-near-expiry')
    await row.getByRole('button', { name: 'Mark down' }).click()
    await admin.getByLabel('New price (₹)').fill('1')
    await admin.getByRole('button', { name: 'Set price' }).click()
    await admin.getByText(/now sells at ₹1/).waitFor()
    assert.deepEqual(errors, [])
    await context.close()
  })
})
