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

describe('delivery settings in the staff app', () => {
  it('an admin pastes pincodes, sees the preview, saves them, then edits the slot template', async () => {
    const { context, page: admin, errors } = await signInAs(browser, server.origin, SUPERADMIN)
    await admin.goto(`${server.origin}/bos/admin`)
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Delivery' }).click()
    await admin.getByRole('heading', { level: 1, name: 'Delivery' }).waitFor()
    const served = admin.getByRole('table', { name: 'Pincodes served' })
    await served.getByRole('row').filter({ hasText: '560001' }).waitFor()

    const base = 780_000 + Math.floor(Math.random() * 9000)
    const [a, b] = [String(base), String(base + 1)]
    await admin.getByRole('combobox', { name: 'Warehouse' }).first().selectOption({ label: 'Whitefield Dark Store' })
    await admin.getByRole('textbox', { name: 'Pincodes' }).fill(`${a}, ${b}\n560001 012345`)
    await admin.getByLabel('Delivery days').first().fill('1')
    await admin.getByRole('button', { name: 'Preview' }).click()
    const preview = admin.getByRole('region', { name: 'Preview' })
    await preview.getByText('2 new pincodes for Whitefield Dark Store').waitFor()
    await preview.getByText('1 pincode served by another warehouse (left there)').waitFor()
    await preview.getByText(/^1 entry that are not pincodes/).waitFor()
    await shot(admin, 'delivery-pincodes-preview')
    await preview.getByRole('button', { name: 'Add 2 pincodes' }).click()
    await admin.getByText('2 pincodes added').waitFor()
    await admin.getByRole('searchbox', { name: 'Search pincodes' }).fill(a)
    await served
      .getByRole('row')
      .filter({ hasText: a })
      .getByRole('combobox', { name: `Delivery days for ${a}` })
      .waitFor()
    assert.equal(await served.getByRole('combobox', { name: `Delivery days for ${a}` }).inputValue(), '1')
    await shot(admin, 'delivery-pincodes')

    // remove asks first
    await served.getByRole('button', { name: `Remove ${a}` }).click()
    const ask = admin.getByRole('dialog', { name: `Stop delivering to ${a}?` })
    await ask.getByRole('button', { name: 'Cancel' }).click()
    await served.getByRole('row').filter({ hasText: a }).waitFor()

    // charges
    await admin.getByRole('tab', { name: 'Charges' }).click()
    await admin.getByText(/Now: ₹30 on carts below ₹499; free from ₹499/).waitFor()
    await shot(admin, 'delivery-charges')

    // slots: the template, a refused save kept as typed, then saved
    await admin.getByRole('tab', { name: 'Slots' }).click()
    await admin.getByRole('table', { name: 'Bookings per slot, by day and window' }).waitFor()
    await admin.getByRole('heading', { name: 'Slot template' }).waitFor()
    await admin.getByLabel('Orders per slot').fill('0')
    await admin.getByRole('button', { name: 'Save template' }).click()
    await admin.getByText('Capacity must be 1 or more').waitFor()
    await admin.getByLabel('Orders per slot').fill('30')
    await admin.getByRole('checkbox', { name: 'Sun' }).uncheck()
    await admin.getByRole('button', { name: 'Remove window 19:00–21:00' }).click()
    await admin.getByRole('button', { name: 'Save template' }).click()
    await admin.getByText('Slot template saved: orders already booked keep their slots').waitFor()
    assert.equal(await admin.getByRole('button', { name: 'Remove window 19:00–21:00' }).count(), 0)
    assert.equal(await admin.getByLabel('Orders per slot').inputValue(), '30')
    await shot(admin, 'delivery-slots')

    await admin.setViewportSize({ width: 390, height: 844 })
    await admin.getByRole('tab', { name: 'Pincodes' }).click()
    await served.waitFor()
    await shot(admin, 'delivery-pincodes-phone')
    await admin.getByRole('tab', { name: 'Slots' }).click()
    await admin.getByRole('heading', { name: 'Slot fill' }).waitFor()
    await shot(admin, 'delivery-slots-phone')
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 390px`)

    assert.deepEqual(errors, [])
    await context.close()
  })
})
