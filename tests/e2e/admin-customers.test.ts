import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { placeCodOrder, signInShopper } from './shop-flow'
import { shot, signedIn, STAFF_CODE, SUPERADMIN } from './staff-session'

let server: TestServer
let browser: Browser
const SHOPPER = '9876500003'

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

/** The shopper tries to order again: placed (the order number) or refused (the message checkout shows). */
async function tryToOrder(page: Page): Promise<string> {
  const refused = page.getByText('This account cannot place orders on this website').first()
  const placing = placeCodOrder(page, server.origin)
  placing.catch(() => {})
  // the whole checkout walk happens inside this wait, so it gets the walk's time, not one step's
  return Promise.race([placing, refused.waitFor({ timeout: 120_000 }).then(() => 'refused')])
}

describe('customers in the staff app', () => {
  it('an admin finds the demo shopper, sees their orders, blocks them from ordering and unblocks them', async () => {
    const shopper = await openPage(browser, MOBILE)
    await signInShopper(shopper.page, server.origin, SHOPPER, STAFF_CODE)
    const number = await placeCodOrder(shopper.page, server.origin)

    const { page: admin, errors } = await signedIn(browser, server.origin, SUPERADMIN)
    await admin.goto(`${server.origin}/bos/admin`)
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Customers' }).click()
    await admin.getByRole('heading', { name: 'Customers', level: 1 }).waitFor()
    await admin.getByRole('searchbox', { name: 'Search customers' }).fill(SHOPPER)
    await admin.waitForURL(new RegExp(`q=${SHOPPER}`))
    const row = admin.getByRole('row').filter({ hasText: SHOPPER })
    await row.first().waitFor()
    assert.equal(await admin.getByRole('row').filter({ hasText: SHOPPER }).count(), 1)
    await shot(admin, 'customers-list')
    await admin.setViewportSize({ width: 390, height: 844 })
    await shot(admin, 'customers-list-phone')
    await admin.setViewportSize({ width: 1280, height: 800 })

    await row.getByRole('link').first().click()
    await admin.getByRole('heading', { name: 'Orders' }).waitFor()
    const orderLink = admin.getByRole('link', { name: number })
    await orderLink.waitFor()
    assert.match((await orderLink.getAttribute('href')) ?? '', /^\/bos\/admin\/orders\/\d+$/)
    const exportLink = admin.getByRole('link', { name: 'Export data (JSON)' })
    assert.match((await exportLink.getAttribute('href')) ?? '', /\/s\/api\/admin\/customers\/\d+\/export$/)
    const exported = await admin.request.get(new URL((await exportLink.getAttribute('href'))!, server.origin).toString())
    assert.equal(exported.status(), 200)
    assert.ok(((await exported.json()) as { orders: { order_number: string }[] }).orders.some((o) => o.order_number === number))
    await shot(admin, 'customer-detail')

    // block, with a reason (an empty one is refused in the dialog)
    await admin.getByRole('button', { name: 'Block from ordering' }).click()
    const dialog = admin.getByRole('dialog', { name: /^Block .* from ordering\?$/ })
    await dialog.getByRole('button', { name: 'Block', exact: true }).click()
    await dialog.getByText('Say why, in a few words').waitFor()
    await dialog.getByLabel('Reason').fill('Refused three COD orders at the door')
    await shot(admin, 'customer-block-dialog')
    await dialog.getByRole('button', { name: 'Block', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    await admin.getByText('Reason: Refused three COD orders at the door').waitFor()
    await admin.getByRole('button', { name: 'Unblock' }).waitFor()
    await shot(admin, 'customer-blocked')
    await admin.setViewportSize({ width: 390, height: 844 })
    await shot(admin, 'customer-blocked-phone')
    await admin.setViewportSize({ width: 1280, height: 800 })

    assert.equal(await tryToOrder(shopper.page), 'refused')

    // unblocking asks first, then the shopper can order again
    await admin.getByRole('button', { name: 'Unblock' }).click()
    await admin
      .getByRole('dialog', { name: /^Unblock / })
      .getByRole('button', { name: 'Unblock' })
      .click()
    await admin.getByRole('button', { name: 'Block from ordering' }).waitFor()
    assert.equal(await admin.getByText('Reason: Refused three COD orders at the door').count(), 0)
    const again = await tryToOrder(
      await (async () => {
        await shopper.page.goto(`${server.origin}/`)
        return shopper.page
      })(),
    )
    assert.match(again, /^OD\d+$/)

    // the erase dialog says what goes and what stays, and waits for the typed word
    await admin.getByRole('button', { name: 'Erase personal data' }).click()
    const erase = admin.getByRole('dialog', { name: /Erase .* personal data\?/ })
    await erase.getByText('Kept for the accounts').waitFor()
    assert.equal(await erase.getByRole('button', { name: 'Erase for good' }).isDisabled(), true)
    await erase.getByLabel('Type ERASE to confirm').fill('erase')
    assert.equal(await erase.getByRole('button', { name: 'Erase for good' }).isDisabled(), true)
    await shot(admin, 'customer-erase-dialog')
    await admin.setViewportSize({ width: 390, height: 844 })
    await shot(admin, 'customer-erase-dialog-phone')
    await erase.getByRole('button', { name: 'Keep the data' }).click()
    await erase.waitFor({ state: 'detached' })
    assert.deepEqual(errors, [])
  })
})
