import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { MOBILE, openPage } from './browser'
import { shot, signedIn, staffSuite, SUPERADMIN } from './staff-session'

const suite = staffSuite()

/** A call with the signed-in page's cookies and its XSRF token. */
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

/** startServer gives up waiting after a minute; on a busy machine the in-memory database may still be migrating. */
async function serverReady(origin: string, within = 300_000) {
  const deadline = Date.now() + within
  while (Date.now() < deadline) {
    const res = await fetch(`${origin}/readyz`).catch(() => null)
    if (res?.ok) return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the server never became ready')
}

/**
 * An open shift on the signed-in page's register, a single-pack product with 50 in its warehouse, and a regular customer
 * (known to the shop from a cash sale) given credit of ₹5,000.
 */
async function creditCustomer(page: Page) {
  await page.goto(`${suite.server.origin}/`)
  const { register } = (await call(page, 'GET', '/api/pos/shifts/current')).body
  const opened = await call(page, 'POST', '/api/pos/shifts', { opening_cash: 500 })
  assert.ok([201, 409].includes(opened.status), JSON.stringify(opened.body))
  const products = (await call(page, 'GET', '/api/products?perPage=40&s=name')).body.data as {
    product_id: number
    product_name: string
    packs: { pack_id: number; price: number; in_stock: boolean }[]
  }[]
  const product = products.find((p) => p.packs.length === 1 && p.packs[0].in_stock)!
  const pack = product.packs[0]
  const stocked = await call(page, 'PUT', '/api/admin/stock', {
    pack_id: pack.pack_id,
    warehouse_id: register.warehouse_id,
    quantity: 50,
    reason: 'count_correction',
  })
  assert.equal(stocked.status, 200, JSON.stringify(stocked.body))
  const phone = `9${String(Date.now()).slice(-9)}`
  const first = await call(page, 'POST', '/api/pos/sales', {
    client_id: crypto.randomUUID(),
    lines: [{ pack_id: pack.pack_id, quantity: 1 }],
    payments: [{ method: 'cash', amount: pack.price }],
    customer_phone: phone,
  })
  assert.equal(first.status, 201, JSON.stringify(first.body))
  const [customer] = (await call(page, 'GET', `/api/admin/customers?q=${phone}`)).body.data
  assert.equal((await call(page, 'PUT', `/api/admin/customers/${customer.user_id}/khata`, { credit_limit: 5000 })).status, 200)
  return { product, pack, phone, customer: customer as { user_id: number } }
}

const money = (text: string) => Number(text.replace(/[₹,\s]/g, ''))
/** rupees as the pages show them: ₹1,234 or ₹1,234.50 */
const inr = (r: number) => `₹${r.toLocaleString('en-IN', { minimumFractionDigits: r % 1 ? 2 : 0, maximumFractionDigits: 2 })}`

describe('the khata (customer credit book)', () => {
  it('a credit sale at the counter, a part-payment by UPI, and the statement’s figures agree with the khata', async () => {
    await serverReady(suite.server.origin)
    const { page, errors } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await page.addInitScript(() => {
      ;(window as unknown as { printed: number }).printed = 0
      window.print = () => {
        ;(window as unknown as { printed: number }).printed++
      }
    })
    const { product, pack, phone, customer } = await creditCustomer(page)

    // At the counter: two units, the customer's mobile, the whole bill "On khata"
    await page.goto(`${suite.server.origin}/pos`)
    await page.locator('#pos-search').fill(product.product_name)
    const tile = page
      .getByRole('list', { name: 'Products' })
      .getByRole('button', { name: new RegExp(product.product_name) })
      .first()
    await tile.click()
    await tile.click()
    await page.getByLabel('Customer mobile (optional)').fill(phone)
    const total = money(await page.getByTestId('cart-total').innerText())
    assert.equal(total, pack.price * 2)
    await page.getByRole('button', { name: /^Pay/ }).click()
    const pay = page.getByRole('dialog', { name: /^Take payment/ })
    await pay.getByRole('tab', { name: 'On khata' }).click()
    await pay.getByText(`Goes on the khata of ${phone}`).waitFor()
    await shot(page, 'khata-1-counter')
    await pay.getByRole('button', { name: /^Put .* on khata/ }).click()
    await pay.getByRole('button', { name: 'Complete sale' }).click()
    const done = page.getByRole('status').filter({ hasText: /^Sale .* complete/ })
    await done.waitFor()
    const orderNumber = (await done.innerText()).match(/Sale (\S+) complete/)![1]

    // The Khata screen: the customer owes the bill
    await page.goto(`${suite.server.origin}/bos/admin/khata`)
    await page.getByLabel('Search khata').fill(phone)
    const row = page.getByRole('row').filter({ hasText: phone })
    await row.waitFor()
    assert.match(await row.innerText(), new RegExp(`₹${total.toLocaleString('en-IN')}`))
    await shot(page, 'khata-2-list')
    await row.getByRole('link').click()

    // A part-payment by UPI recorded on the statement
    const part = Math.floor(total / 2)
    await page.getByLabel('Amount (₹)').fill(String(part))
    await page.getByLabel('Paid by').selectOption('upi')
    await page.getByLabel('Reference (UPI or card, optional)').fill('UTR998877')
    await page.getByRole('button', { name: 'Record payment' }).click()
    const owed = Math.round((total - part) * 100) / 100
    await page
      .getByTestId('khata-balance')
      .filter({ hasText: `₹${owed.toLocaleString('en-IN', { minimumFractionDigits: owed % 1 ? 2 : 0 })}` })
      .waitFor()
    const entries = page.getByTestId('khata-entry')
    assert.equal(await entries.count(), 2)
    assert.match(await entries.nth(0).innerText(), new RegExp(`Sale on credit[\\s\\S]*Bill ${orderNumber}`))
    assert.match(await entries.nth(1).innerText(), /Payment received[\s\S]*by UPI · UTR998877/)
    await shot(page, 'khata-3-statement')

    // The statement's figures are the khata's
    const khata = (await call(page, 'GET', `/api/admin/customers/${customer.user_id}/khata`)).body
    assert.equal(khata.balance, owed)
    assert.deepEqual(
      khata.entries.map((e: { kind: string; amount: number; order_number?: string }) => [e.kind, e.amount, e.order_number ?? null]),
      [
        ['sale', total, orderNumber],
        ['payment', part, null],
      ],
    )
    assert.equal(money(await page.getByTestId('khata-balance').innerText()), khata.balance)
    // the receipt of the credit sale names the tender
    const receipt = (await call(page, 'GET', `/api/pos/sales/${orderNumber}`)).body
    assert.deepEqual(
      receipt.payments.map((p: { method: string; amount: number }) => [p.method, p.amount]),
      [['khata', total]],
    )

    // printed on 80 mm: only the statement
    await page.getByRole('button', { name: 'Print 80 mm' }).click()
    await page.waitForFunction(() => (window as unknown as { printed: number }).printed === 1)
    await page.emulateMedia({ media: 'print' })
    assert.equal(await page.getByRole('button', { name: 'Record payment' }).isVisible(), false, 'the forms are not printed')
    assert.match(await page.getByRole('region', { name: 'Statement' }).innerText(), /Khata statement/)
    await shot(page, 'khata-4-print-80mm')
    await page.emulateMedia({ media: 'screen' })
    assert.deepEqual(errors, [])
  })

  it('a credit sale, a part-payment by UPI QR on the statement’s share link, and the figures agree on both pages', async () => {
    await serverReady(suite.server.origin)
    const { page, errors } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    const { pack, phone, customer } = await creditCustomer(page)

    // Three units sold at the counter, the whole bill on the customer's khata
    const total = pack.price * 3
    const sale = await call(page, 'POST', '/api/pos/sales', {
      client_id: crypto.randomUUID(),
      lines: [{ pack_id: pack.pack_id, quantity: 3 }],
      payments: [{ method: 'khata', amount: total }],
      customer_phone: phone,
    })
    assert.equal(sale.status, 201, JSON.stringify(sale.body))
    const orderNumber = sale.body.order_number as string

    // Staff make the share link from the statement screen
    await page.goto(`${suite.server.origin}/bos/admin/khata/${customer.user_id}`)
    await page
      .getByTestId('khata-balance')
      .filter({ hasText: inr(total) })
      .waitFor()
    await page.getByRole('button', { name: 'Share link' }).click()
    const link = await page.getByLabel(/^Statement link/).inputValue()
    assert.match(link, new RegExp(`^${suite.server.origin}/khata/[A-Za-z0-9_-]{43}$`))

    // The customer opens it on their phone, without signing in, and pays a part by UPI QR
    const shopper = await openPage(suite.browser, MOBILE)
    await shopper.page.goto(link)
    await shopper.page
      .getByTestId('shared-balance')
      .filter({ hasText: inr(total) })
      .waitFor()
    const part = Math.floor(total / 3)
    const owed = Math.round((total - part) * 100) / 100
    await shopper.page.getByLabel('Amount to pay (₹)').fill(String(part))
    await shopper.page.getByRole('button', { name: `Pay ${inr(part)} by UPI` }).click()
    await shopper.page.getByRole('img', { name: `UPI QR for ${inr(part)}` }).waitFor()
    const qrId = await shopper.page.locator('[data-qr-id]').getAttribute('data-qr-id')
    assert.match(qrId ?? '', /^qr_/)
    await shot(shopper.page, 'khata-5-share-qr')
    // the customer's UPI app pays it (the simulator's control); the webhook posts it and the page, polling, shows it
    const paid = await page.request.post(`${suite.server.origin}/__sim/pay`, { data: { provider: 'razorpay', order_id: qrId, outcome: 'success' } })
    assert.equal(paid.status(), 200, await paid.text())
    await shopper.page
      .getByRole('status')
      .filter({ hasText: `Paid ${inr(part)}. Thank you! Balance now ${inr(owed)}.` })
      .waitFor({ timeout: 20_000 })
    await shopper.page
      .getByTestId('shared-balance')
      .filter({ hasText: inr(owed) })
      .waitFor()
    await shot(shopper.page, 'khata-6-share-paid')

    // The staff statement: the sale, the payment by UPI and the balance, as on the shared page
    await page.reload()
    await page
      .getByTestId('khata-balance')
      .filter({ hasText: inr(owed) })
      .waitFor()
    await shot(page, 'khata-7-statement-after-upi')
    const staffRows = await page.getByTestId('khata-entry').allInnerTexts()
    const sharedRows = await shopper.page.getByTestId('khata-entry').allInnerTexts()
    assert.equal(staffRows.length, 2)
    assert.match(staffRows[0], new RegExp(`Sale on credit[\\s\\S]*Bill ${orderNumber}[\\s\\S]*${inr(total)}`))
    assert.match(staffRows[1], new RegExp(`Payment received[\\s\\S]*by UPI[\\s\\S]*${inr(part)}[\\s\\S]*${inr(owed)}`))
    assert.deepEqual(sharedRows, staffRows, 'the shared statement shows the ledger as staff see it')

    // and the figures are the khata's: the sale, the payment, and the balance that is their difference
    const khata = (await call(page, 'GET', `/api/admin/customers/${customer.user_id}/khata`)).body
    assert.deepEqual(
      khata.entries.map((e: { kind: string; amount: number; method?: string; balance_after: number }) => [e.kind, e.amount, e.method ?? null, e.balance_after]),
      [
        ['sale', total, null, total],
        ['payment', part, 'upi', owed],
      ],
    )
    assert.equal(khata.balance, owed)
    assert.equal(money(await page.getByTestId('khata-balance').innerText()), owed)
    assert.equal(money(await shopper.page.getByTestId('shared-balance').innerText()), owed)

    // The rest by the provider's hosted payment link: its page, then back to the statement, which shows it paid
    await shopper.page.getByLabel('Amount to pay (₹)').fill('')
    await shopper.page.getByRole('button', { name: /^Pay .*by card, netbanking or UPI app$/ }).click()
    await shopper.page.waitForURL(/\/sim\/(razorpay|cashfree)\//)
    await shopper.page.getByRole('button', { name: /^Pay ₹/ }).click()
    await shopper.page.waitForURL((u) => u.pathname.startsWith('/khata/'))
    await shopper.page
      .getByRole('status')
      .filter({ hasText: `Paid ${inr(owed)}. Thank you! Balance now ${inr(0)}.` })
      .waitFor({ timeout: 20_000 })
    const settled = (await call(page, 'GET', `/api/admin/customers/${customer.user_id}/khata`)).body
    assert.equal(settled.balance, 0)
    assert.deepEqual(
      settled.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount]),
      [
        ['sale', total],
        ['payment', part],
        ['payment', owed],
      ],
    )
    await shot(shopper.page, 'khata-8-share-paid-by-link')
    await shopper.context.close()
    assert.deepEqual(errors, [])
    assert.deepEqual(shopper.errors, [])
  })
})
