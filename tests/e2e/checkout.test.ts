import assert from 'node:assert/strict'
import { after, afterEach, before, describe, it } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'

const CODE = '123456'
const SHOPPER = '9876500003'
let server: TestServer
let browser: Browser
let state: Awaited<ReturnType<BrowserContext['storageState']>> | undefined

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})
const opened: BrowserContext[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close().catch(() => {})))
})

const shot = (page: Page, name: string) => (process.env.SHOTS ? page.screenshot({ path: `/tmp/cc-${name}.png`, fullPage: true }) : Promise.resolve())

/** The demo shopper on a phone, signed in once through the screens and then by the saved cookies. */
async function shopper() {
  const s = await openPage(browser, { ...MOBILE, storageState: state })
  opened.push(s.context)
  if (!state) {
    await s.page.goto(`${server.origin}/auth/login`)
    await s.page.getByLabel('Mobile number or email').fill(SHOPPER)
    await s.page.getByRole('button', { name: /Send code|Continue/ }).click()
    await s.page.getByLabel('6-digit code').fill(CODE)
    await s.page.waitForURL(`${server.origin}/`)
    state = await s.context.storageState()
  }
  return s
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart(, \d+ items?)?$/ }).first()
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Cart Summary' })

/** Adds the n-th card's product (dearest first, so the coupon has something to take off). */
async function addProducts(page: Page, count = 1) {
  await page.goto(`${server.origin}/products?s=price_desc`)
  await page.waitForLoadState('networkidle')
  for (let i = 0; i < count; i++) {
    const add = page.getByRole('button', { name: /^Add .* to cart$/ }).first()
    await add.click()
    await page
      .waitForFunction((n) => document.querySelector(`[aria-label^="Cart, "]`)?.getAttribute('aria-label')?.match(/\d+/)?.[0] === String(n), i + 1, {
        polling: 100,
      })
      .catch(() => {})
  }
}

async function toCheckout(page: Page) {
  await cartButton(page).click()
  await drawer(page).waitFor()
  await page.waitForLoadState('networkidle')
  await drawer(page).getByRole('button', { name: 'Continue to Checkout' }).click()
  await page.waitForURL(`${server.origin}/checkout`)
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor()
}

/** The first checkout has no saved address: it is added inline. */
async function ensureAddress(page: Page) {
  const form = page.getByRole('heading', { name: 'New address' })
  await page.getByRole('heading', { name: 'Delivery address' }).waitFor()
  await page.waitForLoadState('networkidle')
  if (!(await form.isVisible())) return
  const fill: [string, string][] = [
    ['Full name', 'Meera Iyer'],
    ['Mobile number', '9876500003'],
    ['House / flat no.', 'Flat 4B'],
    ['Building / street', 'Lotus Apartments'],
    ['Area / locality', 'Indiranagar'],
    ['City', 'Bengaluru'],
    ['Pincode', '560038'],
  ]
  for (const [label, value] of fill) await page.getByRole('textbox', { name: label, exact: true }).fill(value)
  await page.getByRole('combobox', { name: 'State' }).selectOption('Karnataka')
  await page.getByText('Delivery available to 560038').waitFor()
  await page.getByRole('button', { name: 'Add address' }).click()
  await form.waitFor({ state: 'detached' })
}

/** Chooses the method and places the order; answers the new page's path. */
async function placeWith(page: Page, method: RegExp) {
  await ensureAddress(page)
  await page.getByRole('radio', { name: method }).check()
  // a delivery window is chosen for the shopper (the first open one)
  await page.locator('input[name^="slot-"]:checked').first().waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
  const place = page.getByRole('button', { name: /^Place order/ })
  await place.click()
  await page.waitForURL((url) => url.pathname !== '/checkout')
  return new URL(page.url()).pathname
}

const orderIdOf = (path: string) => Number(path.split('/').pop())

describe('checkout in the browser', () => {
  it('applies a coupon and places a cash-on-delivery order (a double click makes one order)', async () => {
    const { page, errors } = await shopper()
    await addProducts(page, 2)
    await cartButton(page).click()
    const box = drawer(page)
    await box.waitFor()
    await box.getByPlaceholder('Coupon code').fill('welcome10')
    await box.getByRole('button', { name: 'Apply' }).click()
    await box.getByText('WELCOME10', { exact: true }).waitFor()
    await box.getByRole('button', { name: 'Close' }).click()
    await toCheckout(page)
    await ensureAddress(page)
    await page.getByText(/^Discount \(WELCOME10\)$/).waitFor()
    assert.ok(await page.getByRole('radio', { name: /^Cash on delivery/ }).count())
    assert.ok(await page.getByRole('radio', { name: /^Razorpay/ }).count())
    assert.ok(await page.getByRole('radio', { name: /^Cashfree/ }).count())
    await page.getByRole('radio', { name: /^Cash on delivery/ }).check()
    await page.getByLabel('Order notes').fill('Ring the bell twice')
    await page.locator('input[name^="slot-"]:checked').first().waitFor({ state: 'attached' })
    await page.waitForLoadState('networkidle')
    await shot(page, 'checkout')
    const total = (await page.getByTestId('checkout-total').textContent())!
    const place = page.getByRole('button', { name: /^Place order/ })
    await place.dblclick()
    await page.waitForURL(/\/order\/success\//)
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor()
    const number = (await page.getByTestId('order-number').textContent())!
    assert.ok(page.url().endsWith(`/order/success/${number}`))
    assert.equal(await page.getByTestId('order-total').textContent(), total)
    await page.getByText('Ring the bell twice').waitFor()
    await page.getByText(/^Discount \(WELCOME10\)$/).waitFor()
    await shot(page, 'success')

    await page.goto(`${server.origin}/account/orders`)
    await page.getByTestId('order-row').first().waitFor()
    assert.equal(await page.getByTestId('order-row').count(), 1, 'a double click placed one order')
    await page.getByRole('link', { name: `Order ${number}` }).waitFor()
    assert.deepEqual(errors, [])
  })

  it('pays with Razorpay through the simulator: a failed try, then paid', async () => {
    const { page, errors } = await shopper()
    await addProducts(page)
    await toCheckout(page)
    const path = await placeWith(page, /^Razorpay/)
    assert.match(path, /^\/checkout\/razorpay\/\d+$/)
    const sim = page.locator('[data-sim="razorpay-checkout"]')
    await sim.waitFor()
    await shot(page, 'razorpay')
    await sim.locator('[data-sim="fail"]').click()
    await sim.getByText('Payment failed. Try again, or cancel.').waitFor()
    await sim.locator('[data-sim="cancel"]').click()
    await page.getByRole('heading', { name: 'Payment not completed' }).waitFor()
    await page.getByText(/The payment did not go through/).waitFor()
    await shot(page, 'razorpay-failed')
    await page.getByRole('button', { name: 'Retry payment' }).click()
    await sim.waitFor()
    await sim.locator('[data-sim="pay"]:not([disabled])').click()
    await page.waitForURL(/\/order\/success\//)
    await page.getByText(/Paid with Razorpay/).waitFor()
    await page.goto(`${server.origin}/account/orders/${orderIdOf(path)}`)
    await page.getByText('Paid', { exact: true }).first().waitFor()
    assert.deepEqual(errors, [])
  })

  it('an abandoned Razorpay payment keeps the order waiting, with a retry', async () => {
    const { page, errors } = await shopper()
    await addProducts(page)
    await toCheckout(page)
    const path = await placeWith(page, /^Razorpay/)
    const sim = page.locator('[data-sim="razorpay-checkout"]')
    await sim.waitFor()
    await sim.locator('[data-sim="cancel"]').click()
    await page.getByRole('heading', { name: 'Payment not completed' }).waitFor()
    await page.getByText(/You closed the payment window/).waitFor()
    await page.getByRole('button', { name: 'Retry payment' }).waitFor()
    await page.getByRole('link', { name: 'Back to checkout' }).waitFor()
    await page.goto(`${server.origin}/account/orders/${orderIdOf(path)}`)
    await page.getByRole('link', { name: 'Pay now' }).waitFor()
    assert.deepEqual(errors, [])
  })

  it('pays with Cashfree through the hosted page: failed, then paid on retry', async () => {
    const { page, errors } = await shopper()
    await addProducts(page)
    await toCheckout(page)
    const path = await placeWith(page, /^Cashfree/)
    assert.match(path, /^\/checkout\/cashfree\/\d+$/)
    const id = orderIdOf(path)
    await page.locator('button[data-outcome="failed"]').click()
    await page.waitForURL(`${server.origin}/checkout/confirm/${id}`)
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor()
    await shot(page, 'cashfree-failed')
    await page.getByRole('link', { name: 'Retry payment' }).click()
    await page.locator('button[data-outcome="success"]').click()
    await page.waitForURL(/\/order\/success\//)
    await page.getByText(/Paid with Cashfree/).waitFor()
    assert.deepEqual(errors, [])
  })

  it('lists the orders and cancels one before packing', async () => {
    const { page, errors } = await shopper()
    await page.goto(`${server.origin}/account/orders`)
    await page.getByTestId('order-row').first().waitFor()
    assert.ok((await page.getByTestId('order-row').count()) >= 4)
    await shot(page, 'orders')
    await page.getByTestId('order-row').last().click()
    await page.getByRole('heading', { name: /^Order / }).waitFor()
    await page.getByRole('heading', { name: 'Timeline' }).waitFor()
    await shot(page, 'order')
    await page.getByRole('button', { name: 'Cancel order' }).click()
    const dialog = page.getByRole('dialog', { name: /^Cancel order/ })
    await dialog.getByRole('button', { name: 'Cancel order' }).click()
    await page.getByText('Order cancelled').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Cancelled', { exact: true }).first().waitFor()
    assert.equal(await page.getByRole('button', { name: 'Cancel order' }).count(), 0)
    assert.deepEqual(errors, [])
  })
})
