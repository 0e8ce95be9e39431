import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { DESKTOP, openPage } from './browser'
import { placeCodOrder, signInShopper } from './shop-flow'
import { shot, signedIn, STAFF_CODE, staffSuite, SUPERADMIN } from './staff-session'

/**
 * Issue 29, "A new website's first week": a superadmin creates a website and follows its setup checklist from an
 * empty catalogue to a shopper's cash-on-delivery order. The catalogue comes from one CSV that names brands and
 * categories the website does not have (created, listed in the preview as new) and image addresses (fetched from a
 * server on this machine: the e2e server allows private addresses, OUTBOUND_ALLOW_PRIVATE, which production refuses).
 * Online payment is not offered until the shop's own keys are saved.
 */

const suite = staffSuite({ OUTBOUND_ALLOW_PRIVATE: '1' })
const SHOPPER = '9876500003'
const WAREHOUSE = 'Mandi Main Store'

let images: http.Server
let imageBase: string
const dir = mkdtempSync(path.join(tmpdir(), 'first-week-'))

before(async () => {
  const picture = (background: string) =>
    sharp({ create: { width: 240, height: 240, channels: 3, background } })
      .png()
      .toBuffer()
  const files: Record<string, Buffer> = { '/atta.png': await picture('#d4a017'), '/dal.png': await picture('#e0b000'), '/ghee.png': await picture('#f5deb3') }
  images = http.createServer((req, res) => {
    const file = files[req.url ?? '']
    if (file) res.writeHead(200, { 'content-type': 'image/png' }).end(file)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
})
after(() => new Promise((resolve) => images.close(resolve)))

/** The checklist's steps as the admin home shows them: step → done. */
async function checklist(page: Page, origin: string): Promise<Record<string, boolean>> {
  await page.goto(`${origin}/bos/admin`)
  const list = page.getByRole('list', { name: 'Setup steps' })
  await list.waitFor()
  const steps = await list
    .locator('li[data-step]')
    .evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-step'), li.getAttribute('data-done') === 'true']))
  return Object.fromEntries(steps)
}

/** Follows a step's link from the admin home's checklist, to the screen with this heading. */
async function follow(page: Page, origin: string, step: string, heading: string | RegExp) {
  await page.goto(`${origin}/bos/admin`)
  await page.locator(`li[data-step="${step}"]`).getByRole('link').click()
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

/** The payment methods the checkout offers the shopper now (radio names), with a product in the cart. */
async function offered(page: Page, origin: string): Promise<string[]> {
  await page.goto(`${origin}/checkout`)
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor()
  const group = page.getByRole('group', { name: 'Payment method' })
  await group.getByRole('radio').first().waitFor()
  await page.waitForLoadState('networkidle')
  return group.locator('label span.font-semibold').allTextContents()
}

describe('a new website’s first week', () => {
  it('a superadmin creates a website and follows the checklist from an empty catalogue to a shopper’s COD order', async () => {
    const { server, browser } = suite
    const origin = `http://mandi.localhost:${server.port}`
    const { page: admin, context, errors } = await signedIn(browser, server.origin, SUPERADMIN)
    admin.on('dialog', (d) => void d.accept())

    // 1. The website, made and opened at its own origin (the superadmin is signed in there).
    await admin.goto(`${server.origin}/auth/bos/create`)
    await admin.getByLabel('Website name').fill('Mandi Fresh')
    await admin.getByLabel('Web address').fill(origin)
    await admin.getByRole('button', { name: 'Create website' }).click()
    await admin.getByText('Mandi Fresh is ready').waitFor()
    await admin.getByRole('button', { name: 'Open Mandi Fresh' }).click()
    await admin.waitForURL(`${origin}/`)
    await admin.getByRole('button', { name: 'Asha Superadmin' }).waitFor()

    // Every step to do; an empty catalogue.
    assert.deepEqual(await checklist(admin, origin), {
      warehouse: false,
      products: false,
      stock: false,
      delivery: false,
      tax: false,
      payments: false,
      home_page: false,
      go_live: false,
    })
    await shot(admin, 'first-week-checklist-new')

    // 2. A warehouse and the pincodes it serves.
    await follow(admin, origin, 'warehouse', 'Warehouses')
    await admin.goto(`${origin}/bos/admin/warehouses/new`)
    await admin.getByLabel(/^Name/).fill(WAREHOUSE)
    await admin.getByLabel(/^Address/).fill('14, Market Road, Indiranagar, Bengaluru')
    await admin.getByLabel('Add pincodes').fill('560038, 560008')
    await admin.getByRole('button', { name: 'Add', exact: true }).click()
    await admin.getByLabel(/^Pincode 2/).waitFor()
    await admin.getByRole('button', { name: 'Add warehouse' }).click()
    await admin.getByRole('heading', { level: 1, name: WAREHOUSE }).waitFor()
    assert.equal((await checklist(admin, origin)).warehouse, true)

    // 3. Products and their stock from one CSV: new brands, categories as paths, image addresses, opening stock.
    await follow(admin, origin, 'products', 'Import and export')
    const file = path.join(dir, 'mandi-catalogue.csv')
    writeFileSync(
      file,
      [
        `Product name,Brand,Categories,Pack name,Price,MRP,SKU,Image URLs,On hand: ${WAREHOUSE}`,
        `Khapli Atta,Gehu Ghar,Staples > Atta,1 kg,80,90,MF-KA-1,${imageBase}/atta.png,40`,
        `Khapli Atta,Gehu Ghar,Staples > Atta,5 kg,380,420,MF-KA-5,${imageBase}/atta.png,20`,
        `Toor Dal,Dal Mill,Staples > Dals,1 kg,160,175,MF-TD-1,${imageBase}/dal.png,30`,
        `Desi Ghee,Gokul Dairy,Dairy,500 ml,340,360,MF-DG-1,${imageBase}/ghee.png,12`,
      ].join('\n'),
    )
    await admin.getByLabel('CSV file').setInputFiles(file)
    await admin.getByRole('button', { name: 'Check file' }).click()
    const preview = admin.getByRole('region', { name: 'Preview', exact: true })
    await preview.getByRole('button', { name: 'Apply import' }).waitFor()
    const news = preview.getByRole('list', { name: 'New brands and categories' })
    await news.waitFor()
    const listed = await news
      .getByRole('listitem')
      .evaluateAll((lis) => lis.map((li) => [...li.querySelectorAll('span')].slice(0, 2).map((s) => s.textContent)))
    assert.deepEqual(listed, [
      ['new brand', 'Gehu Ghar'],
      ['new brand', 'Dal Mill'],
      ['new brand', 'Gokul Dairy'],
      ['new category', 'Staples'],
      ['new category', 'Staples > Atta'],
      ['new category', 'Staples > Dals'],
      ['new category', 'Dairy'],
    ])
    assert.equal(await preview.getByRole('alert').count(), 0, 'no problems')
    await shot(admin, 'first-week-csv-preview')
    await preview.getByRole('button', { name: 'Apply import' }).click()
    // the confirm: the browser's (accepted above) or the app's own dialog
    const imported = admin.getByText('“mandi-catalogue.csv” is imported.')
    const ask = admin.getByRole('dialog')
    await Promise.race([imported.waitFor(), ask.waitFor()])
    if (!(await imported.isVisible()) && (await ask.isVisible()))
      await ask
        .getByRole('button', { name: /^Apply/ })
        .last()
        .click()
    await imported.waitFor()
    const now = await checklist(admin, origin)
    assert.deepEqual([now.products, now.stock], [true, true])

    // The products are on the store with their images and categories.
    const visitor = await openPage(browser, DESKTOP)
    await visitor.page.goto(`${origin}/products`)
    await visitor.page.getByText('Khapli Atta').first().waitFor()
    const pictures = await visitor.page.locator('img[src*="/uploads/"]').count()
    assert.ok(pictures >= 3, `the products show their fetched images (${pictures})`)
    await shot(visitor.page, 'first-week-store')
    await visitor.context.close()

    // 4. Delivery: the slot template, saved.
    await follow(admin, origin, 'delivery', 'Delivery')
    await admin.getByRole('tab', { name: 'Slots' }).click()
    await admin.getByRole('heading', { name: 'Slot template' }).waitFor()
    await admin.getByRole('button', { name: 'Save template' }).click()
    await admin.getByText(/^Slot template saved/).waitFor()

    // 5. The GST registration.
    await follow(admin, origin, 'tax', /^Tax/)
    await admin.getByLabel(/^Legal name/).fill('Mandi Fresh Private Limited')
    await admin.getByLabel(/^GSTIN/).fill('29AAKCK4821M1Z0')
    await admin.getByLabel(/^State/).selectOption({ label: 'Karnataka' })
    await admin.getByLabel(/^Registered address/).fill('14, Market Road, Indiranagar, Bengaluru 560038')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText(/saved/i).first().waitFor()

    // 6. The home page: the starter page published as the shop's own (version 1 stays, to roll back to).
    await follow(admin, origin, 'home_page', 'Pages')
    await admin.goto(`${origin}/page-builder/pages/edit?url=%2F`)
    await admin.getByRole('button', { name: 'Publish' }).click()
    await admin.getByText(/^Published: version 2 is live/).waitFor()

    // 7. Payments: without the shop's own keys, a shopper is offered cash on delivery only.
    const shopper = await openPage(browser, { viewport: { width: 1280, height: 900 } })
    await signInShopper(shopper.page, origin, SHOPPER, STAFF_CODE)
    await shopper.page.goto(`${origin}/products?s=price_desc`)
    await shopper.page.waitForLoadState('networkidle')
    await shopper.page
      .getByRole('button', { name: /^Add .* to cart$/ })
      .first()
      .click()
    await shopper.page.waitForFunction(() => /\d+/.test(document.querySelector('[aria-label^="Cart, "]')?.getAttribute('aria-label') ?? ''), null, {
      polling: 100,
    })
    assert.deepEqual(await offered(shopper.page, origin), ['Cash on delivery'], 'no online payment before the shop’s own keys')
    await shot(shopper.page, 'first-week-checkout-cod-only')

    await follow(admin, origin, 'payments', 'Payments')
    const razorpay = admin.getByRole('region', { name: 'Razorpay' })
    await razorpay.getByLabel(/^Offer Razorpay/).check()
    await razorpay.getByLabel('Key id').fill('rzp_test_MandiFresh01')
    await razorpay.getByLabel('Key secret', { exact: true }).fill('mandi_fresh_key_secret')
    await razorpay.getByLabel('Webhook secret').fill('mandi_fresh_webhook_secret')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('Payment methods saved').first().waitFor()
    const methods = await offered(shopper.page, origin)
    assert.ok(
      methods.some((m) => /^Razorpay/.test(m)),
      `online payment is offered once the keys are saved: ${methods.join(', ')}`,
    )
    assert.equal((await checklist(admin, origin)).payments, true)

    // 8. Go live: the shopper's cash-on-delivery order.
    const number = await placeCodOrder(shopper.page, origin)
    assert.match(number, /\S/)
    await shopper.context.close()
    await admin.goto(`${origin}/bos/admin`)
    await admin.getByRole('heading', { level: 1 }).first().waitFor()
    await admin.waitForLoadState('networkidle')
    assert.equal(await admin.getByRole('list', { name: 'Setup steps' }).count(), 0, 'every step done: the checklist is gone')
    await shot(admin, 'first-week-done')

    assert.deepEqual(errors, [])
    await context.close()
  })
})
