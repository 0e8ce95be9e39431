import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { shot, SUPERADMIN, signedIn, staffSuite } from './staff-session'

const suite = staffSuite()

/** A staff call with the signed-in page's cookies and its XSRF token. */
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

/** The counter open on a shift (opened with ₹1,000 when none is). */
async function counter(page: Page) {
  await page.goto(`${suite.server.origin}/pos`)
  const open = page.getByRole('form', { name: 'Open a shift' })
  const search = page.getByLabel('Search products')
  await search.or(open).waitFor()
  if (await open.isVisible()) {
    await open.getByLabel('Opening cash (₹)').fill('1000')
    await open.getByRole('button', { name: 'Open shift' }).click()
  }
  await search.waitFor()
}

/** The first product tile in stock goes into the sale; its name. */
async function addSomething(page: Page): Promise<string> {
  const tile = page
    .getByRole('list', { name: 'Products' })
    .getByRole('button')
    .filter({ hasNotText: / \d+ packs/ })
    .first()
  const name = (await tile.getAttribute('data-product-name')) ?? (await tile.innerText()).split('\n')[0]
  await tile.click()
  await page.getByRole('list', { name: 'Sale lines' }).getByRole('listitem').first().waitFor()
  return name
}

describe('the counter (issue 28, the smaller points)', () => {
  it('the UPI tab makes no QR until the amount UPI pays is confirmed; then a QR of that amount', async () => {
    const { page, context, errors } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await counter(page)
    await addSomething(page)
    const made: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/s/api/pos/upi-qr') made.push(r.postData() ?? '')
    })
    const total = Number((await page.getByTestId('cart-total').innerText()).replace(/[₹,]/g, ''))
    await page.getByRole('button', { name: /^Pay/ }).click()
    const pay = page.getByRole('dialog', { name: /^Take payment/ })
    await pay.getByRole('tab', { name: 'UPI' }).click()
    // the amount first: nothing is asked of the provider yet
    const show = pay.getByRole('button', { name: /^Show UPI QR for ₹/ })
    await show.waitFor()
    assert.equal(await pay.getByRole('img', { name: /^UPI QR for/ }).count(), 0)
    assert.deepEqual(made, [], 'no QR made by opening the tab')
    // a split: ₹1 by UPI, the QR is made for ₹1 only
    await pay.getByLabel('Amount (₹)').fill('1')
    await pay.getByRole('button', { name: 'Show UPI QR for ₹1' }).click()
    await pay.getByRole('img', { name: 'UPI QR for ₹1' }).waitFor()
    assert.equal(made.length, 1)
    assert.equal(JSON.parse(made[0]).amount, 1)
    assert.ok(total > 1)
    await shot(page, 'pos-upi-split')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('closing a shift: a negative count is refused on its field; a confirm shows expected, counted and the difference first', async () => {
    const { page, context, errors } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await counter(page)
    const expected = (await call(page, 'GET', '/api/pos/shifts/current')).body.shift.expected_cash as number
    await page.getByRole('button', { name: 'Close shift' }).click()
    const close = page.getByRole('dialog', { name: 'Close the shift' })
    await close.getByLabel('₹500 notes').fill('-2')
    await close.getByText('A count cannot be negative').waitFor()
    await close.getByRole('button', { name: 'Close shift' }).click()
    await close.getByRole('alert').filter({ hasText: 'fix the marked ones' }).waitFor()
    assert.equal(await page.getByRole('dialog', { name: 'Close this shift?' }).count(), 0)
    await close.getByLabel('₹500 notes').fill('2')
    await close.getByRole('button', { name: 'Close shift' }).click()
    const sure = page.getByRole('dialog', { name: 'Close this shift?' })
    const money = (r: number) => `₹${r.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`
    await sure.getByText(`Expected ${money(expected)} · counted ₹1,000 · `, { exact: false }).waitFor()
    await shot(page, 'pos-close-confirm')
    await sure.getByRole('button', { name: 'Keep counting' }).click()
    await sure.waitFor({ state: 'detached' })
    assert.equal((await call(page, 'GET', '/api/pos/shifts/current')).body.shift?.status, 'open', 'nothing closed before the confirm')
    await close.getByRole('button', { name: 'Close shift' }).click()
    await sure.getByRole('button', { name: 'Close shift' }).click()
    await page.getByRole('heading', { name: 'Shift closed: report' }).waitFor()
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('tiles show the pack’s image and the stock at the register’s warehouse; none there says Out of stock plainly', async () => {
    const { page, context, errors } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await page.goto(`${suite.server.origin}/`)
    const register = (await call(page, 'GET', '/api/pos/shifts/current')).body.register
    const list = (await call(page, 'GET', '/api/products?perPage=60&s=name')).body.data as {
      product_id: number
      product_name: string
      image: string
      packs: { pack_id: number }[]
    }[]
    const [a, b] = list.filter((p) => p.packs.length === 1 && p.image).slice(-2)
    assert.ok(a && b, 'two single-pack products with an image')
    for (const [p, quantity] of [
      [a, 5],
      [b, 0],
    ] as const) {
      const set = await call(page, 'PUT', '/api/admin/stock', {
        pack_id: p.packs[0].pack_id,
        warehouse_id: register.warehouse_id,
        quantity,
        reason: 'count_correction',
      })
      assert.equal(set.status, 200, JSON.stringify(set.body))
    }
    await counter(page)
    const tile = (p: typeof a) => page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(p.product_name) })
    for (const [p, text] of [
      [a, '5 in stock'],
      [b, 'Out of stock'],
    ] as const) {
      await page.locator('#pos-search').fill(p.product_name)
      await tile(p).getByTestId('tile-stock').filter({ hasText: text }).waitFor()
      const img = tile(p).locator('img')
      await page.waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, await img.elementHandle())
      assert.ok(!(await img.getAttribute('src'))?.includes('placeholder'), 'the pack’s own image, not the placeholder')
    }
    await shot(page, 'pos-tiles')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('registers: staff add one at a warehouse, rename it and pick it on the counter; the device remembers it', async () => {
    const { page, context, errors } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await counter(page)
    const first = (await call(page, 'GET', '/api/pos/shifts/current')).body.register.name as string
    await page.getByRole('button', { name: `Register: ${first} (change)` }).click()
    const dialog = page.getByRole('dialog', { name: 'Registers' })
    const add = dialog.getByRole('form', { name: 'Add a register' })
    await add.getByLabel('Name').fill(first)
    await add.getByRole('button', { name: 'Add register' }).click()
    await add.getByText('Another register of this website has this name').waitFor()
    await add.getByLabel('Name').fill('Second till')
    await add.getByRole('button', { name: 'Add register' }).click()
    await dialog.getByRole('listitem', { name: 'Second till' }).waitFor()
    await dialog.getByRole('button', { name: 'Rename Second till' }).click()
    await dialog.getByLabel('New name').fill('Front till')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByRole('listitem', { name: 'Front till' }).waitFor()
    await shot(page, 'pos-registers')
    await dialog.getByRole('button', { name: 'Use Front till' }).click()
    // no shift on it yet: the counter offers to open one there, and keeps the choice across a reload
    await page.getByText('Front till: count the cash in the drawer').waitFor()
    await page.reload()
    await page.getByText('Front till: count the cash in the drawer').waitFor()
    const open = page.getByRole('form', { name: 'Open a shift' })
    await open.getByLabel('Opening cash (₹)').fill('300')
    await open.getByRole('button', { name: 'Open shift' }).click()
    await page.getByRole('button', { name: 'Register: Front till (change)' }).waitFor()
    const registers = (await call(page, 'GET', '/api/pos/registers')).body.registers as { name: string; open_by: string | null }[]
    assert.ok(registers.some((r) => r.name === 'Front till' && r.open_by))
    // and back to the first register, whose shift is still open
    await page.getByRole('button', { name: 'Register: Front till (change)' }).click()
    await dialog.getByRole('button', { name: `Use ${first}` }).click()
    await page.getByRole('button', { name: `Register: ${first} (change)` }).waitFor()
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('a business buyer at the counter (issue 34): the cashier enters the GSTIN, the receipt and the invoice name the buyer; GSTR-1 lists it under b2b', async () => {
    const GSTIN = '27AABCH1234K1ZR'
    const NAME = 'Hotel Sagar Private Limited'
    const { page, context, errors } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await counter(page)
    await addSomething(page)
    await page.getByRole('button', { name: '+ Business buyer (GSTIN)' }).click()
    const buyer = page.getByRole('group', { name: 'Business buyer (B2B invoice)' })
    // a typing mistake is caught on the field; Pay marks what is missing and takes no payment
    await buyer.getByLabel('GSTIN').fill('27AABCH1234K1ZA')
    await buyer.getByLabel('GSTIN').blur()
    await buyer.getByRole('alert').filter({ hasText: 'check character' }).waitFor()
    await page.getByRole('button', { name: /^Pay/ }).click()
    // the legal name is marked only by Pay's own check: the click was handled, and refused
    await buyer.getByLabel('Legal name').and(page.locator('[aria-invalid="true"]')).waitFor()
    assert.equal(await page.getByRole('dialog', { name: /^Take payment/ }).count(), 0, 'no payment while the buyer is wrong')
    await buyer.getByLabel('Legal name').fill(NAME)
    await buyer.getByLabel('GSTIN').fill(GSTIN.toLowerCase())
    await buyer.getByRole('alert').waitFor({ state: 'detached' })
    await shot(page, 'pos-business-buyer')

    const total = Number((await page.getByTestId('cart-total').innerText()).replace(/[₹,]/g, ''))
    await page.getByRole('button', { name: /^Pay/ }).click()
    const pay = page.getByRole('dialog', { name: /^Take payment/ })
    await pay.getByLabel('Cash tendered (₹)').fill(String(Math.ceil(total)))
    await pay.getByRole('button', { name: /^Add cash/ }).click()
    await pay.getByRole('button', { name: 'Complete sale' }).click()
    const done = page.getByRole('status').filter({ hasText: /^Sale .* complete/ })
    await done.waitFor()
    const number = (await done.innerText()).match(/Sale (\S+) complete/)![1]

    // the receipt's tax part names the buyer; a Maharashtra business buying in Karnataka is billed IGST
    await page.getByRole('region', { name: 'GST' }).waitFor()
    const receipt = page.getByRole('article', { name: 'Receipt' })
    await receipt
      .getByTestId('receipt-buyer')
      .filter({ hasText: `Buyer ${NAME} · GSTIN ${GSTIN}` })
      .waitFor()
    assert.match(await receipt.innerText(), /IGST/)
    await shot(page, 'pos-business-receipt')

    // the sale's tax invoice (PDF) is made out to the buyer
    const found = (await call(page, 'GET', `/api/admin/orders?q=${number}`)).body.data as { id: number; order_number: string }[]
    const id = found.find((o) => o.order_number === number)?.id
    assert.ok(id, `sale ${number} is among the orders`)
    const pdf = await page.request.get(`${suite.server.origin}/s/api/orders/${id}/invoice.pdf`)
    assert.equal(pdf.status(), 200)
    const { PDFDocument } = await import('pdf-lib')
    assert.match((await PDFDocument.load(await pdf.body())).getSubject() ?? '', new RegExp(`to ${NAME} \\(GSTIN ${GSTIN}\\)`))

    // and the month's GSTR-1 lists it under b2b, place of supply Maharashtra
    const invoice = (await call(page, 'GET', `/api/pos/sales/${number}`)).body.tax.invoice_number as string
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7)
    const gstr1 = (await call(page, 'GET', `/api/admin/gst/gstr1.json?period=${month}`)).body
    const b2b = gstr1.b2b.find((b: { ctin: string }) => b.ctin === GSTIN)
    assert.ok(
      b2b?.inv.some((i: { inum: string; pos: string }) => i.inum === invoice && i.pos === '27'),
      `invoice ${invoice} is listed under b2b`,
    )
    assert.deepEqual(errors, [])
    await context.close()
  })
})
