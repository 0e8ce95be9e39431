import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, MOBILE } from './browser'
import { networkCut } from './network-cut'
import { startServer, type TestServer } from './server'

let server: TestServer
let browser: Browser
let net: Awaited<ReturnType<typeof networkCut>>

before(async () => {
  ;[server, browser, net] = await Promise.all([startServer(), launchBrowser(), networkCut()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
  await net?.close()
})

/** The page addresses the shopper's worker keeps (its pages cache), path and query. */
const keptPages = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('shop-pages-'))
    const urls: string[] = []
    for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname + new URL(req.url).search)
    return urls
  })

describe('the shop installed on a phone, on a flaky network (issue 31)', () => {
  it('is installable, reloads the product list with the network cut, and shows the offline page (never a kept copy) for the account', async () => {
    // Every request of this context, its service worker's included, goes through a proxy whose cable the test pulls
    // (Playwright's offline switch does not reach a worker's own fetches).
    const context = await browser.newContext({ ...MOBILE, proxy: { server: net.url } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    await page.goto(`${server.origin}/`)

    // The manifest: linked from the page, valid for Chromium, the demo store's own.
    const cdp = await context.newCDPSession(page)
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string }
    assert.equal(manifest.url, `${server.origin}/manifest.webmanifest`)
    assert.deepEqual(manifest.errors, [])
    const data = JSON.parse(manifest.data ?? '{}')
    assert.equal(data.name, 'Kirana Fresh')
    assert.equal(data.start_url, '/')
    assert.equal(data.display, 'standalone')
    assert.equal(data.theme_color, '#0c7a2a')
    for (const icon of data.icons as { src: string; sizes: string }[]) {
      const answer = await page.evaluate(async (src) => {
        const res = await fetch(src)
        const img = await createImageBitmap(await res.blob())
        return { type: res.headers.get('content-type'), size: `${img.width}x${img.height}` }
      }, icon.src)
      assert.deepEqual(answer, { type: 'image/png', size: icon.sizes })
    }

    // The worker registers once the page is idle, takes the page and keeps the shell, the offline page and this page.
    await page.waitForFunction(
      async () => {
        if (!navigator.serviceWorker.controller) return false
        const shell = (await caches.keys()).find((n) => n.startsWith('shop-shell-'))
        return Boolean(shell && (await (await caches.open(shell)).match('/offline.html')))
      },
      null,
      { timeout: 30_000, polling: 250 },
    )
    // Chromium's own check finds nothing missing (a test's context is always incognito, which it names too)
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
    assert.deepEqual(
      installability.installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
      [],
    )

    await page.goto(`${server.origin}/products`)
    await page
      .getByTestId('result-count')
      .filter({ hasText: /products/ })
      .waitFor()
    const firstProduct = (await page.locator('article h3').first().textContent()) ?? ''
    assert.ok(firstProduct)
    await page.waitForFunction(
      async () => {
        for (const name of (await caches.keys()).filter((n) => n.startsWith('shop-pages-')))
          if (await (await caches.open(name)).match('/products', { ignoreVary: true })) return true
        return false
      },
      null,
      { timeout: 15_000, polling: 250 },
    )

    // The cable is pulled: nothing of this phone reaches the server, the worker included. The product list reloads
    // from the worker's copy, after the worker asked the network first.
    net.cut()
    const refusedBefore = net.refused.length
    await page.reload()
    await page
      .getByTestId('result-count')
      .filter({ hasText: /products/ })
      .waitFor()
    assert.equal(await page.locator('article h3').first().textContent(), firstProduct)
    assert.ok(net.refused.slice(refusedBefore).includes('/products'), 'the worker asked the network for the page first')

    // An account page is personal: never kept, so offline it is the offline page, not a copy.
    await page.goto(`${server.origin}/account/orders`)
    await page.getByRole('heading', { name: 'You are offline' }).waitFor()
    assert.ok(net.refused.includes('/account/orders'), 'the worker asked the network for the account page')
    assert.equal(await page.getByRole('link', { name: 'Try again' }).getAttribute('href'), '')
    if (process.env.SHOTS) await page.screenshot({ path: path.join(process.env.SHOTS, 'shop-offline-390.png') })
    const kept = await keptPages(page)
    assert.ok(kept.includes('/products') && kept.includes('/'), `kept: ${kept.join(', ')}`)
    assert.deepEqual(
      kept.filter((u) => /account|checkout|auth|cart|order/.test(u)),
      [],
    )

    // The network is back: the account page comes from the server again (its sign-in, for a visitor).
    net.restore()
    await page.goto(`${server.origin}/account/orders`)
    await page.waitForURL(/\/auth\/login/)
    assert.deepEqual(errors, [])
    await context.close()
  })
})
