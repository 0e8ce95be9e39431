import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launchBrowser } from './browser'
import { networkCut } from './network-cut'
import { startServer, type TestServer } from './server'
import { STAFF_CODE, SUPERADMIN } from './staff-session'

let server: TestServer
let browser: Browser
let net: Awaited<ReturnType<typeof networkCut>>

before(async () => {
  ;[server, browser, net] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser(), networkCut()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
  await net?.close()
})

/** A staff call with the page's cookies and XSRF token, straight to the server (not through the cut). */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const origin = server.origin
  const cookies = await page.context().cookies(origin)
  const token = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? ''
  const res = await fetch(`${origin}/s${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-web-url': origin,
      'x-xsrf-token': decodeURIComponent(token),
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

async function scan(page: Page, code: string) {
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
}

describe('the counter with the network really gone (issue 28)', () => {
  it('reloads with the network cut (page, assets and catalogue kept on the device), sells a pack never scanned online, and sends each sale once when the network is back', async () => {
    const context = await browser.newContext({ ...DESKTOP, viewport: { width: 1280, height: 800 }, proxy: { server: net.url } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    await page.goto(`${server.origin}/auth/login`)
    await page.getByLabel('Mobile number or email').fill(SUPERADMIN)
    await page.getByRole('button', { name: /Send code|Continue/ }).click()
    await page.getByLabel('6-digit code').fill(STAFF_CODE)
    await page.waitForURL(`${server.origin}/`)
    assert.ok(net.forwarded.length > 0, 'the browser goes through the proxy')

    // A pack with stock at the register's warehouse and an SKU the counter never scans while online.
    const register = (await call(page, 'GET', '/api/pos/shifts/current')).body.register
    const list = (await call(page, 'GET', '/api/products?perPage=40&s=name')).body.data as {
      product_id: number
      product_name: string
      packs: { pack_id: number; in_stock: boolean }[]
    }[]
    const product = list.find((p) => p.packs.length === 1 && p.packs[0].in_stock)!
    const sku = `CUT-${Date.now() % 1000000}`
    const detail = (await call(page, 'GET', `/api/admin/products/${product.product_id}`)).body
    const packs = detail.packs.map((k: Record<string, unknown>) => ({
      pack_id: k.pack_id,
      pack_name: k.pack_name,
      price: k.price,
      act_price: k.act_price,
      sku,
    }))
    assert.equal((await call(page, 'PATCH', `/api/admin/products/${product.product_id}`, { version: detail.version, packs })).status, 200)
    const stocked = await call(page, 'PUT', '/api/admin/stock', {
      pack_id: product.packs[0].pack_id,
      warehouse_id: register.warehouse_id,
      quantity: 20,
      reason: 'count_correction',
    })
    assert.equal(stocked.status, 200, JSON.stringify(stocked.body))

    // The counter online: a shift opened; the worker takes the page, the device keeps the catalogue and the codes.
    await page.goto(`${server.origin}/pos`)
    const open = page.getByRole('form', { name: 'Open a shift' })
    await open.getByLabel('Opening cash (₹)').fill('500')
    await open.getByRole('button', { name: 'Open shift' }).click()
    await page.getByText('Products A–Z: tap to add, or search').waitFor()
    await page.waitForFunction(
      async (code) => {
        if (!navigator.serviceWorker.controller || !(await (await caches.open('pos-v1')).match('/pos'))) return false
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const r = indexedDB.open(`pos-${location.host}`)
          r.onsuccess = () => resolve(r.result)
          r.onerror = () => reject(r.error)
        })
        // (no named helpers in here: tsx would wrap them in its __name, unknown to the page)
        let kept = true
        for (const [store, key] of [
          ['catalogue', 'products'],
          ['codes', code.toLowerCase()],
        ])
          kept &&= Boolean(
            await new Promise<unknown>((resolve) => {
              const r = db.transaction(store).objectStore(store).get(key)
              r.onsuccess = () => resolve(r.result)
              r.onerror = () => resolve(undefined)
            }),
          )
        db.close()
        return kept
      },
      sku,
      { timeout: 30_000, polling: 250 },
    )

    // The line is down but the router is up: nothing of this browser reaches the server, its worker included, while
    // the browser still thinks it is online. The page comes from the worker's cache, the catalogue from the device.
    net.cut()
    const refusedBefore = net.refused.length
    await page.reload()
    await page.getByText('Products A–Z: tap to add, or search').waitFor()
    assert.ok(net.refused.slice(refusedBefore).includes('/pos'), 'the worker asked the network for the page first, and was refused')
    assert.ok(
      (await page
        .getByRole('list', { name: 'Products' })
        .getByRole('button', { name: new RegExp(product.product_name) })
        .count()) > 0,
    )

    // A pack scanned for the first time is found in the codes the device keeps; the cash sale, refused by the network,
    // is kept to send later.
    const lines = page.getByRole('list', { name: 'Sale lines' })
    const pay = page.getByRole('dialog', { name: /^Take payment/ })
    const sellForCash = async () => {
      await scan(page, sku)
      await lines.getByRole('listitem', { name: new RegExp(`^${product.product_name}`) }).waitFor()
      await page.getByRole('button', { name: /^Pay/ }).click()
      await pay.getByRole('button', { name: /^Add cash/ }).click()
      await pay.getByRole('button', { name: 'Complete sale' }).click()
      await page.getByRole('status').filter({ hasText: 'Sale kept offline' }).waitFor()
    }
    await sellForCash()
    await page.getByTestId('waiting').filter({ hasText: '1 waiting to send' }).waitFor()
    await page.getByRole('button', { name: 'New sale' }).click()

    // The browser knows it is offline too: reloaded again, the counter says so, the first sale still waits, a second
    // is kept.
    await context.setOffline(true)
    await page.reload()
    await page.getByRole('status').filter({ hasText: 'Offline: cash sales are kept' }).waitFor()
    await page.getByTestId('waiting').filter({ hasText: '1 waiting to send' }).waitFor()
    await sellForCash()
    await page.getByTestId('waiting').filter({ hasText: '2 waiting to send' }).waitFor()
    await page.getByRole('button', { name: 'New sale' }).click()
    assert.equal(net.forwarded.filter((p) => p === '/s/api/pos/sales').length, 0, 'no sale reached the server while cut')

    // The network is back: the waiting sale is sent, once.
    net.restore()
    await context.setOffline(false)
    await page.getByTestId('waiting').waitFor({ state: 'detached', timeout: 30_000 })
    const orders = (await call(page, 'GET', '/api/admin/orders?channel=pos&perPage=50')).body.data as { order_number: string }[]
    assert.equal(orders.length, 2, 'each offline sale arrived once')
    for (const order of orders) {
      const sale = (await call(page, 'GET', `/api/pos/sales/${order.order_number}`)).body
      assert.deepEqual(
        sale.lines.map((l: { pack_id: number; quantity: number }) => [l.pack_id, l.quantity]),
        [[product.packs[0].pack_id, 1]],
      )
    }
    // and stays once: a reload online sends nothing again
    await page.reload()
    await page.getByText('Products A–Z: tap to add, or search').waitFor()
    assert.equal(net.forwarded.filter((p) => p === '/s/api/pos/sales').length, 2)
    assert.deepEqual(errors, [])
    await context.close()
  })
})
