import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { MOBILE, openPage } from './browser'
import { placeCodOrder, signInShopper } from './shop-flow'
import { shot, signedIn, STAFF_CODE, staffSuite, SUPERADMIN } from './staff-session'

/**
 * Issue 29's roles end to end: each person sees only the staff doors their role opens, lands on a screen they may
 * use, does their work, and is refused (403) what their role leaves out.
 */
const suite = staffSuite()

/** A call with the signed-in page's cookies and its XSRF token (as the web client makes it). */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const origin = suite.server.origin
  const token = async () => (await page.context().cookies(origin)).find((c) => c.name === 'XSRF-TOKEN')?.value
  if (!(await token())) await page.request.get(`${origin}/s/api/cookie`, { headers: { 'x-web-url': origin } })
  const res = await page.request.fetch(`${origin}/s${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-web-url': origin, 'x-xsrf-token': decodeURIComponent((await token()) ?? '') },
    data: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status(), body: await res.json() }
}

let admin: Page
const people: Record<string, string> = {}
/** A new person given `role` by the superadmin through POST /api/admin/staff (CONTRACT). */
async function hire(role: string, name: string) {
  admin ??= (await signedIn(suite.browser, suite.server.origin, SUPERADMIN)).page
  const phone = `7${String(Date.now() + Object.keys(people).length).slice(-9)}`
  const res = await call(admin, 'POST', '/api/admin/staff', { username: phone, name, role })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  assert.equal(res.body.role, role)
  people[role] = phone
  return phone
}

/** The account menu's items, opened once the page is hydrated (a click before that does nothing). */
async function menuItems(page: Page, name: string) {
  await page.goto(`${suite.server.origin}/`)
  const menu = page.getByRole('menu', { name: 'Account' })
  for (let tries = 0; tries < 20 && !(await menu.isVisible()); tries++) {
    await page.getByRole('button', { name }).click()
    await menu.waitFor({ timeout: 500 }).catch(() => {})
  }
  const items = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim())
  await page.keyboard.press('Escape')
  return items
}

describe('roles and permissions (issue 29)', () => {
  it('a cashier sees only POS in the menu, sells at the counter, and is refused Administration', async () => {
    const phone = await hire('cashier', 'Kavya Cashier')
    // stock at the counter's warehouse for one product, set by the admin
    const register = (await call(admin, 'GET', '/api/pos/shifts/current')).body.register as { warehouse_id: number }
    const list = (await call(admin, 'GET', '/api/products?perPage=40&s=name')).body.data as {
      product_id: number
      product_name: string
      packs: { pack_id: number; in_stock: boolean }[]
    }[]
    const product = list.find((p) => p.packs.length === 1 && p.packs[0].in_stock)
    assert.ok(product, 'a single-pack product in stock')
    const set = await call(admin, 'PUT', '/api/admin/stock', {
      pack_id: product.packs[0].pack_id,
      warehouse_id: register.warehouse_id,
      quantity: 5,
      reason: 'count_correction',
    })
    assert.equal(set.status, 200, JSON.stringify(set.body))

    const { page, errors } = await signedIn(suite.browser, suite.server.origin, phone)
    const items = await menuItems(page, 'Kavya Cashier')
    assert.ok(items.includes('POS'), items.join(', '))
    assert.ok(!items.includes('Administration') && !items.includes('Website Settings'), items.join(', '))
    await shot(page, 'roles-cashier-menu', false)

    await page.goto(`${suite.server.origin}/pos`)
    const open = page.getByRole('form', { name: 'Open a shift' })
    await open.getByLabel('Opening cash (₹)').fill('500')
    await open.getByRole('button', { name: 'Open shift' }).click()
    await page.locator('#pos-search').fill(product.product_name)
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('button', { name: new RegExp(product.product_name) })
      .first()
      .click()
    await page
      .getByRole('list', { name: 'Sale lines' })
      .getByRole('listitem', { name: new RegExp(`^${product.product_name}`) })
      .waitFor()
    await page.getByRole('button', { name: /^Pay/ }).click()
    const pay = page.getByRole('dialog', { name: /^Take payment/ })
    await pay.getByRole('button', { name: /^Add cash/ }).click()
    await pay.getByRole('button', { name: 'Complete sale' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: /^Sale .* complete/ })
      .waitFor()
    await shot(page, 'roles-cashier-sale')

    assert.equal((await call(page, 'GET', '/api/admin/orders')).status, 403)
    assert.equal((await call(page, 'GET', '/api/admin/products')).status, 403)
    await page.goto(`${suite.server.origin}/bos/admin`)
    await page.getByRole('heading', { name: /403|not allowed|access/i }).waitFor()
    assert.deepEqual(
      errors.filter((e) => !/403/.test(e)),
      [],
    )
  })

  it('a packer lands on the orders, packs, sends out and delivers an order, and is refused its refund', async () => {
    const shopper = await openPage(suite.browser, MOBILE)
    await signInShopper(shopper.page, suite.server.origin, '9876500003', STAFF_CODE)
    const number = await placeCodOrder(shopper.page, suite.server.origin)
    await shopper.context.close()

    const phone = await hire('packer', 'Meena Packer')
    const { page, errors } = await signedIn(suite.browser, suite.server.origin, phone)
    const items = await menuItems(page, 'Meena Packer')
    assert.ok(items.includes('Administration'), items.join(', '))
    assert.ok(!items.includes('POS') && !items.includes('Website Settings'), items.join(', '))

    // the door opens on the first screen a packer may use, not on the dashboard's 403
    await page.goto(`${suite.server.origin}/bos/admin`)
    await page.waitForURL(/\/bos\/admin\/orders$/)
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor()
    const nav = page.getByRole('navigation', { name: 'Administration' })
    assert.deepEqual(await nav.getByRole('link').allInnerTexts(), ['Orders'])
    await shot(page, 'roles-packer-orders')

    await page.getByRole('searchbox', { name: 'Search orders' }).fill(number)
    await page.waitForURL(new RegExp(`q=${number}`))
    await page.getByRole('link', { name: number }).click()
    await page.waitForURL(/\/bos\/admin\/orders\/\d+$/)
    await shot(page, 'roles-packer-order')
    await page.getByRole('heading', { name: new RegExp(`^Order ${number}`), level: 1 }).waitFor()
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    await page.getByRole('button', { name: 'Mark packed' }).click()
    await page.getByRole('button', { name: 'Send out for delivery' }).click()
    const dispatch = page.getByRole('dialog', { name: `Send ${number} out for delivery` })
    await dispatch.getByLabel('Delivery person’s name').fill('Ravi Kumar')
    await dispatch.getByLabel('Delivery person’s phone').fill('9876543210')
    await dispatch.getByRole('button', { name: 'Send out' }).click()
    await dispatch.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Mark delivered' }).click()
    await page.getByRole('button', { name: /^Delivered, ₹[\d,.]+ in cash$/ }).click()
    await page
      .getByText(/^Cash collected: ₹/)
      .first()
      .waitFor()
    await shot(page, 'roles-packer-delivered')

    const refund = await call(page, 'POST', `/api/admin/orders/${id}/refunds`, { amount: 10, reason: 'Packet torn' })
    assert.equal(refund.status, 403, JSON.stringify(refund.body))
    assert.equal(refund.body.message, 'Your role on this website does not include Refunds and cancels')
    assert.equal((await call(page, 'GET', '/api/admin/products')).status, 403)
    assert.deepEqual(errors, [])
  })

  it('an accountant sees Administration only, opens Reports and downloads a CSV, and changes nothing', async () => {
    const phone = await hire('accountant', 'Arjun Accountant')
    const { page, errors } = await signedIn(suite.browser, suite.server.origin, phone)
    const items = await menuItems(page, 'Arjun Accountant')
    assert.ok(items.includes('Administration'), items.join(', '))
    assert.ok(!items.includes('POS') && !items.includes('Website Settings'), items.join(', '))

    await page.goto(`${suite.server.origin}/bos/admin`)
    await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor()
    const nav = page.getByRole('navigation', { name: 'Administration' })
    assert.ok(!(await nav.getByRole('link').allInnerTexts()).includes('Staff'))
    await nav.getByRole('link', { name: 'Reports' }).click()
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor()
    await shot(page, 'roles-accountant-reports')
    const download = page.waitForEvent('download')
    await page.getByRole('tabpanel').getByRole('link', { name: 'Download CSV' }).click()
    const file = await download
    assert.match(file.suggestedFilename(), /^sales-.*\.csv$/)
    assert.ok(readFileSync((await file.path())!, 'utf8').startsWith('\uFEFFPeriod start'))

    const orders = await call(page, 'GET', '/api/admin/orders')
    assert.equal(orders.status, 200)
    const coupon = await call(page, 'POST', '/api/admin/coupons', { code: 'NOPE10', kind: 'percent', value: 10 })
    assert.equal(coupon.status, 403)
    assert.deepEqual(errors, [])
  })
})
