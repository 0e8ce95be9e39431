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

describe('staff, the audit log and the admin home in the staff app', () => {
  it('the admin home shows today’s figures, each a way into its list', async () => {
    const { page, errors } = await signInAs(browser, server.origin, SUPERADMIN)
    await page.goto(`${server.origin}/bos/admin`)
    await page.getByText('Orders today').waitFor()
    assert.equal(await page.getByRole('link', { name: /To confirm/ }).getAttribute('href'), '/bos/admin/orders?status=placed')
    assert.equal(await page.getByRole('link', { name: /Low stock/ }).getAttribute('href'), '/bos/admin/stock?state=low')
    await page.getByRole('heading', { name: 'Delivery slots' }).waitFor()
    await shot(page, 'admin-home')
    assert.deepEqual(errors, [])
  })

  it('an admin adds a person, gives and takes away admin access (asked first), and finds each change in the audit log', async () => {
    const { page, errors } = await signInAs(browser, server.origin, SUPERADMIN)
    await page.goto(`${server.origin}/bos/admin`)
    await page.getByRole('navigation').getByRole('link', { name: 'Staff' }).click()
    await page
      .getByRole('table', { name: /^Staff/ })
      .getByText('Ravi Agent')
      .waitFor()
    const phone = `9${String(Date.now()).slice(-9)}`
    await page.getByRole('button', { name: 'Add person' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a person' })
    await dialog.getByLabel('Mobile number or email').fill(phone)
    await dialog.getByRole('button', { name: 'Add person' }).click()
    await dialog.getByText(/enter the person’s name/).waitFor()
    await shot(page, 'staff-add-needs-name')
    await dialog.getByLabel('Name').fill('Meena Packer')
    await dialog.getByRole('button', { name: 'Add person' }).click()
    await dialog.waitFor({ state: 'detached' })
    const meena = page.getByRole('switch', { name: 'Admin access for Meena Packer' })
    await meena.waitFor()
    assert.equal(await meena.getAttribute('aria-checked'), 'true')
    await shot(page, 'staff-list')

    // taking it away asks first; cancelling changes nothing
    await meena.click()
    const ask = page.getByRole('dialog', { name: /Take away admin access/ })
    await ask.getByRole('button', { name: 'Cancel' }).click()
    assert.equal(await meena.getAttribute('aria-checked'), 'true')
    await meena.click()
    await shot(page, 'staff-revoke-confirm')
    await page
      .getByRole('dialog', { name: /Take away admin access/ })
      .getByRole('button', { name: 'Take it away' })
      .click()
    await page.waitForFunction(
      () =>
        document.querySelector('[role=switch][aria-label="Admin access for Meena Packer"]') === null ||
        document.querySelector('[role=switch][aria-label="Admin access for Meena Packer"]')?.getAttribute('aria-checked') === 'false',
    )
    // your own admin access is not a switch you can flip
    assert.equal(await page.getByRole('switch', { name: 'Admin access for Asha Superadmin' }).isDisabled(), true)

    await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click()
    await page.getByLabel('Record').selectOption('staff')
    const table = page.getByRole('table', { name: /^Audit log/ })
    await table.getByText('staff.roles').first().waitFor()
    await table.getByText('staff.add').first().waitFor()
    await table.getByText('has admin access').first().waitFor()
    await shot(page, 'audit-log')
    assert.deepEqual(errors, [])
  })
})
