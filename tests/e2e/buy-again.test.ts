import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { placeCodOrder, signInShopper } from './shop-flow'

/**
 * Issue 31: the buy-again shelf. A pack the shopper bought twice is on it, on the home page and in the account, and
 * one tap adds it; a visitor's home page never fetches its code or its data.
 */
const CODE = '123456'
const SHOPPER = '9876500003'
let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

/** The requests of the buy-again shelf: its chunk and its call. */
function buyAgainRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname
    if (/^\/assets\/buy-again-[^/]*\.js$/.test(p) || p === '/s/api/account/buy-again') seen.push(p)
  })
  return seen
}

/** SHOTS=1 writes screenshots to /tmp/buy-again-*.png */
const shot = (page: Page, name: string) => (process.env.SHOTS ? page.screenshot({ path: `/tmp/buy-again-${name}.png` }) : Promise.resolve())
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('buy again (issue 31)', () => {
  it("a visitor's home page loads neither the shelf's code nor its data", async () => {
    const { context, page, errors } = await openPage(browser, MOBILE)
    const seen = buyAgainRequests(page)
    await page.goto(`${server.origin}/`)
    await page.waitForLoadState('networkidle')
    assert.equal(await page.getByTestId('buy-again').count(), 0)
    assert.deepEqual(seen, [])
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('a pack bought twice shows on the home page and in the account; one tap adds it', async () => {
    const { context, page, errors } = await openPage(browser, MOBILE)
    const o = server.origin
    await signInShopper(page, o, SHOPPER, CODE)
    // placeCodOrder buys the dearest product's first pack: twice
    await page.goto(`${o}/products?s=price_desc`)
    const name = (await page.locator('article h3').first().textContent())!.trim()
    await placeCodOrder(page, o)
    await placeCodOrder(page, o)

    const seen = buyAgainRequests(page)
    await page.goto(`${o}/`)
    const shelf = page.getByTestId('buy-again')
    await shelf.getByRole('heading', { name: 'Buy again' }).waitFor()
    await shelf.getByRole('link', { name }).first().waitFor({ state: 'attached' })
    assert.ok(
      seen.some((p) => p.startsWith('/assets/buy-again-')),
      `the shelf's chunk was fetched for the signed-in shopper: ${seen}`,
    )
    assert.ok(seen.includes('/s/api/account/buy-again'), `and its data: ${seen}`)

    // one tap on its Add to Cart adds the pack (the cart was emptied by the orders)
    await shelf.scrollIntoViewIfNeeded()
    await shot(page, 'home')
    const add = shelf.getByRole('button', { name: new RegExp(`^Add ${literal(name)} .+ to cart$`) }).first()
    await add.scrollIntoViewIfNeeded()
    await add.click()
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor()

    await page.goto(`${o}/account`)
    const inAccount = page.getByTestId('buy-again')
    await inAccount.getByRole('heading', { name: 'Buy again' }).waitFor()
    await inAccount.getByRole('link', { name }).first().waitFor({ state: 'attached' })
    await shot(page, 'account')
    assert.deepEqual(errors, [])
    await context.close()
  })
})
