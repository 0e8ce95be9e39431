import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { after, afterEach, before, describe, it } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'

let server: TestServer
let browser: Browser
const opened: BrowserContext[] = []
before(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close().catch(() => {})))
})

/** Where the screenshots go when SCREENSHOTS_DIR is set (to look at them), else nowhere. */
const SHOTS = process.env.SCREENSHOTS_DIR
async function home(options: typeof MOBILE | typeof DESKTOP) {
  const s = await openPage(browser, options)
  opened.push(s.context)
  await s.page.goto(`${server.origin}/`)
  return s
}

/** Each item's box in a grid block's list, in page order. */
const boxes = (page: Page, type: string) =>
  page.locator(`section[data-block-type="${type}"] ul > li`).evaluateAll((items) =>
    items.map((li) => {
      const r = li.getBoundingClientRect()
      return { top: Math.round(r.top + scrollY), left: Math.round(r.left), width: Math.round(r.width) }
    }),
  )
/** How many items the grid's first row holds (scrolled to first: a block below the fold draws as it nears the view, issue 31). */
const across = async (page: Page, type: string) => {
  await page.locator(`section[data-block-type="${type}"]`).scrollIntoViewIfNeeded()
  await page.locator(`section[data-block-type="${type}"] ul > li`).first().waitFor()
  const items = await boxes(page, type)
  assert.ok(items.length > 0, `${type} shows items`)
  return items.filter((b) => b.top === items[0].top).length
}

/** The first screen and each grid block, their pictures loaded (they wait for scroll). */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}-top.png` })
  for (const type of ['category_grid', 'product_grid']) {
    const section = page.locator(`section[data-block-type="${type}"]`)
    await section.scrollIntoViewIfNeeded()
    await section
      .locator('img')
      .evaluateAll((imgs) =>
        Promise.all(
          (imgs as HTMLImageElement[]).map(
            (i) => (i.loading = 'eager') && (i.complete ? null : new Promise((r) => i.addEventListener('load', r, { once: true }))),
          ),
        ),
      )
    await section.screenshot({ path: `${SHOTS}/${name}-${type}.png` })
    // what the screen shows with the block at its top
    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: `${SHOTS}/${name}-${type}-screen.png` })
  }
}

describe('the demo home page’s grids (issue 31)', () => {
  it('on a 390px phone: category tiles 4 across and Best sellers 2 across, whose Add to Cart adds the pack', async () => {
    const { page, errors } = await home(MOBILE)
    assert.equal(await across(page, 'category_grid'), 4)
    assert.equal(await across(page, 'product_grid'), 2)
    const tiles = await boxes(page, 'category_grid')
    assert.ok(tiles.length >= 8, `${tiles.length} category tiles`)
    for (const t of tiles) assert.ok(t.width >= 70 && t.left >= 0 && t.left + t.width <= 390, `a tile ${JSON.stringify(t)} fits the phone`)
    const cards = await boxes(page, 'product_grid')
    assert.equal(cards.length, 12)
    for (const c of cards) assert.ok(c.width >= 150 && c.left + c.width <= 390, `a card ${JSON.stringify(c)} fits the phone`)
    // the images below the fold wait for scroll, and their size is known before they arrive (no layout shift)
    const imgs = await page
      .locator('section[data-block-type="product_grid"] img, section[data-block-type="category_grid"] img')
      .evaluateAll((list) => list.map((i) => [i.getAttribute('loading'), i.getAttribute('width'), i.getAttribute('height')]))
    for (const [loading, width, height] of imgs) assert.ok(loading === 'lazy' && Number(width) > 0 && Number(height) > 0)
    await shoot(page, 'phone-390-home')

    const grid = page.locator('section[data-block-type="product_grid"]')
    const card = grid
      .locator('article')
      .filter({ has: page.getByRole('button', { name: /^Add .* to cart$/ }) })
      .first()
    const name = (await card.locator('h3').textContent())!.trim()
    await card.getByRole('button', { name: /^Add .* to cart$/ }).click()
    const added = grid.locator('article').filter({ has: page.getByRole('heading', { name, exact: true }) })
    await added.getByRole('group', { name: /^Quantity of/ }).waitFor()
    await page.waitForFunction(() => document.querySelector('[aria-label^="Cart, 1 item"]'), null, { polling: 100 })
    await shoot(page, 'phone-390-added')
    assert.deepEqual(errors, [])
  })

  it('on the narrowest phones (340px) tiles are 3 across; on a 1280px desktop the 11 tiles in one row and 6 products a row', async () => {
    const narrow = await home({ ...MOBILE, viewport: { width: 340, height: 740 } })
    assert.equal(await across(narrow.page, 'category_grid'), 3)
    assert.equal(await across(narrow.page, 'product_grid'), 2)
    const wide = await home(DESKTOP)
    assert.equal(await across(wide.page, 'category_grid'), 11)
    assert.equal(await across(wide.page, 'product_grid'), 6)
    await shoot(wide.page, 'desktop-1280-home')
    assert.deepEqual([...narrow.errors, ...wide.errors], [])
  })
})
