import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { signInShopper } from './shop-flow'
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

describe('payment methods in the staff app', () => {
  it('an admin tests the keys, is refused a key without its secrets (input kept), sets a COD limit the checkout then shows', async () => {
    const { context, page: admin, errors } = await signInAs(browser, server.origin, SUPERADMIN)
    await admin.goto(`${server.origin}/bos/admin`)
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Payments' }).click()
    await admin.getByRole('heading', { level: 1, name: 'Payments' }).waitFor()
    const razorpay = admin.getByRole('region', { name: 'Razorpay' })
    await razorpay.getByText(/payments use the shop’s Razorpay account/).waitFor()
    await shot(admin, 'payments-desktop')

    // the shop's keys, against the simulator's Razorpay API
    await razorpay.getByRole('button', { name: 'Test connection' }).click()
    await razorpay.getByRole('status').getByText('Razorpay accepted the keys').waitFor()
    // keys the provider does not know
    await razorpay.getByLabel('Key id').fill('rzp_test_E2eUnknown01')
    await razorpay.getByLabel('Key secret', { exact: true }).fill('not_the_right_secret')
    await razorpay.getByRole('button', { name: 'Test connection' }).click()
    await razorpay.getByRole('status').getByText('Razorpay refused the keys: The api key provided is invalid').waitFor()
    assert.equal(await razorpay.getByLabel('Key secret', { exact: true }).getAttribute('type'), 'password')

    // saved without the webhook secret: refused on that field, everything typed stays
    await admin.getByRole('button', { name: 'Save' }).click()
    await razorpay.getByText(/Enter the webhook secret/).waitFor()
    assert.equal(await razorpay.getByLabel('Key id').inputValue(), 'rzp_test_E2eUnknown01')
    assert.equal(await razorpay.getByLabel('Key secret', { exact: true }).inputValue(), 'not_the_right_secret')
    await shot(admin, 'payments-errors')

    // leaving with unsaved changes asks first
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Coupons' }).click()
    const leave = admin.getByRole('dialog', { name: 'Leave without saving?' })
    await leave.getByText(/your changes to the payment methods will be lost/).waitFor()
    await leave.getByRole('button', { name: 'Stay' }).click()

    // with the webhook secret it saves: the secrets are never shown again, only replaced
    await razorpay.getByLabel('Webhook secret').fill('e2e_webhook_secret_1')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('Payment methods saved').first().waitFor()
    await razorpay.getByText('Payments go to this website’s own Razorpay account.').waitFor()
    const keySecret = razorpay.getByLabel('Key secret', { exact: true })
    assert.equal(await keySecret.getAttribute('placeholder'), '•••• saved')
    assert.equal(await keySecret.inputValue(), '')
    assert.equal(await keySecret.isDisabled(), true)
    assert.equal((await admin.content()).includes('not_the_right_secret'), false)
    await shot(admin, 'payments-saved-secrets')
    await razorpay.getByRole('button', { name: 'Replace the key secret' }).click()
    assert.equal(await keySecret.isDisabled(), false)
    assert.equal(await keySecret.evaluate((el) => el === document.activeElement), true)
    await razorpay.getByRole('button', { name: 'Keep the saved key secret' }).click()

    // back to the shop's keys, with a cash-on-delivery limit
    await razorpay.getByLabel('Key id').fill('')
    await admin.getByLabel(/^Maximum order value/).fill('1')
    await admin.getByRole('button', { name: 'Save' }).click()
    await razorpay.getByText(/payments use the shop’s Razorpay account/).waitFor()
    await admin.reload()
    assert.equal(await admin.getByLabel(/^Maximum order value/).inputValue(), '1')

    const phone = await openPage(browser, MOBILE)
    await phone.page.goto(`${server.origin}/bos/admin/payments`)
    await phone.context.addCookies(await context.cookies())
    await phone.page.goto(`${server.origin}/bos/admin/payments`)
    await phone.page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor()
    await shot(phone.page, 'payments-phone')
    await phone.context.close()

    // the shopper's checkout: cash on delivery listed, greyed out with the limit named
    const { page: shopper, context: shopperContext } = await openPage(browser, { viewport: { width: 1280, height: 900 } })
    await signInShopper(shopper, server.origin, '9876500003', STAFF_CODE)
    await shopper.goto(`${server.origin}/products?s=price_desc`)
    await shopper.waitForLoadState('networkidle')
    await shopper
      .getByRole('button', { name: /^Add .* to cart$/ })
      .first()
      .click()
    await shopper.waitForFunction(() => /\d+/.test(document.querySelector('[aria-label^="Cart, "]')?.getAttribute('aria-label') ?? ''), null, { polling: 100 })
    await shopper.goto(`${server.origin}/checkout`)
    await shopper.getByText('Available for orders up to ₹1: please pay online').waitFor()
    assert.equal(await shopper.getByRole('radio', { name: /^Cash on delivery/ }).isDisabled(), true)
    await shot(shopper, 'payments-checkout-cod-limit')
    await shopperContext.close()

    // no limit again, for the other tests of this server
    await admin.getByLabel(/^Maximum order value/).fill('')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('Payment methods saved').first().waitFor()
    assert.deepEqual(errors, [])
    await context.close()
  })
})
