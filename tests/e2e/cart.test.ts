import assert from 'node:assert/strict'
import { after, afterEach, before, describe, it } from 'node:test'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'

let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: '123456' }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})
// A failed test's page must not stay open in front of the next one.
const opened: BrowserContext[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close().catch(() => {})))
})
async function openShopper(options: typeof DESKTOP | typeof MOBILE) {
  const s = await openPage(browser, options)
  opened.push(s.context)
  return s
}

/** A server-rendered page the shopper can use: its code is loaded and hydrated. */
async function open(page: Page, path: string) {
  await page.goto(`${server.origin}${path}`)
  await page.waitForLoadState('networkidle')
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart(, \d+ items?)?$/ })
const cartCount = async (page: Page) => Number((await cartButton(page).first().getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0)
/** The first card that offers 'Add to Cart', pinned by its name (once added, it offers plus and minus instead). */
async function firstCard(page: Page): Promise<{ card: Locator; name: string }> {
  const name = (await page
    .locator('article')
    .filter({ has: page.getByRole('button', { name: /^Add .* to cart$/ }) })
    .first()
    .locator('h3')
    .textContent())!.trim()
  return {
    card: page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name, exact: true }) })
      .first(),
    name,
  }
}
/** Waits (without animation frames: other test pages may be in front) for the cart badge to say `n`. */
const cartSays = (page: Page, n: number) =>
  page.waitForFunction((count) => document.querySelector(count === 0 ? '[aria-label="Cart"]' : `[aria-label^="Cart, ${count} item"]`), n, { polling: 100 })
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Cart Summary' })
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

async function openCart(page: Page) {
  await cartButton(page).first().click()
  await drawer(page).waitFor()
  // the drawer asks the server again when it opens
  await page.waitForLoadState('networkidle')
}

async function quantityIn(scope: Locator) {
  return Number(
    await scope
      .getByRole('group', { name: /^Quantity of/ })
      .locator('[aria-live]')
      .textContent(),
  )
}

describe('the cart', () => {
  it('adds from a card, changes the quantity, removes, and shows the empty state', async () => {
    const { page, errors } = await openShopper(MOBILE)
    await open(page, '/products')
    const { card, name } = await firstCard(page)
    await card.getByRole('button', { name: /^Add .* to cart$/ }).click()
    await card.getByRole('group', { name: /^Quantity of/ }).waitFor()
    assert.equal(await quantityIn(card), 1)
    assert.equal(await cartCount(page), 1)

    await card.getByRole('button', { name: /^One more/ }).click()
    await cartSays(page, 2)
    assert.equal(await quantityIn(card), 2)

    await openCart(page)
    const line = drawer(page).getByTestId('cart-line').filter({ hasText: name })
    assert.equal(await quantityIn(line), 2)
    await line.getByRole('button', { name: /^One more/ }).click()
    await cartSays(page, 3)
    assert.equal(await quantityIn(line), 3)
    await line.getByRole('button', { name: /^One fewer/ }).click()
    await cartSays(page, 2)
    const unit = rupees(await line.locator('[data-price]').first().textContent())
    assert.equal(rupees(await drawer(page).getByText('Items Total:').locator('xpath=..').locator('dd').textContent()), unit * 2)
    assert.ok(await drawer(page).getByRole('button', { name: 'Continue to Checkout' }).isEnabled())

    await line.getByRole('button', { name: /^Remove .* from the cart$/ }).click()
    await drawer(page).getByRole('heading', { name: 'Empty Cart' }).waitFor()
    await drawer(page).getByText('Your cart is empty').waitFor()
    assert.equal(await cartCount(page), 0)
    await drawer(page).getByRole('button', { name: 'Close' }).click()
    await drawer(page).waitFor({ state: 'detached' })
    await card.getByRole('button', { name: /^Add .* to cart$/ }).waitFor()
    assert.deepEqual(errors, [])
  })

  it('keeps the quantity on a reload and on the product page (the server says it)', async () => {
    const { page, errors } = await openShopper(DESKTOP)
    await open(page, '/products')
    const { card } = await firstCard(page)
    const href = await card.locator('h3 a').getAttribute('href')
    await card.getByRole('button', { name: /^Add .* to cart$/ }).click()
    await card.getByRole('group', { name: /^Quantity of/ }).waitFor()
    await page.reload()
    await page.waitForLoadState('networkidle')
    assert.equal(await cartCount(page), 1)
    await open(page, href!)
    const control = page.getByRole('main').getByRole('group', { name: /^Quantity of/ })
    await control.waitFor()
    assert.equal(await quantityIn(page.getByRole('main')), 1)
    assert.deepEqual(errors, [])
  })

  it('applies a coupon, says why another is refused, and removes it', async () => {
    const { page, errors } = await openShopper(DESKTOP)
    await open(page, '/products?s=price_desc')
    await (await firstCard(page)).card.getByRole('button', { name: /^Add .* to cart$/ }).click()
    await cartSays(page, 1)
    await openCart(page)
    const box = drawer(page)
    await box.getByPlaceholder('Coupon code').fill('nope')
    await box.getByRole('button', { name: 'Apply' }).click()
    await box.getByRole('alert').filter({ hasText: 'Coupon code NOPE is not valid' }).waitFor()

    await box.getByPlaceholder('Coupon code').fill('welcome10')
    await box.getByRole('button', { name: 'Apply' }).click()
    await box.getByText('WELCOME10', { exact: true }).waitFor()
    const amount = rupees(await box.getByText('Items Total:').locator('xpath=..').locator('dd').textContent())
    const discount = rupees(await box.getByText('Coupon WELCOME10').locator('xpath=..').locator('dd').textContent())
    assert.equal(discount, Math.min(Math.floor(amount * 10) / 100, 100))
    const delivery = amount >= 499 ? 0 : 30
    assert.equal(rupees(await box.getByTestId('cart-total').textContent()), Math.round((amount - discount + delivery) * 100) / 100)

    await box.getByRole('button', { name: 'Remove coupon WELCOME10' }).click()
    await box.getByPlaceholder('Coupon code').waitFor()
    assert.equal(await box.getByText('Coupon WELCOME10').count(), 0)
    assert.equal(rupees(await box.getByTestId('cart-total').textContent()), Math.round((amount + delivery) * 100) / 100)
    assert.deepEqual(errors, [])
  })

  it('a pincode served from the other warehouse moves the cart there: the lines and their total stay (issue 31)', async () => {
    const { page, errors } = await openShopper(DESKTOP)
    await open(page, '/products')
    await (await firstCard(page)).card.getByRole('button', { name: /^Add .* to cart$/ }).click()
    await cartSays(page, 1)
    await openCart(page)
    const itemsTotal = async () => rupees(await drawer(page).getByText('Items Total:').locator('xpath=..').locator('dd').textContent())
    const before = await itemsTotal()
    assert.ok(before > 0)
    await drawer(page).getByRole('button', { name: 'Close' }).first().click()
    await drawer(page).waitFor({ state: 'detached' })

    const changePincode = async (pincode: string) => {
      await page
        .getByRole('button', { name: /pincode/i })
        .first()
        .click()
      const dialog = page.getByRole('dialog', { name: 'Change Location' })
      await dialog.getByLabel('Pincode').fill(pincode)
      await dialog.getByRole('button', { name: 'Submit' }).click()
      return dialog
    }
    // a pincode nobody serves is refused, and the cart keeps its pincode
    const refused = await changePincode('110001')
    await refused.getByText("Sorry, we don't deliver to 110001 yet.").waitFor()
    await refused.getByRole('button', { name: 'Close' }).click()
    await refused.waitFor({ state: 'detached' })
    // one served from the other warehouse: the page reloads, the line comes from there, nothing is marked
    await Promise.all([page.waitForEvent('load'), changePincode('560100')])
    await page.waitForLoadState('networkidle')
    await openCart(page)
    await drawer(page).getByRole('button', { name: 'Continue to Checkout' }).waitFor()
    assert.equal(await itemsTotal(), before)
    assert.equal(
      await drawer(page)
        .getByText(/Not deliverable to 560100|can't be delivered to 560100/)
        .count(),
      0,
    )
    assert.equal(await drawer(page).getByRole('button', { name: 'Continue to Checkout' }).isDisabled(), false)
    assert.deepEqual(errors, [])
  })
})

describe('wishlists', () => {
  it('sends a visitor to sign in and back, then creates a named wishlist and saves a product to it', async () => {
    const { page, errors } = await openShopper(DESKTOP)
    await open(page, '/products?q=masala')
    const card = page.locator('article').first()
    const name = (await card.locator('h3').textContent())!.trim()
    await card.getByRole('button', { name: `Save ${name} to a wishlist` }).click()

    await page.waitForURL(/\/auth\/login$/)
    await page.getByPlaceholder('98765 43210 or you@example.in').fill('9876500003')
    await page.keyboard.press('Enter')
    await page.getByLabel('6-digit code').fill('123456')
    await page.waitForURL(/\/products\?q=masala$/)
    await page.waitForLoadState('networkidle')

    const heart = page
      .locator('article')
      .filter({ hasText: name })
      .first()
      .getByRole('button', { name: `Save ${name} to a wishlist` })
    assert.equal(await heart.getAttribute('aria-pressed'), 'false')
    await heart.click()
    const pick = page.getByRole('dialog', { name: 'Add Products In Wishlist' })
    await pick.getByRole('button', { name: 'Default' }).waitFor()
    await pick.getByRole('button', { name: 'Create Another Wishlist' }).click()
    const create = page.getByRole('dialog', { name: 'Create Another Wish List' })
    await create.getByLabel('New Wishlist').fill('Diwali party')
    await create.getByRole('button', { name: 'Submit' }).click()
    await create.waitFor({ state: 'detached' })
    await pick.getByRole('button', { name: 'Diwali party' }).click()
    await page.getByText('Wishlist added successfully').waitFor()
    await pick.waitFor({ state: 'detached' })
    assert.equal(await heart.getAttribute('aria-pressed'), 'true')

    // the flag is the server's too: on the product page after a reload
    await page.reload()
    await page.waitForLoadState('networkidle')
    assert.equal(await heart.getAttribute('aria-pressed'), 'true')

    await open(page, '/account/wishlist')
    const list = page.getByRole('region', { name: /^Diwali party/ })
    await list.getByText(name).waitFor()
    await list.getByRole('button', { name: /^Add .* to cart$/ }).click()
    await list.getByRole('group', { name: /^Quantity of/ }).waitFor()
    await list.getByRole('button', { name: `Remove ${name} from Diwali party` }).click()
    await list.getByText('Nothing saved here yet', { exact: false }).waitFor()
    assert.deepEqual(errors, [])
  })
})
