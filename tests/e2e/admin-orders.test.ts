import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { placeCodOrder, signInShopper } from './shop-flow'
import { shot, signedIn, STAFF_CODE, SUPERADMIN } from './staff-session'

let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

describe('orders in the staff app', () => {
  it('an order of the demo shopper is packed, sent out and delivered by an admin; the shopper sees each step', async () => {
    const shopper = await openPage(browser, MOBILE)
    await signInShopper(shopper.page, server.origin, '9876500003', STAFF_CODE)
    const number = await placeCodOrder(shopper.page, server.origin)

    const { page: admin, errors } = await signedIn(browser, server.origin, SUPERADMIN)
    await admin.goto(`${server.origin}/bos/admin`)
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Orders' }).click()
    await admin.getByRole('heading', { name: 'Orders', level: 1 }).waitFor()
    const confirmedTab = admin.getByRole('navigation', { name: 'Order status' }).getByRole('button', { name: /^Confirmed \d+$/ })
    await confirmedTab.click()
    await admin.waitForURL(/status=confirmed/)
    await admin.getByRole('link', { name: number }).waitFor()
    await shot(admin, 'orders-list')
    await admin.getByRole('searchbox', { name: 'Search orders' }).fill(number)
    await admin.waitForURL(new RegExp(`q=${number}`))
    await admin.getByRole('link', { name: number }).click()
    await admin.getByRole('heading', { name: new RegExp(`^Order ${number}`), level: 1 }).waitFor()
    const id = Number(new URL(admin.url()).pathname.split('/').pop())
    assert.ok(id > 0)
    await shot(admin, 'order-confirmed')

    await admin.getByRole('button', { name: 'Mark packed' }).click()
    await admin.getByRole('button', { name: 'Send out for delivery' }).waitFor()
    await admin.getByRole('button', { name: 'Send out for delivery' }).click()
    const dispatch = admin.getByRole('dialog', { name: `Send ${number} out for delivery` })
    await dispatch.getByLabel('Delivery person’s name').fill('Ravi Kumar')
    await dispatch.getByLabel('Delivery person’s phone').fill('9876543210')
    await shot(admin, 'order-dispatch')
    await dispatch.getByRole('button', { name: 'Send out' }).click()
    await dispatch.waitFor({ state: 'detached' })
    await admin.getByText('With Ravi Kumar (9876543210)').first().waitFor()
    await admin.getByRole('button', { name: 'Mark delivered' }).click()
    await admin.getByRole('button', { name: /^Delivered, ₹[\d,.]+ in cash$/ }).click()
    await admin
      .getByText(/^Cash collected: ₹/)
      .first()
      .waitFor()
    assert.equal(await admin.getByRole('button', { name: /Mark|Send out|Cancel order/ }).count(), 0, 'a delivered order has no next move')
    await shot(admin, 'order-delivered')

    await shopper.page.goto(`${server.origin}/account/orders/${id}`)
    await shopper.page.getByRole('heading', { name: 'Timeline' }).waitFor()
    const timeline = shopper.page.locator('section', { has: shopper.page.getByRole('heading', { name: 'Timeline' }) })
    for (const step of ['Confirmed', 'Packed', 'Out for delivery', 'Delivered']) await timeline.getByText(step, { exact: true }).first().waitFor()
    await shot(shopper.page, 'shopper-timeline')
    assert.deepEqual(errors, [])
    await shopper.context.close()
  })
})
