import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser } from './browser'
import { startServer, type TestServer } from './server'
import { shot, signedIn as signInAs, STAFF_CODE, SUPERADMIN } from './staff-session'

let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

describe('coupons in the staff app', () => {
  it('an admin adds a coupon (a taken code is refused on its field), edits it, pauses it from the list; the form guards unsaved changes', async () => {
    const { context, page: admin, errors } = await signInAs(browser, server.origin, SUPERADMIN)
    await admin.goto(`${server.origin}/bos/admin`)
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Coupons' }).click()
    await admin.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor()
    const table = admin.getByRole('table', { name: /^Coupons/ })
    await table.getByRole('row').filter({ hasText: 'WELCOME10' }).waitFor()
    await shot(admin, 'coupons-list')

    await admin.getByRole('link', { name: 'Add coupon' }).first().click()
    await admin.getByRole('heading', { level: 1, name: 'New coupon' }).waitFor()
    // empty required fields: spec §5's messages, from the contract, before any call
    await admin.getByRole('button', { name: 'Add coupon' }).click()
    await admin.getByText('Code is required').waitFor()
    await admin.getByRole('textbox', { name: 'Code' }).fill('welcome10')
    await admin.getByRole('textbox', { name: /^Value/ }).fill('15')
    await admin.getByLabel(/^Maximum discount/).fill('120')
    await admin.getByLabel(/^Minimum cart/).fill('399')
    await admin.getByLabel('Categories').selectOption({ index: 1 })
    await admin.getByRole('button', { name: 'Add coupon' }).click()
    // the server's 422 lands on its field
    await admin.getByText('Another coupon already uses the code WELCOME10').waitFor()
    const code = `E2E${Date.now().toString(36).toUpperCase()}`
    await admin.getByRole('textbox', { name: 'Code' }).fill(code)
    await admin.getByLabel('End date').fill('2026-01-01')
    await admin.getByLabel('Start date').fill('2026-02-01')
    await admin.getByRole('button', { name: 'Add coupon' }).click()
    await admin.getByText('The end date cannot be before the start date').waitFor()
    await shot(admin, 'coupon-form-errors')
    await admin.getByLabel('End date').fill('2099-12-31')
    await admin.getByRole('button', { name: 'Add coupon' }).click()
    await admin.getByRole('heading', { level: 1, name: new RegExp(code) }).waitFor()
    await admin.getByRole('region', { name: 'Usage' }).getByText('No orders have used this coupon yet.').waitFor()
    await shot(admin, 'coupon-form')

    // unsaved changes: leaving through the sidebar asks first
    await admin.getByRole('textbox', { name: /^Value/ }).fill('20')
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Coupons' }).click()
    const leave = admin.getByRole('dialog', { name: 'Leave without saving?' })
    await leave.getByText(/your changes to this coupon will be lost/).waitFor()
    await leave.getByRole('button', { name: 'Stay' }).click()
    assert.match(admin.url(), /\/bos\/admin\/coupons\/\d+$/)
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('Saved', { exact: true }).waitFor()

    // bulk pause from the list
    await admin.goto(`${server.origin}/bos/admin/coupons?q=${code}`)
    const row = table.getByRole('row').filter({ hasText: code })
    await row.getByText('20% off').waitFor()
    await row.getByRole('checkbox').check()
    await admin.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Pause' }).click()
    await row.getByText('Paused').waitFor()
    await admin.goto(`${server.origin}/bos/admin/coupons?state=paused`)
    await table.getByRole('row').filter({ hasText: code }).waitFor()
    await shot(admin, 'coupons-paused')
    assert.deepEqual(errors, [])
    await context.close()
  })
})
