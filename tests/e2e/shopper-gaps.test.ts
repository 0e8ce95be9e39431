import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { signInShopper } from './shop-flow'

/**
 * Issue 18, the gaps a BigBasket / Blinkit regular notices, walked at 360 px and 1280 px: unit prices, the product
 * page (breadcrumb + JSON-LD, delivery estimate, shelves, sticky bar), checkout's coupon field and offers with their
 * saving, the COD round-off, one item-count wording, the new-address form prefilled, the pincode kept across logout,
 * and a coupon that stops applying after sign-in explained. SHOTS=1 writes screenshots to /tmp/sg-*.png.
 */
const CODE = '123456'
const SHOPPER = '9876500003'
const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

const shot = (page: Page, name: string, fullPage = false) =>
  process.env.SHOTS ? page.screenshot({ path: `/tmp/sg-${name}.png`, fullPage }) : Promise.resolve()
const cartUnits = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('[aria-label^="Cart, "]')?.getAttribute('aria-label')?.match(/\d+/)?.[0] ?? 0))
async function waitUnits(page: Page, n: number) {
  await page.waitForFunction((want) => document.querySelector(`[aria-label^="Cart, "]`)?.getAttribute('aria-label')?.match(/\d+/)?.[0] === String(want), n, {
    polling: 100,
  })
}

describe('shopper gaps next to the grocery apps (issue 18)', () => {
  it('phone 360 px: unit prices, product page, offers and round-off at checkout, item counts, pincode kept, a coupon that stops applying explained', async () => {
    const { page, errors, context } = await openPage(browser, PHONE)
    const o = server.origin

    // the pincode first, so the product page can say when it arrives
    await page.goto(`${o}/products?s=price_desc`)
    await page.getByRole('button', { name: 'Set delivery pincode' }).first().click()
    await page.getByRole('dialog', { name: 'Change Location' }).getByRole('textbox').fill('560038')
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Submit' }).click()])
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    // every card with a quantity in its pack name shows its unit price
    const units = await page.getByTestId('unit-price').allTextContents()
    assert.ok(units.length >= 10, `unit prices on cards: ${units.length}`)
    assert.ok(
      units.every((u) => /^₹[\d,.]+\/(kg|L|100 g|100 ml|piece)$/.test(u)),
      units.join(' | '),
    )
    await shot(page, 'phone-list')

    // product page: breadcrumb through the category, delivery estimate, sticky price + add bar
    const card = page.locator('article h3 a').first()
    const name = (await card.textContent())!.trim()
    await card.click()
    await page.getByRole('heading', { level: 1, name }).waitFor()
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents()
    assert.equal(crumbs.filter((c) => c.trim()).length >= 3, true, crumbs.join(' › '))
    assert.equal(crumbs[0], 'Home')
    await page
      .getByTestId('delivery-estimate')
      .getByText(/^Delivery by (today|tomorrow|\w{3}, \d{1,2} \w{3}) /)
      .waitFor()
    const bar = page.getByTestId('sticky-buy-bar')
    assert.ok(await bar.isVisible(), 'sticky bar on a phone')
    const box = (await bar.boundingBox())!
    assert.ok(Math.abs(box.y + box.height - 780) <= 1, `bar at the bottom: ${JSON.stringify(box)}`)
    await page.getByTestId('similar-products').waitFor()
    await shot(page, 'phone-product')
    await bar.getByRole('button', { name: /^Add .* to cart$/ }).click()
    await waitUnits(page, 1)

    // sign in: checkout with the coupon field and the offers, each with its saving on this cart
    await signInShopper(page, o, SHOPPER, CODE)
    assert.equal(await cartUnits(page), 1)
    await page.goto(`${o}/checkout`)
    await page.getByRole('heading', { name: 'Delivery address' }).waitFor()
    await page.waitForLoadState('networkidle')
    if (await page.getByRole('heading', { name: 'New address' }).isVisible()) {
      // the new-address form starts with the account's name and phone and the chosen pincode
      assert.equal(await page.getByRole('textbox', { name: 'Mobile number', exact: true }).inputValue(), SHOPPER)
      assert.ok((await page.getByRole('textbox', { name: 'Full name', exact: true }).inputValue()).length > 0)
      assert.equal(await page.getByRole('textbox', { name: 'Pincode', exact: true }).inputValue(), '560038')
      await shot(page, 'phone-address-prefilled')
      for (const [label, value] of [
        ['House / flat no.', 'Flat 4B'],
        ['Building / street', 'Lotus Apartments'],
        ['Area / locality', 'Indiranagar'],
        ['City', 'Bengaluru'],
      ])
        await page.getByRole('textbox', { name: label, exact: true }).fill(value)
      await page.getByRole('combobox', { name: 'State' }).selectOption('Karnataka')
      await page.getByText('Delivery available to 560038').waitFor()
      await page.getByRole('button', { name: 'Add address' }).click()
      await page.getByRole('heading', { name: 'New address' }).waitFor({ state: 'detached' })
    }
    const offers = page.getByRole('list', { name: 'Offers for you' })
    await offers.waitFor()
    const welcome = offers.getByRole('listitem').filter({ hasText: 'WELCOME10' })
    await welcome.getByText(/^Saves ₹[\d,.]+ on this cart$/).waitFor()
    const saves = (await welcome.getByText(/^Saves/).textContent())!.match(/₹([\d,.]+)/)![1]
    await welcome.getByRole('button', { name: 'Apply WELCOME10' }).click()
    await page.getByText('WELCOME10 applied').waitFor()
    const discount = page.locator('dl').getByText(/^−₹/)
    assert.equal((await discount.textContent())!.replace('−₹', ''), saves)
    await page.getByRole('radio', { name: /^Cash on delivery/ }).check()
    await page.locator('input[name^="slot-"]:checked').first().waitFor({ state: 'attached' })
    await page.waitForLoadState('networkidle')
    const total = (await page.getByTestId('checkout-total').textContent())!
    assert.match(total, /^₹[\d,]+$/, 'cash totals are whole rupees')
    const roundOff = page.getByTestId('checkout-round-off')
    const rounded = await roundOff.isVisible()
    await page.getByRole('heading', { name: 'Order summary' }).scrollIntoViewIfNeeded()
    await shot(page, 'phone-checkout', true)
    await page.getByRole('button', { name: /^Place order/ }).click()
    await page.waitForURL(/\/order\/success\//)
    await page.getByRole('heading', { name: 'Items · 1 item' }).waitFor()
    assert.equal((await page.getByTestId('order-total').textContent())!, total)
    if (rounded) await page.getByTestId('order-round-off').waitFor()
    await shot(page, 'phone-success', true)
    await page.goto(`${o}/account/orders`)
    await page
      .getByText(/· 1 item$/)
      .first()
      .waitFor()

    // sign out: the pincode stays; as a visitor WELCOME10 is accepted again …
    await page.goto(`${o}/auth/logout`)
    await page.waitForURL(`${o}/`)
    await page.getByRole('button', { name: 'Delivery pincode 560038, change' }).first().waitFor()
    await page.goto(`${o}/products?s=price_desc`)
    await page
      .getByRole('button', { name: /^Add .* to cart$/ })
      .first()
      .click()
    await waitUnits(page, 1)
    await page
      .getByRole('button', { name: /^Cart, 1 item$/ })
      .first()
      .click()
    const drawer = page.getByRole('dialog', { name: 'Cart Summary' })
    await drawer.getByTestId('unit-price').first().waitFor()
    await drawer.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME10')
    await drawer.getByRole('button', { name: 'Apply' }).click()
    await drawer.getByText('WELCOME10 applied').waitFor()
    // … and after signing in (by e-mail this time: a second code to the phone waits for the resend delay) it no
    // longer applies: checkout says so and why, and lets it go
    await signInShopper(page, o, 'meera@demo.in', CODE)
    await page.goto(`${o}/checkout`)
    const notice = page.getByTestId('coupon-notice')
    await notice.getByText('You have already used WELCOME10').waitFor()
    await page.getByText('Remove WELCOME10: it does not apply').waitFor()
    await notice.scrollIntoViewIfNeeded()
    await shot(page, 'phone-coupon-notice')
    await page.getByRole('button', { name: 'Remove coupon WELCOME10' }).click()
    await notice.waitFor({ state: 'detached' })

    // the account tab strip shows the current tab; the brand drawer lists every brand; the sort control is whole
    await page.goto(`${o}/account/wishlist`)
    const tab = page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Wishlist' })
    await tab.waitFor()
    const tabBox = (await tab.boundingBox())!
    assert.ok(tabBox.x >= 0 && tabBox.x + tabBox.width <= 360, `current tab in view: ${JSON.stringify(tabBox)}`)
    await shot(page, 'phone-account-tabs')
    await page.goto(`${o}/products`)
    const sort = page.getByRole('combobox', { name: 'Sort by' })
    await sort.selectOption('price_asc')
    const fits = await sort.evaluate((el: HTMLSelectElement) => {
      const probe = document.createElement('span')
      probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:inherit'
      probe.style.font = getComputedStyle(el).font
      probe.textContent = el.selectedOptions[0].text
      document.body.append(probe)
      const w = probe.getBoundingClientRect().width
      probe.remove()
      return w + 36 <= el.getBoundingClientRect().width
    })
    assert.ok(fits, 'the chosen sort reads whole')
    await page.getByRole('button', { name: /^Brands/ }).click()
    const brands = page.getByRole('dialog', { name: 'Brands' })
    await brands.getByRole('checkbox').first().waitFor()
    const all = await brands.getByRole('checkbox').count()
    assert.ok(all >= 15, `brands: ${all}`)
    const list = brands.getByTestId('brand-list')
    assert.equal(await list.evaluate((el) => getComputedStyle(el).maxHeight), 'none')
    await brands.getByRole('checkbox').last().scrollIntoViewIfNeeded()
    assert.ok(await brands.getByRole('checkbox').last().isVisible())
    await shot(page, 'phone-brands')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('desktop 1280 px: product page layout, shelves and BreadcrumbList JSON-LD', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP)
    const o = server.origin
    await page.goto(`${o}/products?s=price_desc`)
    const card = page.locator('article h3 a').first()
    await card.click()
    await page.getByRole('heading', { level: 1 }).waitFor()
    assert.equal(await page.getByTestId('sticky-buy-bar').isVisible(), false)
    const jsonLd = await page.evaluate(() => document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '')
    const ld = JSON.parse(jsonLd)
    assert.equal(ld['@type'], 'BreadcrumbList')
    assert.ok(ld.itemListElement.length >= 3)
    assert.equal(ld.itemListElement.at(-1).name, (await page.getByRole('heading', { level: 1 }).textContent())!.trim())
    // server-rendered too
    const html = await (await fetch(page.url())).text()
    assert.match(html, /"@type":"BreadcrumbList"/)
    await page.getByTestId('similar-products').waitFor()
    await page.getByTestId('often-bought-together').waitFor()
    await shot(page, 'desktop-product', true)
    assert.deepEqual(errors, [])
    await context.close()
  })
})
