import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { BrowserContext } from 'playwright-core'
import { MOBILE, openPage } from './browser'
import { until } from '../../server/test/wait'
import { placeCodOrder, placeRazorpayOrder, signInShopper } from './shop-flow'
import { shot, signedIn, STAFF_CODE, SUPERADMIN, staffSuite } from './staff-session'

const suite = staffSuite()
/** the demo shopper signs in once (a second code so soon is refused); later tests reuse the session */
let shopperState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined

describe('refunds and line edits in the staff app', () => {
  it('an admin refunds part of an order paid online; the provider settles it and the shopper sees the refund', async () => {
    const shopper = await openPage(suite.browser, MOBILE)
    await signInShopper(shopper.page, suite.server.origin, '9876500003', STAFF_CODE)
    shopperState = await shopper.context.storageState()
    const { number, id } = await placeRazorpayOrder(shopper.page, suite.server.origin)
    assert.ok(id > 0)

    const { page: admin, errors } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await admin.goto(`${suite.server.origin}/bos/admin/orders/${id}`)
    await admin.getByRole('heading', { name: new RegExp(`^Order ${number}`), level: 1 }).waitFor()
    await admin.getByText(/^Up to ₹[\d,.]+ can be refunded$/).waitFor()

    await admin.getByRole('button', { name: 'Refund', exact: true }).first().click()
    const dialog = admin.getByRole('dialog', { name: `Refund order ${number}` })
    await dialog.getByText(/^Paid ₹[\d,.]+\. Up to ₹[\d,.]+ can be refunded\.$/).waitFor()
    // per line: one unit of the first line shows its amount
    await dialog.getByRole('spinbutton').first().fill('1')
    assert.match((await dialog.getByTestId('refund-total').textContent()) ?? '', /^₹[1-9]/)
    await shot(admin, 'refund-dialog-lines')
    // an amount instead: ₹50, with a reason
    await dialog.getByText('An amount', { exact: true }).click()
    await dialog.getByLabel('Amount (₹)').fill('50')
    await dialog.getByRole('button', { name: /^Review refund of ₹50$/ }).click()
    await dialog.getByText('Reason').first().waitFor()
    assert.ok(await dialog.getByText('Say why the money goes back').isVisible(), 'a reason is asked for')
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Two eggs broken in the tray')
    await dialog.getByRole('button', { name: /^Review refund of ₹50$/ }).click()
    const sure = admin.getByRole('dialog', { name: 'Refund ₹50?' })
    await sure.getByText(/₹50 is refunded to the shopper’s Razorpay payment\. The shopper is told\. This cannot be undone\./).waitFor()
    await shot(admin, 'refund-review')
    await sure.getByRole('button', { name: 'Refund ₹50' }).click()
    await sure.waitFor({ state: 'detached' })

    const refunds = admin.getByRole('list', { name: 'Refunds' })
    await refunds.getByText('₹50', { exact: true }).waitFor()
    await refunds.getByText(/“Two eggs broken in the tray”/).waitFor()
    // the outbox job sends it to the simulator; the provider's answer or its webhook makes it processed
    await until(
      async () => {
        if (await refunds.getByText('Processed', { exact: true }).isVisible()) return true
        await admin.reload()
        await admin.getByRole('list', { name: 'Refunds' }).waitFor()
        return false
      },
      30_000,
      'the refund processed',
    )
    await admin
      .getByText(/^Refunded$/)
      .first()
      .waitFor()
    await shot(admin, 'order-refunded')

    // the same page on a phone
    const phone = await openPage(suite.browser, { ...MOBILE, storageState: await admin.context().storageState() })
    await phone.page.goto(`${suite.server.origin}/bos/admin/orders/${id}`)
    await phone.page.getByRole('list', { name: 'Refunds' }).waitFor()
    await shot(phone.page, 'order-refunded-phone')
    await phone.page.getByRole('button', { name: 'Refund', exact: true }).first().click()
    await phone.page.getByRole('dialog', { name: `Refund order ${number}` }).waitFor()
    await shot(phone.page, 'refund-dialog-phone')
    await phone.context.close()

    await shopper.page.goto(`${suite.server.origin}/account/orders/${id}`)
    await shopper.page.getByText('Refunded ₹50', { exact: true }).waitFor()
    const timeline = shopper.page.locator('section', { has: shopper.page.getByRole('heading', { name: 'Timeline' }) })
    await timeline.getByText('₹50 refunded to the original payment method').waitFor()
    await shot(shopper.page, 'shopper-refund')
    assert.deepEqual(errors, [])
    await shopper.context.close()
  })

  it('before packing an admin takes a unit out of a cash-on-delivery order; the shopper sees the changed line and total', async () => {
    const shopper = await openPage(suite.browser, { ...MOBILE, storageState: shopperState })
    if (!shopperState) await signInShopper(shopper.page, suite.server.origin, '9876500003', STAFF_CODE)
    const number = await placeCodOrder(shopper.page, suite.server.origin, 3)

    const { page: admin, errors } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await admin.goto(`${suite.server.origin}/bos/admin/orders?q=${number}`)
    await admin.getByRole('link', { name: number }).click()
    await admin.getByRole('heading', { name: new RegExp(`^Order ${number}`), level: 1 }).waitFor()
    const id = Number(new URL(admin.url()).pathname.split('/').pop())
    await admin.getByRole('button', { name: 'Change items' }).click()
    const dialog = admin.getByRole('dialog', { name: `Change items of ${number}` })
    await dialog.getByRole('button', { name: /^One fewer / }).click()
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Only two on the shelf')
    await shot(admin, 'lines-dialog')
    await dialog.getByRole('button', { name: 'Review changes' }).click()
    const sure = admin.getByRole('dialog', { name: `Change order ${number}?` })
    await sure.getByText('3 → 2').waitFor()
    await sure.getByRole('button', { name: 'Change order' }).click()
    await sure.waitFor({ state: 'detached' })
    await admin.getByText('ordered 3', { exact: true }).waitFor()
    await admin.getByText(/3 → 2\. New total ₹/).waitFor()
    await shot(admin, 'order-lines-changed')
    const phone = await openPage(suite.browser, { ...MOBILE, storageState: await admin.context().storageState() })
    await phone.page.goto(`${suite.server.origin}/bos/admin/orders/${id}`)
    await phone.page.getByRole('button', { name: 'Change items' }).click()
    await phone.page.getByRole('dialog', { name: `Change items of ${number}` }).waitFor()
    await shot(phone.page, 'lines-dialog-phone')
    await phone.context.close()

    await shopper.page.goto(`${suite.server.origin}/account/orders/${id}`)
    await shopper.page.getByText('You ordered 3; the shop had 2').waitFor()
    await shot(shopper.page, 'shopper-lines-changed')
    assert.deepEqual(errors, [])
    await shopper.context.close()
  })
})
