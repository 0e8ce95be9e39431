import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from './browser'
import { startServer, type TestServer } from './server'
import { shot, signedIn as signInAs, STAFF_CODE, SUPERADMIN } from './staff-session'

let server: TestServer
let browser: Browser
const signedIn = (username: string) => signInAs(browser, server.origin, username)
/** A staff call with the signed-in page's cookies and its XSRF token (as the web client makes it). */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: { id?: number } }> {
  const origin = server.origin
  const token = async () => (await page.context().cookies(origin)).find((c) => c.name === 'XSRF-TOKEN')?.value
  if (!(await token())) await page.request.get(`${origin}/s/api/cookie`, { headers: { 'x-web-url': origin } })
  const res = await page.request.fetch(`${origin}/s${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-web-url': origin, 'x-xsrf-token': decodeURIComponent((await token()) ?? '') },
    data: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status(), body: await res.json() }
}
const inDays = (n: number) => new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10)

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

describe('purchases in the staff app', () => {
  it('an admin adds a supplier, receives a bill with a batch expiring in 5 days, finds it near expiry and marks the pack down', async () => {
    const { context, page: admin, errors } = await signedIn(SUPERADMIN)
    const name = `Test Supplier ${Date.now()}`
    await admin.goto(`${server.origin}/bos/admin/suppliers`)
    await admin.getByRole('button', { name: 'Add supplier' }).first().click()
    const form = admin.getByRole('form', { name: 'New supplier' })
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('GSTIN').fill('29AAKCK4821M1Z0')
    await form.getByRole('button', { name: 'Add supplier' }).click()
    await form.waitFor({ state: 'detached' })
    await admin.getByRole('table', { name: 'Suppliers' }).getByText(name).waitFor()
    await shot(admin, 'purchases-suppliers')

    await admin.goto(`${server.origin}/bos/admin/purchases`)
    await admin.getByLabel('Supplier').selectOption({ label: `${name} (Karnataka)` })
    await admin.getByLabel('Into warehouse').selectOption({ index: 1 })
    await admin.getByLabel('Bill number').fill('E2E/1')
    await admin.getByLabel('Add a pack').fill('ghee')
    await admin.getByRole('list', { name: 'Packs found' }).getByRole('button').first().click()
    await admin.getByLabel('Qty, line 1').fill('10')
    await admin.getByLabel('Free, line 1').fill('2')
    await admin.getByLabel('Cost ₹, line 1').fill('100')
    await admin.getByLabel('Batch, line 1').fill('E2E-B1')
    await admin.getByLabel('Expiry, line 1').fill(inDays(5))
    const totals = admin.getByRole('definition').filter({ hasText: '₹' })
    await admin.getByText('CGST').waitFor()
    assert.ok((await totals.allTextContents()).includes('₹1,050'), 'a ₹1,000 line at 5 % GST totals ₹1,050')
    await shot(admin, 'purchases-bill')
    await admin.getByRole('button', { name: 'Receive into stock' }).click()
    await admin.getByText(/Bill E2E\/1 received/).waitFor()

    await admin.goto(`${server.origin}/bos/admin/near-expiry`)
    await admin.getByRole('tab', { name: '7 days' }).click()
    const row = admin.getByRole('row').filter({ hasText: 'E2E-B1' })
    await row.waitFor()
    await shot(admin, 'purchases-near-expiry')
    await row.getByRole('button', { name: 'Mark down' }).click()
    await admin.getByLabel('New price (₹)').fill('1')
    await admin.getByRole('button', { name: 'Set price' }).click()
    await admin.getByText(/now sells at ₹1/).waitFor()

    // the storefront shows the new price at once: the product's page, that pack chosen
    const [productName, packName] = ((await row.getByRole('cell').first().textContent()) ?? '').split(', ')
    const shop = await context.newPage()
    await shop.goto(`${server.origin}/products?q=${encodeURIComponent(productName)}`)
    await shop.locator('article h3 a', { hasText: productName }).first().click()
    await shop.getByRole('heading', { level: 1, name: productName }).waitFor()
    if ((await shop.getByRole('radio').count()) > 1) await shop.locator('label:has(input[type=radio])', { hasText: packName }).first().click()
    // the price shown first: ₹1 (then the struck-out original)
    await shop
      .getByTestId('pack-price')
      .filter({ hasText: /^₹1(?![\d,.])/ })
      .waitFor()
    await shot(shop, 'purchases-marked-down-storefront')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('an admin orders from a supplier, sends the order, receives part of it with its lines prefilled, and records a payment on the supplier’s khata', async () => {
    const { context, page: admin, errors } = await signedIn(SUPERADMIN)
    const name = `Order Supplier ${Date.now()}`
    await admin.goto(`${server.origin}/bos/admin/suppliers`)
    await admin.getByRole('button', { name: 'Add supplier' }).first().click()
    const form = admin.getByRole('form', { name: 'New supplier' })
    await form.getByLabel('Name').fill(name)
    await form.getByRole('button', { name: 'Add supplier' }).click()
    await form.waitFor({ state: 'detached' })

    await admin.goto(`${server.origin}/bos/admin/purchase-orders`)
    await admin.getByRole('button', { name: 'New purchase order' }).click()
    const order = admin.getByRole('region', { name: 'New purchase order' })
    await order.getByLabel('Supplier').selectOption({ label: name })
    await order.getByLabel('Deliver to warehouse').selectOption({ index: 1 })
    await order.getByLabel('Add a pack').fill('ghee')
    await order.getByRole('list', { name: 'Packs found' }).getByRole('button').first().click()
    await order.getByLabel('Qty, line 1').fill('10')
    await order.getByLabel('Cost ₹, line 1').fill('100')
    await order.getByText('Order total with GST: ₹1,050').waitFor()
    await order.getByRole('button', { name: 'Save as draft' }).click()
    await order.waitFor({ state: 'detached' })
    const row = admin.getByRole('row').filter({ hasText: name })
    await row.getByText('Draft').waitFor()
    const number = (await row.getByRole('cell').first().textContent())!.trim()
    assert.match(number, /^PO-\d{5}$/)
    await row.getByRole('button', { name: `Send ${number}` }).click()
    await row.getByText('Sent').waitFor()
    await shot(admin, 'purchases-orders')
    await row.getByRole('link', { name: `Receive ${number}` }).click()

    await admin.getByText(`Receiving against ${number}`).waitFor()
    assert.equal(await admin.getByLabel('Qty, line 1').inputValue(), '10')
    assert.equal(await admin.getByLabel('Cost ₹, line 1').inputValue(), '100')
    await admin.getByLabel('Qty, line 1').fill('6')
    await admin.getByLabel('Batch, line 1').fill('PO-E2E')
    await admin.getByLabel('Expiry, line 1').fill(inDays(120))
    await admin.getByRole('button', { name: 'Receive into stock' }).click()
    await admin.getByText(/received: 1 lines into stock/).waitFor()

    await admin.goto(`${server.origin}/bos/admin/purchase-orders`)
    await admin.getByRole('row').filter({ hasText: number }).getByText('Part received').waitFor()

    // the supplier's khata: 6 × ₹100 + 5 % GST = ₹630 due; ₹200 paid by UPI leaves ₹430
    await admin.goto(`${server.origin}/bos/admin/suppliers`)
    await admin.getByRole('button', { name: `Khata of ${name}` }).click()
    const khata = admin.getByRole('dialog')
    await khata.getByText('Due to the supplier: ₹630').waitFor()
    await khata.getByLabel('Amount paid (₹)').fill('200')
    await khata.getByLabel('Reference').fill('UTR 5551')
    await khata.getByRole('button', { name: 'Record payment' }).click()
    await khata.getByText('Due to the supplier: ₹430').waitFor()
    await khata
      .getByRole('table', { name: 'Supplier khata' })
      .getByText(/Payment made · UPI · UTR 5551/)
      .waitFor()
    await shot(admin, 'purchases-supplier-khata')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('an admin receives a supplier’s bill from a CSV file: a row with a problem is shown per column, the corrected file is received and its batch shows in stock', async () => {
    const { context, page: admin, errors } = await signedIn(SUPERADMIN)
    const stamp = Date.now()
    const sku = `CSV-E2E-${stamp}`
    const product = `CSV Dal ${stamp}`
    const made = await call(admin, 'POST', '/api/admin/products', {
      product_name: product,
      brand: 'Sona Khet',
      categories: ['atta-flours'],
      packs: [{ pack_name: '1 kg', price: 150, act_price: 160, sku }],
    })
    assert.equal(made.status, 201, JSON.stringify(made.body))
    const supplier = await call(admin, 'POST', '/api/admin/suppliers', { name: `CSV Supplier ${stamp}` })
    assert.equal(supplier.status, 201)

    await admin.goto(`${server.origin}/bos/admin/purchases`)
    await admin.getByLabel('Supplier').selectOption({ label: `CSV Supplier ${stamp}` })
    await admin.getByLabel('Into warehouse').selectOption({ index: 1 })
    await admin.getByLabel('Bill number').fill(`CSV/${stamp}`)
    const upload = (text: string) =>
      admin.getByLabel('Import the bill (CSV)').setInputFiles({ name: 'bill.csv', mimeType: 'text/csv', buffer: Buffer.from(text) })
    const header = 'SKU,Qty,Free,Rate,GST %,Batch,Expiry,MRP'
    await upload(`${header}\n${sku},24,2,120,5,CSV-E2E,31/02/2030,160\n`)
    const preview = admin.getByRole('dialog', { name: 'The bill’s lines from the file' })
    await preview.getByText(/Expiry: Expiry must be a date/).waitFor()
    assert.equal(await preview.getByRole('button', { name: /^Add 1 lines/ }).isDisabled(), true)
    await shot(admin, 'purchases-csv-problems')
    await preview.getByRole('button', { name: 'Close' }).first().click()
    await preview.waitFor({ state: 'detached' })

    await upload(`${header}\n${sku},24,2,120,5,CSV-E2E,03/2030,160\n`)
    await preview.getByText('Every row reads well.').waitFor()
    await preview.getByRole('button', { name: 'Add 1 lines to the bill' }).click()
    assert.equal(await admin.getByLabel('Batch, line 1').inputValue(), 'CSV-E2E')
    assert.equal(await admin.getByLabel('Expiry, line 1').inputValue(), '2030-03-31')
    await admin.getByRole('button', { name: 'Receive into stock' }).click()
    await admin.getByText(new RegExp(`Bill CSV/${stamp} received`)).waitFor()

    // the stock screen: the pack's batches show the bill's batch, 24 + 2 free
    await admin.goto(`${server.origin}/bos/admin/stock?q=${sku}`)
    await admin
      .getByRole('button', { name: /^History of/ })
      .first()
      .click()
    const batches = admin.getByRole('region', { name: 'Batches' })
    const row = batches.getByRole('row').filter({ hasText: 'CSV-E2E' })
    await row.waitFor()
    assert.match((await row.textContent()) ?? '', /2030-03-31\s*26/)
    await shot(admin, 'purchases-csv-batches')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('the margin report matches a day of counter sales worked out by hand (first expiring batch first, each at its cost)', async () => {
    const { context, page: admin, errors } = await signedIn(SUPERADMIN)
    const stamp = Date.now()
    const product = `Margin Dal ${stamp}`
    const made = await call(admin, 'POST', '/api/admin/products', {
      product_name: product,
      brand: 'Sona Khet',
      categories: ['atta-flours'],
      packs: [{ pack_name: '1 kg', price: 150, act_price: 160 }],
    })
    assert.equal(made.status, 201, JSON.stringify(made.body))
    const packId = (made.body as unknown as { packs: { pack_id: number }[] }).packs[0].pack_id
    const current = (await call(admin, 'GET', '/api/pos/shifts/current')).body as unknown as { register: { warehouse_id: number }; shift: object | null }
    if (!current.shift) assert.equal((await call(admin, 'POST', '/api/pos/shifts', { opening_cash: 500 })).status, 201)
    const supplier = await call(admin, 'POST', '/api/admin/suppliers', { name: `Margin Supplier ${stamp}` })
    const bill = await call(admin, 'POST', '/api/admin/purchases', {
      supplier_id: supplier.body.id,
      warehouse_id: current.register.warehouse_id,
      lines: [
        { pack_id: packId, quantity: 4, cost_price: 100, batch: 'M-EARLY', expiry: inDays(20) },
        { pack_id: packId, quantity: 6, cost_price: 110, batch: 'M-LATE', expiry: inDays(60) },
      ],
    })
    assert.equal(bill.status, 201, JSON.stringify(bill.body))
    // the day's sales: 3 units, then 3 more
    for (const quantity of [3, 3]) {
      const sale = await call(admin, 'POST', '/api/pos/sales', {
        client_id: crypto.randomUUID(),
        lines: [{ pack_id: packId, quantity }],
        payments: [{ method: 'cash', amount: 1000 }],
      })
      assert.equal(sale.status, 201, JSON.stringify(sale.body))
    }
    // by hand: 6 × ₹150 = ₹900 taken; the first 4 from M-EARLY at ₹100 and 2 from M-LATE at ₹110 = ₹620; margin ₹280
    await admin.goto(`${server.origin}/bos/admin/margin`)
    const row = admin.getByRole('table', { name: 'Gross margin by product' }).getByRole('row').filter({ hasText: product })
    await row.waitFor()
    const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.trim())
    assert.deepEqual(cells.slice(0, 5), [product, '6', '₹900', '₹620', '₹280'])
    assert.equal(cells[5], '31.1 %')
    await shot(admin, 'purchases-margin')
    assert.deepEqual(errors, [])
    await context.close()
  })
})
