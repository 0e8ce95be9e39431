import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, afterEach, before, describe, it } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, openSlowPhone, pageCaughtUp } from './browser'
import { startServer, type TestServer } from './server'
import { tapAddToCart, tapNow } from './tap-feedback'

let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})
const opened: BrowserContext[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close().catch(() => {})))
})

/** What the answer to a tap may take on the slow phone, once the page's script has arrived. */
const ANSWER_MS = 20_000

/** The app's entry script: the module that hydrates the page (the built index.html names it). */
const ENTRY = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../dist/client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>
)['index.html'].file

/**
 * Holds the entry script back until the returned `release()`: the throttled phone shows the page and its script is
 * still on the way, every time (the window is otherwise a second or so, and Playwright itself needs the busy page).
 */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**/${ENTRY}`, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** A throttled phone, its entry script held back, that notes for each of the shopper's taps whether the page had hydrated yet. */
async function slowPhone() {
  const s = await openSlowPhone(browser)
  opened.push(s.context)
  await s.context.addInitScript(() => {
    const taps: string[] = []
    Object.assign(window, { shopperTaps: taps })
    addEventListener(
      'click',
      (e) => e.isTrusted && taps.push(document.documentElement.dataset.hydrated === 'true' ? 'after hydration' : 'before hydration'),
      true,
    )
  })
  return { ...s, release: await holdEntryScript(s.page) }
}

/** Opens `path` and returns once the page has painted its first content, without waiting for its script. */
async function visit(page: Page, path: string) {
  await page.goto(`${server.origin}${path}`, { waitUntil: 'commit' })
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { polling: 20 })
}

/** The test means something only when the shopper's tap reached the page before its script took over. */
async function assertTappedEarly(page: Page) {
  const taps = await page.evaluate(() => (window as unknown as { shopperTaps: string[] }).shopperTaps)
  assert.deepEqual(taps, ['before hydration'], 'the tap came before hydration')
}

describe('the first tap on a slow phone (CPU 6× slower, 150 ms round trips, 1.6 Mbps)', () => {
  it('opens the cart drawer when the cart button is tapped as soon as it shows', async () => {
    const { page, errors, release } = await slowPhone()
    await visit(page, '/')
    await tapNow(page.getByRole('button', { name: /^Cart/ }))
    await assertTappedEarly(page)
    release()
    await page.getByRole('dialog', { name: 'Cart Summary' }).waitFor({ timeout: ANSWER_MS })
    assert.deepEqual(errors, [])
  })

  it("opens 'Change Location' when the pincode button is tapped as soon as it shows", async () => {
    const { page, errors, release } = await slowPhone()
    await visit(page, '/')
    await tapNow(page.getByRole('button', { name: /delivery pincode/i }))
    await assertTappedEarly(page)
    release()
    await page.getByRole('dialog', { name: 'Change Location' }).waitFor({ timeout: ANSWER_MS })
    assert.deepEqual(errors, [])
  })

  it("adds the pack when 'Add to Cart' is tapped as soon as it shows", async () => {
    const { page, errors, release } = await slowPhone()
    await visit(page, '/products')
    await tapNow(page.getByRole('button', { name: /^Add .* to cart$/ }).first())
    await assertTappedEarly(page)
    release()
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor({ timeout: ANSWER_MS })
    assert.deepEqual(errors, [])
  })

  it("answers a tap on 'Add to Cart' at once, before the server does (within 100 ms: issue 31), then shows the server's cart", async (t) => {
    const { page, context, errors } = await openSlowPhone(browser)
    opened.push(context)
    // monitoring and analytics load 2.5 s after the page is interactive (decision 0037): the tap comes once they have
    const telemetry = page.waitForResponse((r) => /\/assets\/telemetry-start-[^/]*\.js$/.test(r.url()), { timeout: ANSWER_MS })
    await page.goto(`${server.origin}/products`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: ANSWER_MS })
    const add = page.getByRole('button', { name: /^Add .* to cart$/ }).first()
    await add.waitFor()
    await telemetry
    await page.waitForLoadState('networkidle')
    await pageCaughtUp(page)
    const { shownMs: ms, answeredMs } = await tapAddToCart(page, add, tapNow, ANSWER_MS)
    assert.ok(ms < answeredMs, `the button changed (${Math.round(ms)} ms) before the server answered (${Math.round(answeredMs)} ms)`)
    t.diagnostic(`tap to feedback ${Math.round(ms)} ms, server's answer ${Math.round(answeredMs)} ms after the tap`)
    // A time budget is judged only where the machine can keep it: on a shared machine under load (several times more
    // runnable work than cores) the throttled CPU is slower still, and the figure says more about the neighbours.
    const perCore = os.loadavg()[0] / os.cpus().length
    if (perCore <= 1) assert.ok(ms < 100, `the button answered the tap in ${Math.round(ms)} ms`)
    else t.diagnostic(`100 ms not judged: load average ${perCore.toFixed(1)} per core`)
    assert.deepEqual(errors, [])
  })

  it('searches for the trimmed text when Enter is pressed in the search box before the script is here', async () => {
    const { page, errors, release } = await slowPhone()
    await visit(page, '/')
    const search = page.getByRole('search').getByRole('combobox')
    await search.fill('  basmati  ')
    assert.notEqual(await page.evaluate(() => document.documentElement.dataset.hydrated), 'true', 'the page has not hydrated yet')
    await search.press('Enter')
    release()
    await page.waitForURL(/\/products\?q=basmati$/, { timeout: ANSWER_MS })
    await page.getByRole('heading', { name: 'Results for “basmati”' }).waitFor({ timeout: ANSWER_MS })
    // one label per search box: the phone's box is named by its own label
    assert.equal(await page.getByRole('combobox', { name: 'Search products' }).count(), 1)
    assert.deepEqual(errors, [])
  })
})
