import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { animationsDone, launchBrowser, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { signedIn, STAFF_CODE, SUPERADMIN } from './staff-session'

let server: TestServer
let browser: Browser
let dir: string

async function pictureFile(name: string, colour: string) {
  const file = path.join(dir, name)
  await writeFile(
    file,
    await sharp({ create: { width: 400, height: 400, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  )
  return file
}

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'admin-taxonomy-'))
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
  await rm(dir, { recursive: true, force: true })
})

/** The names of the categories directly under `parent` in the staff tree, in order. */
const childrenShown = (tree: Locator, parent: string) =>
  tree
    .getByRole('list', { name: `In ${parent}`, exact: true })
    .locator(':scope > li')
    .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')))

async function addCategory(page: Page, name: string, parent: string) {
  await page.getByRole('button', { name: `Add a subcategory to ${parent}` }).click()
  const form = page.getByRole('form', { name: 'New category' })
  await form.getByLabel('Name').fill(name)
  await form.getByRole('button', { name: 'Add category' }).click()
  await page
    .getByRole('status')
    .filter({ hasText: `${name} added` })
    .waitFor()
  await form.waitFor({ state: 'detached' })
  await page.getByTestId('drawer-backdrop').waitFor({ state: 'detached' })
}

/** A drag with the mouse, in small steps as a hand would, from the row's handle to the top quarter of `onto`. */
async function dragBefore(page: Page, handle: Locator, onto: Locator) {
  const from = (await handle.boundingBox())!
  const to = (await onto.boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 })
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.12, { steps: 12 })
  await page.mouse.up()
}

describe('categories and brands in the staff app', () => {
  it('adds categories under another, orders them by keyboard and by drag, gives one an avatar; adds a brand with a logo; the storefront shows the order', async () => {
    const origin = server.origin
    const { page: admin, context, errors } = await signedIn(browser, origin, SUPERADMIN)
    await admin.goto(`${origin}/bos/admin`)
    await admin.getByRole('navigation').getByRole('link', { name: 'Categories' }).first().click()
    await admin.getByRole('heading', { level: 1, name: 'Categories' }).waitFor()
    const tree = admin.getByRole('list', { name: 'Categories', exact: true })
    const top = tree.locator(':scope > li').first()
    const parent = (await top.getAttribute('aria-label'))!
    const parentSlug = (await top.getAttribute('data-testid'))!.replace(/^category-/, '')
    assert.ok(parent, 'a demo category to nest under')

    await addCategory(admin, 'Festive Sweets', parent)
    await addCategory(admin, 'Festive Gifts', parent)
    const before = await childrenShown(tree, parent)
    assert.deepEqual(before.slice(-2), ['Festive Sweets', 'Festive Gifts'])

    // By keyboard: Gifts up one; the focus stays on the moved row's button.
    await admin.getByRole('button', { name: 'Move Festive Gifts up' }).focus()
    await admin.keyboard.press('Enter')
    await admin
      .getByRole('status')
      .filter({ hasText: `Festive Gifts moved: now ${before.length - 1}` })
      .waitFor()
    await admin.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move Festive Gifts up')
    assert.deepEqual((await childrenShown(tree, parent)).slice(-2), ['Festive Gifts', 'Festive Sweets'])

    // By drag: Sweets to the top of the parent.
    const firstChild = tree
      .getByRole('list', { name: `In ${parent}`, exact: true })
      .locator(':scope > li')
      .first()
      .locator(':scope > div')
    await dragBefore(admin, admin.getByRole('button', { name: 'Drag Festive Sweets' }), firstChild)
    await admin
      .getByRole('status')
      .filter({ hasText: `Festive Sweets moved: now 1st in ${parent}` })
      .waitFor()
    const after = await childrenShown(tree, parent)
    assert.equal(after[0], 'Festive Sweets')
    assert.equal(after.at(-1), 'Festive Gifts')

    // The avatar: uploaded in the drawer, previewed, saved.
    await admin.getByRole('button', { name: 'Edit Festive Sweets' }).click()
    const form = admin.getByRole('form', { name: 'Edit category' })
    await form.getByTestId('avatar-input').setInputFiles(await pictureFile('sweets.png', '#c0392b'))
    const preview = form.getByRole('img', { name: 'Avatar preview' })
    await preview.waitFor()
    assert.match((await preview.getAttribute('src')) ?? '', /^\/cdn\/thumb\/uploads\/\d+\/[0-9a-f]{64}\.png$/)
    await form.getByRole('button', { name: 'Save' }).click()
    await admin.getByRole('status').filter({ hasText: 'Festive Sweets saved' }).waitFor()
    await tree.getByRole('listitem', { name: 'Festive Sweets' }).locator('img[src^="/cdn/thumb/uploads/"]').waitFor()

    // A brand with a logo.
    await admin.getByRole('navigation').getByRole('link', { name: 'Brands' }).first().click()
    await admin.getByRole('heading', { level: 1, name: 'Brands' }).waitFor()
    await admin.getByRole('button', { name: 'Add brand' }).first().click()
    const brandForm = admin.getByRole('form', { name: 'New brand' })
    await brandForm.getByLabel('Name').fill('Haldiram Festive')
    await brandForm.getByTestId('logo-input').setInputFiles(await pictureFile('logo.png', '#f1c40f'))
    await brandForm.getByRole('img', { name: 'Logo preview' }).waitFor()
    await brandForm.getByRole('button', { name: 'Add brand' }).click()
    await admin.getByRole('status').filter({ hasText: 'Haldiram Festive added' }).waitFor()
    await admin.getByLabel('Search brands').fill('haldiram fest')
    await admin.waitForURL(/q=haldiram/)
    const row = admin.getByRole('row').filter({ hasText: 'Haldiram Festive' })
    await row.locator('img[src^="/cdn/thumb/uploads/"]').waitFor()

    // The storefront's menu (the product list's category filter) has the new order, and the brand.
    const { page: shop, context: shopContext, errors: shopErrors } = await openPage(browser)
    await shop.goto(`${origin}/products`)
    await shop
      .getByRole('button', { name: `Show ${parent} subcategories` })
      .first()
      .click()
    const names = await shop
      .locator(`[id="category-children-${parentSlug}"]`)
      .first()
      .locator(':scope > li')
      .evaluateAll((items) => items.map((li) => li.textContent?.trim()))
    assert.equal(names[0], 'Festive Sweets')
    assert.equal(names.at(-1), 'Festive Gifts')
    await shop.goto(`${origin}/products?c=festive-sweets`)
    await shop.getByRole('checkbox', { name: 'Festive Sweets' }).first().waitFor()

    if (process.env.SCREENSHOT_DIR) {
      for (const width of [1280, 820]) {
        await admin.setViewportSize({ width, height: 900 })
        await admin.goto(`${origin}/bos/admin/categories`)
        await tree.getByRole('listitem', { name: 'Festive Sweets' }).waitFor()
        await admin.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `categories-${width}.png`), fullPage: true })
        await admin.goto(`${origin}/bos/admin/brands`)
        await admin.getByRole('row').nth(1).waitFor()
        await admin.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `brands-${width}.png`), fullPage: true })
        await admin.getByRole('button', { name: 'Add brand' }).first().click()
        await admin.getByRole('form', { name: 'New brand' }).waitFor()
        await admin.locator('[role="dialog"][data-state="open"]').waitFor()
        await animationsDone(admin)
        await admin.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `brand-form-${width}.png`) })
      }
    }

    assert.deepEqual(errors, [])
    assert.deepEqual(shopErrors, [])
    await shopContext.close()
    await context.close()
  })
})
