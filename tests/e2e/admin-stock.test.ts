import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { DESKTOP, launchBrowser, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { fillNewProduct, shot, signedIn as signInAs, STAFF_CODE, SUPERADMIN } from './staff-session'

let server: TestServer
let browser: Browser
let dir: string
const signedIn = (username: string) => signInAs(browser, server.origin, username)

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'admin-stock-'))
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
  await rm(dir, { recursive: true, force: true })
})

/** The stock table's row of a pack at a warehouse. */
const stockRow = (admin: Page, pack: string, warehouse: string) =>
  admin
    .getByRole('table', { name: /^Stock/ })
    .getByRole('row')
    .filter({ hasText: pack })
    .filter({ hasText: warehouse })

async function changeStock(admin: Page, pack: string, warehouse: string, how: 'Set to' | 'Add' | 'Remove', units: number, reason: string) {
  const row = stockRow(admin, pack, warehouse)
  await row.getByRole('button', { name: 'Change', exact: true }).click()
  const form = admin.getByRole('form', { name: /^Change stock of/ })
  await form.getByLabel('How').selectOption({ label: how })
  await form.getByLabel(how === 'Set to' ? 'On hand' : 'Units').fill(String(units))
  await form.getByLabel('Reason').selectOption({ label: reason })
  await form.getByRole('button', { name: 'Save' }).click()
  await form.waitFor({ state: 'detached' })
}

describe('stock in the staff app', () => {
  it('an admin creates a product with two packs and an image, sets its stock; a visitor finds it in stock; stock 0 shows it out of stock', async () => {
    const { context, page: admin, errors } = await signedIn(SUPERADMIN)
    const name = `Test Stock Ghee ${Date.now()}`

    // A product with two packs, made in the staff app.
    await admin.goto(`${server.origin}/bos/admin/products/new`)
    await fillNewProduct(admin, {
      name,
      brand: 'Dhavala Dairy',
      category: /Dairy|Ghee|Staples/,
      packs: [
        { name: '200 ml', price: 140, mrp: 150 },
        { name: '500 ml', price: 320, mrp: 350 },
      ],
    })
    const picture = path.join(dir, 'ghee.jpg')
    await writeFile(
      picture,
      await sharp({ create: { width: 600, height: 600, channels: 3, background: '#e9b949' } })
        .jpeg()
        .toBuffer(),
    )
    const images = admin.getByRole('region', { name: 'Images' })
    await images.getByTestId('image-input').setInputFiles(picture)
    const thumb = images
      .getByRole('list', { name: /^Images, in the order/ })
      .getByRole('listitem')
      .first()
      .locator('img')
    await thumb.waitFor()
    const uploaded = (await thumb.getAttribute('src'))?.replace('/cdn/thumb/', '') ?? ''
    assert.match(uploaded, /^uploads\/\d+\/[0-9a-f]{64}\.jpg$/)
    await admin.getByRole('button', { name: 'Save product' }).click()
    await admin.waitForURL(/\/bos\/admin\/products\/\d+$/)
    await admin.getByRole('heading', { level: 1, name }).waitFor()

    // The Stock screen, from the navigation: the new packs have none anywhere.
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Stock' }).click()
    await admin.waitForURL(`${server.origin}/bos/admin/stock`)
    await admin.getByLabel('Search stock').fill(name)
    await admin.waitForURL(/\/bos\/admin\/stock\?q=/)
    await stockRow(admin, '200 ml', 'Indiranagar').waitFor()
    await admin.waitForFunction(() => !document.querySelector('table[aria-busy]'))
    assert.equal(await admin.getByText(/^Total: 4$/).count(), 1, 'two packs at two warehouses')
    assert.match((await stockRow(admin, '200 ml', 'Indiranagar').textContent()) ?? '', /Out of stock/)

    // Set, then add with a reason, inline.
    await changeStock(admin, '200 ml', 'Indiranagar', 'Set to', 20, 'Received')
    await changeStock(admin, '200 ml', 'Indiranagar', 'Add', 5, 'Received')
    await changeStock(admin, '500 ml', 'Indiranagar', 'Set to', 3, 'Count correction')
    await admin.waitForFunction(() => !document.querySelector('table[aria-busy]'))
    assert.match((await stockRow(admin, '200 ml', 'Indiranagar').textContent()) ?? '', /In stock\s*25/)
    assert.match((await stockRow(admin, '500 ml', 'Indiranagar').textContent()) ?? '', /Low\s*3/)
    await shot(admin, 'stock-list')

    // Below what is there: refused with the reason, nothing changes.
    const row = stockRow(admin, '500 ml', 'Indiranagar')
    await row.getByRole('button', { name: 'Change', exact: true }).click()
    const form = admin.getByRole('form', { name: /^Change stock of/ })
    await form.getByLabel('How').selectOption({ label: 'Remove' })
    await form.getByLabel('Units').fill('4')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByRole('alert').filter({ hasText: 'On hand cannot go below 0' }).waitFor()
    await shot(admin, 'stock-refused')
    await form.getByRole('button', { name: 'Cancel' }).click()

    // The pack's history: every change with its reason and who made it.
    await stockRow(admin, '200 ml', 'Indiranagar')
      .getByRole('button', { name: /^History of/ })
      .click()
    const drawer = admin.getByRole('dialog', { name: `${name} · 200 ml` })
    const historyTable = drawer.getByRole('table', { name: 'Stock history' })
    await historyTable.waitFor()
    // (the drawer also lists the pack's batches, in a table of their own)
    const history = await historyTable.getByRole('row').allTextContents()
    assert.equal(history.length, 3, history.join('\n'))
    assert.match(history[1], /Received.*\+5 on hand.*25 on hand.*Asha/)
    assert.match(history[2], /Received.*\+20 on hand.*20 on hand.*Asha/)
    await shot(admin, 'stock-history')
    await drawer.getByRole('button', { name: 'Close' }).first().click()
    await drawer.waitFor({ state: 'detached' })

    // The low-stock view.
    await admin.getByRole('button', { name: 'Low stock' }).click()
    await admin.waitForURL(/state=low/)
    await admin.getByText(/^Total: 1$/).waitFor()
    await stockRow(admin, '500 ml', 'Indiranagar').waitFor()
    assert.equal(await stockRow(admin, '200 ml', 'Indiranagar').count(), 0)

    // A visitor finds it by search, in stock.
    const visitor = await openPage(browser, DESKTOP)
    await visitor.page.goto(`${server.origin}/`)
    await visitor.page.getByRole('combobox', { name: 'Search products' }).first().fill(name)
    await visitor.page.keyboard.press('Enter')
    await visitor.page.waitForURL(/\/products\?q=/)
    const card = visitor.page.locator('article', { has: visitor.page.locator('h3', { hasText: name }) })
    assert.match((await card.locator('img').first().getAttribute('src')) ?? '', new RegExp(`/cdn/\\w+/${uploaded}$`), 'the card shows the uploaded image')
    await visitor.page.locator('article h3', { hasText: name }).click()
    await visitor.page.waitForURL(/\/products\/test-stock-ghee-/)
    await visitor.page.getByRole('heading', { level: 1, name }).waitFor()
    assert.equal(await visitor.page.getByText('Out of stock', { exact: true }).count(), 0)
    await visitor.page
      .getByRole('button', { name: /Add to cart|Add/ })
      .first()
      .waitFor()

    // Stock to 0 (both packs): the storefront shows it out of stock at once.
    await admin.getByRole('button', { name: 'All' }).click()
    await admin.waitForURL((u) => !u.searchParams.has('state'))
    await changeStock(admin, '200 ml', 'Indiranagar', 'Set to', 0, 'Sold')
    await changeStock(admin, '500 ml', 'Indiranagar', 'Set to', 0, 'Damaged')
    await visitor.page.reload()
    await visitor.page.getByRole('heading', { level: 1, name }).waitFor()
    await visitor.page.getByText('Out of stock', { exact: true }).first().waitFor()
    assert.equal(await visitor.page.getByRole('button', { name: /Add to cart/ }).count(), 0)
    await shot(visitor.page, 'storefront-out-of-stock')

    assert.deepEqual(errors, [])
    assert.deepEqual(visitor.errors, [])
    await visitor.context.close()
    await context.close()
  })

  it('lists warehouses and edits one with the pincodes it serves; a pincode served elsewhere is refused on its field', async () => {
    const { context, page: admin, errors } = await signedIn(SUPERADMIN)
    await admin.goto(`${server.origin}/bos/admin/warehouses`)
    const table = admin.getByRole('table', { name: 'Warehouses' })
    await table.getByRole('row', { name: /Indiranagar Dark Store.*Default/ }).waitFor()
    await shot(admin, 'warehouses')
    await admin.getByRole('link', { name: 'Add warehouse' }).click()
    await admin.waitForURL(`${server.origin}/bos/admin/warehouses/new`)
    await admin.getByLabel(/^Name/).fill('Koramangala Store')
    await admin.getByLabel(/^Address/).fill('80 Feet Road, Koramangala')
    await admin.getByLabel('Add pincodes').fill('560300, 560301 560001')
    await admin.getByRole('button', { name: 'Add', exact: true }).click()
    await admin.getByRole('textbox', { name: 'Pincode 3' }).waitFor()
    await admin.getByRole('button', { name: 'Add warehouse' }).click()
    // 560001 is the Indiranagar store's
    await admin.getByText('560001 is already served by Indiranagar Dark Store').waitFor()
    assert.equal(await admin.getByRole('textbox', { name: 'Pincode 3' }).getAttribute('aria-invalid'), 'true')
    await shot(admin, 'warehouse-refused')
    await admin.getByRole('button', { name: 'Remove pincode 3' }).click()
    await admin.getByRole('button', { name: 'Add warehouse' }).click()
    await admin.waitForURL(/\/bos\/admin\/warehouses\/\d+$/)
    await admin.getByRole('heading', { level: 1, name: 'Koramangala Store' }).waitFor()
    await admin.getByLabel('Delivery days').first().fill('1')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('Saved', { exact: true }).waitFor()
    await shot(admin, 'warehouse-form')
    await admin.getByRole('link', { name: 'Warehouses' }).first().click()
    await table.getByRole('row', { name: /Koramangala Store.*560300, 560301/ }).waitFor()
    assert.deepEqual(errors, [])
    await context.close()
  })
})
