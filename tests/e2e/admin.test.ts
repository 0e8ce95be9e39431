import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { bundleReport, DIST } from '../../bench/bundle-size'
import { launchBrowser, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { fillNewProduct, signedIn as signInAs, STAFF_CODE as CODE, SUPERADMIN } from './staff-session'

const SHOPPER = '9876500003'
const STAFF_SOURCE = /(^|\/)(staff\/|features\/[^/]+\/staff\/|routes\/admin-)|@tanstack\/(react-table|table-core)|react-hook-form|@hookform/

let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

const signedIn = (username: string) => signInAs(browser, server.origin, username)

async function openAccountMenu(page: Page, name: string) {
  const menu = page.getByRole('menu', { name: 'Account' })
  for (let tries = 0; tries < 20 && !(await menu.isVisible()); tries++) {
    await page.getByRole('button', { name }).click()
    await menu.waitFor({ timeout: 500 }).catch(() => {})
  }
  return menu
}

type Manifest = Record<
  string,
  { file: string; src?: string; name?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>

/** Chunks that only staff screens reach: from staff entries, and from no shopper entry. */
function staffOnlyFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest
  const reach = (keys: string[]) => {
    const seen = new Set<string>()
    const walk = (k: string) => {
      if (seen.has(k) || !manifest[k]) return
      seen.add(k)
      for (const i of manifest[k].imports ?? []) walk(i)
    }
    keys.forEach(walk)
    return seen
  }
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry || manifest[k].isDynamicEntry)
  const staffEntries = entries.filter((k) => STAFF_SOURCE.test(manifest[k].src ?? k))
  const shopperReach = reach(entries.filter((k) => !staffEntries.includes(k)))
  return new Set([...reach(staffEntries)].filter((k) => !shopperReach.has(k)).map((k) => manifest[k].file))
}

describe('administration in the browser', () => {
  it("keeps staff code out of the shopper's first load (the build's static graph and what Chromium fetches)", async () => {
    const staff = staffOnlyFiles()
    assert.ok(
      [...staff].some((f) => /product-list-view/.test(f)),
      'the product list is a staff chunk',
    )
    const entry = bundleReport().entry.map((f) => f.file)
    assert.deepEqual(
      entry.filter((f) => staff.has(f)),
      [],
    )
    for (const url of ['/', '/products']) {
      const { page, context } = await openPage(browser)
      const fetched: string[] = []
      page.on('request', (req) => {
        const p = new URL(req.url()).pathname
        if (p.endsWith('.js')) fetched.push(p.slice(1))
      })
      await page.goto(`${server.origin}${url}`, { waitUntil: 'networkidle' })
      assert.ok(fetched.length > 0)
      assert.deepEqual(
        fetched.filter((f) => staff.has(f)),
        [],
        url,
      )
      await context.close()
    }
  })

  it('opens from the account menu in a new tab, lists and searches products, creates one with two packs and finds it', async () => {
    const { context, page, errors } = await signedIn(SUPERADMIN)
    await page.goto(`${server.origin}/`)
    const menu = await openAccountMenu(page, 'Asha Superadmin')
    const item = menu.getByRole('menuitem', { name: /Administration/ })
    assert.equal(await item.getAttribute('target'), '_blank')
    const [admin] = await Promise.all([context.waitForEvent('page'), item.click()])
    await admin.waitForURL(`${server.origin}/bos/admin`)
    await admin.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')

    // The staff shell, not the storefront's layout.
    const nav = admin.getByRole('navigation', { name: 'Administration' })
    await nav.waitFor()
    assert.deepEqual(await nav.getByRole('link').allTextContents(), [
      'Dashboard',
      'Orders',
      'Customers',
      'Khata',
      'Message log',
      'Products',
      'Categories',
      'Brands',
      'Search',
      'Stock',
      'Suppliers',
      'Warehouses',
      'Import / export',
      'Coupons',
      'Delivery',
      'Payments',
      'Tax & invoices',
      'GST returns',
      'Staff',
      'Sales agents',
      'Audit log',
      'Reports',
      'Analytics',
    ])
    await admin.getByRole('heading', { level: 1, name: 'Welcome, Asha' }).waitFor()
    assert.equal(await admin.getByRole('combobox', { name: 'Search products' }).count(), 0, 'no storefront search box')
    assert.equal(await admin.getByRole('button', { name: /cart/i }).count(), 0, 'no cart button')
    assert.equal(await admin.title(), 'Dashboard · Administration · Kirana Fresh')

    // The list, then a search (the address keeps the view).
    await nav.getByRole('link', { name: 'Products' }).click()
    await admin.waitForURL(`${server.origin}/bos/admin/products`)
    const table = admin.getByRole('table', { name: /^Products/ })
    await table.getByRole('row').nth(5).waitFor()
    const all = Number((await admin.getByText(/^Total: \d+$/).textContent())?.replace('Total: ', ''))
    assert.ok(all >= 200, `${all} products`)
    await admin.getByLabel('Search products').fill('atta')
    await admin.waitForURL(/\/bos\/admin\/products\?q=atta$/)
    await admin.waitForFunction(() => !document.querySelector('table[aria-busy]'))
    const found = Number((await admin.getByText(/^Total: \d+$/).textContent())?.replace('Total: ', ''))
    assert.ok(found > 0 && found < all, `${found} of ${all}`)
    const names = await table.getByRole('row').locator('td:nth-child(2) a').allTextContents()
    assert.match(names[0], /atta/i)

    // A new product with two packs.
    await admin.getByRole('link', { name: 'Add product' }).click()
    await admin.waitForURL(`${server.origin}/bos/admin/products/new`)
    const name = `Test Jaggery Powder ${Date.now()}`
    const packs = await fillNewProduct(admin, {
      name,
      brand: 'Sona Khet',
      category: /Sugar|Staples|Atta/,
      packs: [
        { name: '500 g', price: 45, mrp: 50 },
        { name: '1 kg', price: 85, mrp: 95, sku: `JAG-${Date.now()}` },
      ],
    })
    assert.equal(await packs.nth(1).getByText('11 % off').count(), 1)
    await admin.getByRole('button', { name: 'Save product' }).click()
    await admin.waitForURL(/\/bos\/admin\/products\/\d+$/)
    await admin.getByRole('heading', { level: 1, name }).waitFor()
    assert.equal(await admin.getByRole('group', { name: /^Pack \d$/ }).count(), 2)

    // Leaving with an unsaved edit through the browser's Back asks first.
    await admin.getByLabel(/^Product name/).fill(`${name} (edited)`)
    await admin.goBack()
    const leave = admin.getByRole('dialog', { name: 'Leave without saving?' })
    await leave.waitFor()
    await leave.getByRole('button', { name: 'Stay' }).click()
    await leave.waitFor({ state: 'detached' })
    assert.match(admin.url(), /\/bos\/admin\/products\/\d+$/)
    assert.equal(await admin.getByLabel(/^Product name/).inputValue(), `${name} (edited)`)
    await admin.goBack()
    await leave.getByRole('button', { name: 'Leave without saving' }).click()
    await admin.waitForURL(`${server.origin}/bos/admin/products?q=atta`)
    await admin.goForward()
    await admin.getByRole('heading', { level: 1, name }).waitFor()
    assert.equal(await admin.getByLabel(/^Product name/).inputValue(), name, 'the edit was not saved')

    // It is in the list.
    await admin.getByRole('link', { name: 'Products' }).first().click()
    await admin.waitForURL(`${server.origin}/bos/admin/products`)
    await admin.getByLabel('Search products').fill('Test Jaggery')
    await table.getByRole('link', { name }).waitFor()
    const created = table.getByRole('row').filter({ has: admin.getByRole('link', { name }) })
    assert.match((await created.textContent()) ?? '', /Active.*₹45 – ₹85/)
    assert.deepEqual(errors, [])
  })

  it('shows a shopper who opens /bos/admin the 403 screen', async () => {
    const { page, context, errors } = await signedIn(SHOPPER)
    await page.goto(`${server.origin}/bos/admin`)
    await page.getByRole('heading', { name: 'You don’t have access to Administration' }).waitFor()
    assert.equal(await page.getByRole('navigation', { name: 'Administration' }).count(), 0)
    assert.equal(page.url(), `${server.origin}/bos/admin`)
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('sends a visitor to sign in and back to the staff screen they asked for', async () => {
    const { page, context } = await openPage(browser)
    await page.goto(`${server.origin}/bos/admin/products?status=draft`)
    await page.waitForURL(`${server.origin}/auth/login`)
    assert.equal(await page.evaluate(() => sessionStorage.getItem('auth.redirect')), '/bos/admin/products?status=draft')
    await context.close()
  })
})
