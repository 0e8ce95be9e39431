import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { placeCodOrder, signInShopper } from './shop-flow'
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

  it('an admin adds a person with a role (none chosen at first), changes it (taking admin away asks first), and finds each change in the audit log', async () => {
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
    for (const radio of await dialog.getByRole('radio').all()) assert.equal(await radio.isChecked(), false, 'no role is ticked at first')
    await dialog.getByRole('button', { name: 'Add person' }).click()
    await dialog.getByText('Choose a role for this person').waitFor()
    await dialog.getByRole('radio', { name: /^Packer/ }).check()
    await dialog.getByText('What a packer can do').waitFor()
    await dialog.getByText('Refunds and cancels').waitFor() // listed under "Not"
    await dialog.getByRole('button', { name: 'Add person' }).click()
    await dialog.getByText(/enter the person’s name/).waitFor()
    await shot(page, 'staff-add-role')
    await dialog.getByLabel('Name').fill('Meena Packer')
    await dialog.getByRole('button', { name: 'Add person' }).click()
    await dialog.waitFor({ state: 'detached' })
    const meena = page.getByRole('combobox', { name: 'Role of Meena Packer' })
    await meena.waitFor()
    assert.equal(await meena.inputValue(), 'packer')
    await shot(page, 'staff-list')

    // made an admin at once; taking admin away asks first, and cancelling changes nothing
    await meena.selectOption('admin')
    await page.waitForFunction(() => (document.querySelector('select[aria-label="Role of Meena Packer"]') as HTMLSelectElement | null)?.value === 'admin')
    await page.getByRole('status').filter({ hasText: 'Meena Packer: Owner / admin' }).waitFor()
    await meena.selectOption('accountant')
    const ask = page.getByRole('dialog', { name: /Change Meena Packer’s role to Accountant/ })
    await ask.getByRole('button', { name: 'Cancel' }).click()
    assert.equal(await meena.inputValue(), 'admin')
    await meena.selectOption('accountant')
    await shot(page, 'staff-role-confirm')
    await page
      .getByRole('dialog', { name: /Change Meena Packer’s role to Accountant/ })
      .getByRole('button', { name: 'Change role' })
      .click()
    await page.waitForFunction(() => (document.querySelector('select[aria-label="Role of Meena Packer"]') as HTMLSelectElement | null)?.value === 'accountant')
    // your own role is not yours to change
    assert.equal(await page.getByRole('combobox', { name: 'Role of Asha Superadmin' }).isDisabled(), true)

    await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click()
    await page.getByLabel('Record').selectOption('staff')
    const table = page.getByRole('table', { name: /^Audit log/ })
    await table.getByText('Staff role changed').first().waitFor()
    await table.getByText('Staff added').first().waitFor()
    await table.getByText('Role', { exact: true }).first().waitFor()
    await shot(page, 'audit-log-staff')
    assert.deepEqual(errors, [])
  })

  it('an admin makes a custom role from the areas, gives it to a new person, cannot delete it while held, then can', async () => {
    const { page, errors } = await signInAs(browser, server.origin, SUPERADMIN)
    await page.goto(`${server.origin}/bos/admin/staff`)
    await page.getByRole('link', { name: 'Roles' }).click()
    await page.waitForURL(/\/bos\/admin\/staff\/roles$/)
    await page.getByRole('button', { name: 'New role' }).click()
    const make = page.getByRole('dialog', { name: 'New role' })
    for (const box of await make.getByRole('checkbox').all()) assert.equal(await box.isChecked(), false, 'no area is ticked at first')
    const name = `Biller ${String(Date.now()).slice(-5)}`
    await make.getByLabel('Role name').fill(name)
    await make.getByRole('checkbox', { name: 'Counter (POS)' }).check()
    await make.getByRole('checkbox', { name: 'Khata' }).check()
    await make.getByRole('combobox', { name: 'Khata: access' }).selectOption('read')
    await shot(page, 'staff-custom-role')
    await make.getByRole('button', { name: 'Make role' }).click()
    await make.waitFor({ state: 'detached' })
    const roles = page.getByRole('list', { name: 'Custom roles' })
    await roles.getByText('Counter (POS), Khata (see only)').waitFor()

    // a new person with it
    await page.goto(`${server.origin}/bos/admin/staff`)
    await page.getByRole('button', { name: 'Add person' }).click()
    const add = page.getByRole('dialog', { name: 'Add a person' })
    await add.getByLabel('Mobile number or email').fill(`8${String(Date.now()).slice(-9)}`)
    await add.getByLabel('Name').fill('Kiran Biller')
    await add.getByRole('radio', { name: new RegExp(`^${name}`) }).check()
    await add.getByRole('button', { name: 'Add person' }).click()
    await add.waitFor({ state: 'detached' })
    const kiran = page.getByRole('combobox', { name: 'Role of Kiran Biller' })
    await page.waitForFunction(
      () => (document.querySelector('select[aria-label="Role of Kiran Biller"]') as HTMLSelectElement | null)?.value.startsWith('custom:') === true,
    )

    // held: the delete is refused with who holds it
    await page.getByRole('link', { name: 'Roles' }).click()
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await page
      .getByRole('dialog', { name: `Delete the role ${name}?` })
      .getByRole('button', { name: 'Delete role' })
      .click()
    await page
      .getByRole('alert')
      .filter({ hasText: `1 person holds the role ${name}` })
      .waitFor()

    // given another role, it goes
    await page.goto(`${server.origin}/bos/admin/staff`)
    await kiran.selectOption('cashier')
    await page
      .getByRole('dialog', { name: /Change Kiran Biller’s role to Cashier/ })
      .getByRole('button', { name: 'Change role' })
      .click()
    await page.waitForFunction(() => (document.querySelector('select[aria-label="Role of Kiran Biller"]') as HTMLSelectElement | null)?.value === 'cashier')
    await page.getByRole('link', { name: 'Roles' }).click()
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await page
      .getByRole('dialog', { name: `Delete the role ${name}?` })
      .getByRole('button', { name: 'Delete role' })
      .click()
    await roles.getByText(name).waitFor({ state: 'detached' })
    assert.deepEqual(errors, [])
  })

  it('the audit log tells an order’s change by its number, in words, with no raw data', async () => {
    const shopper = await openPage(browser, MOBILE)
    await signInShopper(shopper.page, server.origin, '9876500003', STAFF_CODE)
    const number = await placeCodOrder(shopper.page, server.origin)
    const { page, errors } = await signInAs(browser, server.origin, SUPERADMIN)
    await page.goto(`${server.origin}/bos/admin/orders?q=${number}`)
    await page.getByRole('link', { name: number }).click()
    await page.getByRole('button', { name: 'Mark packed' }).click()
    await page.getByRole('button', { name: 'Send out for delivery' }).click()
    const dispatch = page.getByRole('dialog', { name: `Send ${number} out for delivery` })
    await dispatch.getByLabel('Delivery person’s name').fill('Ravi Kumar')
    await dispatch.getByLabel('Delivery person’s phone').fill('9876543210')
    await dispatch.getByRole('button', { name: 'Send out' }).click()
    await dispatch.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Mark delivered' }).click()
    await page.getByRole('button', { name: /^Delivered, ₹[\d,.]+ in cash$/ }).click()
    await page
      .getByText(/^Cash collected: ₹/)
      .first()
      .waitFor()

    await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click()
    await page.getByLabel('Record').selectOption('order')
    await page.waitForURL(/entity=order/)
    const delivered = page
      .getByRole('table', { name: /^Audit log/ })
      .getByRole('row')
      .filter({ hasText: 'Order delivered' })
      .first()
    await delivered.waitFor()
    assert.match((await delivered.textContent()) ?? '', /Cash collected\s*(₹0|empty)\s*→\s*₹[1-9][\d,.]*/)
    const row = page
      .getByRole('table', { name: /^Audit log/ })
      .getByRole('row')
      .filter({ hasText: `Order ${number}` })
      .filter({ hasText: 'Order packed' })
    await row.waitFor()
    await row.getByText('Status', { exact: true }).waitFor()
    const text = await row.innerText()
    assert.match(text, /confirmed\s*→\s*packed/)
    assert.doesNotMatch(text, /[{}"]|_id|_paise|payment_status/)
    await shot(page, 'audit-log')
    assert.deepEqual(errors, [])
  })
})
