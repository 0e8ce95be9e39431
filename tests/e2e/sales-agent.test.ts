import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { MOBILE, openPage } from './browser'
import { untilValue } from '../../server/test/wait'
import { signInShopper } from './shop-flow'
import { shot, signedIn, STAFF_CODE, SUPERADMIN, staffSuite } from './staff-session'

const suite = staffSuite()
const AGENT = '9876500002'

/** agent mode: one product into the customer's cart, checkout with `method`, back on the dashboard */
async function orderWith(page: Page, origin: string, method: RegExp) {
  await page.goto(`${origin}/products?s=price_desc`)
  await page.locator('[data-agent-banner]').waitFor()
  await page
    .getByRole('button', { name: /^Add .* to cart$/ })
    .first()
    .click()
  await page.waitForFunction(() => /^Cart, [1-9]/.test(document.querySelector('[aria-label^="Cart, "]')?.getAttribute('aria-label') ?? ''), null, {
    polling: 100,
  })
  await page.goto(`${origin}/checkout`)
  await page.getByRole('heading', { name: 'Delivery address' }).waitFor()
  await page.waitForLoadState('networkidle')
  await page.getByRole('radio', { name: method }).check()
  await page.locator('input[name^="slot-"]:checked').first().waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: /^Place order/ }).click()
  await page.waitForURL(/\/account\/dashboard\?placed=\d+/)
  await page.locator('[data-placed]').waitFor()
}

describe('a sales agent orders for a customer', () => {
  it('adds a customer, orders with cash on delivery and with a payment link the customer pays; delivered, both show on the dashboard', async () => {
    const started = Date.now()
    const { page, errors } = await openPage(suite.browser, { ...MOBILE, viewport: { width: 360, height: 800 } })
    await signInShopper(page, suite.server.origin, AGENT, STAFF_CODE)
    await page.goto(`${suite.server.origin}/account/dashboard`)
    await page.getByRole('heading', { name: 'Order for a customer' }).waitFor()

    // a new customer, with their address
    const mobile = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
    await page.getByLabel("Customer's mobile number").fill(mobile)
    await page.getByRole('button', { name: 'Find' }).click()
    const form = page.getByRole('form', { name: 'New customer' })
    await form.waitFor()
    for (const [label, value] of [
      ['Name', 'Asha'],
      ['House / flat no.', '4'],
      ['Building / street', 'Temple Street'],
      ['Area / locality', 'Malleshwaram'],
      ['City', 'Bengaluru'],
      ['Pincode', '560003'],
    ])
      await form.getByLabel(label, { exact: true }).fill(value)
    await form.getByRole('button', { name: 'Add customer and order' }).click()
    await page.waitForURL(/\/products$/)
    const banner = page.locator('[data-agent-banner]')
    assert.match((await banner.textContent()) ?? '', new RegExp(`Ordering for Asha · ${mobile.slice(0, 5)} ${mobile.slice(5)}`))
    await shot(page, 'agent-mode-banner')

    // cash on delivery
    await orderWith(page, suite.server.origin, /^Cash on delivery/)
    assert.match((await page.locator('[data-placed]').textContent()) ?? '', /Order placed for Asha\.\s*Cash on delivery/)
    await page.getByRole('button', { name: 'Done' }).click()
    await banner.waitFor({ state: 'detached' })

    // again, with a payment link
    await page.getByRole('button', { name: 'Order for Asha' }).click()
    await page.waitForURL(/\/products$/)
    await orderWith(page, suite.server.origin, /^Razorpay/)
    const link = page.locator('[data-payment-link] a')
    await link.waitFor()
    const url = (await link.getAttribute('href'))!
    assert.match(url, /\/sim\/razorpay\/link\/plink_/)
    await shot(page, 'agent-payment-link')
    await page.getByRole('button', { name: 'Done' }).click()

    // the customer opens the link on their phone and pays
    const customer = await openPage(suite.browser, MOBILE)
    await customer.page.goto(url)
    await customer.page.getByRole('button', { name: /^Pay ₹/ }).click()
    await customer.page.waitForURL((u) => !u.pathname.startsWith('/sim/'))
    // back on the shop without signing in: the order's number and amount, and the payment once the webhook is in
    assert.match(customer.page.url(), /\/order\/paid\/\d+-[A-Za-z0-9_-]{43}/)
    await customer.page.getByRole('heading', { name: 'Payment received' }).waitFor({ timeout: 20_000 })
    assert.match((await customer.page.getByTestId('order-number').textContent()) ?? '', /\S/)
    assert.doesNotMatch((await customer.page.locator('main').textContent()) ?? '', /Asha|Temple Street|Malleshwaram/)
    await shot(customer.page, 'agent-link-payment-received')
    assert.deepEqual(customer.errors, [])
    await customer.context.close()

    // confirmed by the webhook
    const orders = async () =>
      (await page.evaluate(async () => {
        const res = await fetch('/s/api/sales/orders', { headers: { 'x-web-url': location.origin } })
        return (await res.json()).data
      })) as { id: number; payment_method: string; payment_status: string; status: string; total: number }[]
    const mine = await untilValue(orders, (list) => list.find((o) => o.payment_method === 'razorpay')?.payment_status === 'paid', 15_000, 'the paid webhook')
    const online = mine.find((o) => o.payment_method === 'razorpay')!
    const cod = mine.find((o) => o.payment_method === 'cod')!
    assert.equal(online.payment_status, 'paid')
    assert.equal(online.status, 'confirmed')

    // an admin delivers both
    const { page: admin } = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    await admin.goto(`${suite.server.origin}/bos/admin`)
    for (const o of [cod, online]) {
      for (const status of ['packed', 'out_for_delivery', 'delivered']) {
        const body = {
          status,
          ...(status === 'out_for_delivery' ? { delivery_person_name: 'Ravi Kumar', delivery_person_phone: '9876543210' } : {}),
          ...(status === 'delivered' && o.payment_method === 'cod' ? { cash_collected: Math.round(o.total * 100) } : {}),
        }
        const code = await admin.evaluate(
          async ({ id, body }) => {
            const xsrf = decodeURIComponent(
              document.cookie
                .split('; ')
                .find((c) => c.startsWith('XSRF-TOKEN='))!
                .slice(11),
            )
            const res = await fetch(`/s/api/admin/orders/${id}/status`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-web-url': location.origin, 'x-xsrf-token': xsrf },
              body: JSON.stringify(body),
            })
            return `${res.status} ${res.status === 200 ? '' : await res.text()}`
          },
          { id: o.id, body },
        )
        assert.equal(code.trim(), '200', `${status} ${o.id}`)
      }
    }

    // the agent's dashboard and chart show them
    await page.goto(`${suite.server.origin}/account/dashboard`)
    await page.locator('[data-figure="Delivered"]').waitFor()
    assert.equal(await page.locator('[data-figure="Delivered"]').textContent(), '2')
    assert.equal(await page.locator('[data-figure="Today"]').textContent(), '2')
    assert.match((await page.locator('[data-figure="Commission earned"]').textContent()) ?? '', /^₹[1-9]/, 'the demo store pays 2 % on delivery')
    await page.locator('[data-chart] .recharts-bar-rectangle').first().waitFor()
    await page.getByRole('button', { name: 'Month' }).click()
    await page.locator('[data-chart] .recharts-bar-rectangle').first().waitFor()
    await shot(page, 'agent-dashboard-phone')
    assert.deepEqual(errors, [])
    console.log(`sales agent journey: ${((Date.now() - started) / 1000).toFixed(1)} s`)
  })
})
