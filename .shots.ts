import { launchBrowser, openPage } from './tests/e2e/browser'
import { startServer } from './tests/e2e/server'
const CODE = '123456'
const server = await startServer({ AUTH_FIXED_OTP: CODE, PGLITE_TEMPLATE: process.env.PGLITE_TEMPLATE ?? '' })
const browser = await launchBrowser()
const out = process.env.OUT ?? '/tmp/staff-client/shots'
try {
  const sizes = [{ name: 'desktop', width: 1280, height: 800 }, { name: 'tablet', width: 1024, height: 768 }]
  const { context, page, errors } = await openPage(browser, { viewport: { width: 1280, height: 800 } })
  await page.goto(`${server.origin}/auth/login`)
  await page.getByLabel('Mobile number or email').fill('9876500001')
  await page.getByRole('button', { name: /Send code|Continue/ }).click()
  await page.getByLabel('6-digit code').fill(CODE)
  await page.waitForURL(`${server.origin}/`)
  const state = await context.storageState()
  for (const s of sizes) {
    const { page: p, errors: e } = await openPage(browser, { viewport: { width: s.width, height: s.height }, storageState: state })
    for (const [name, path] of [['home', '/bos/admin'], ['products', '/bos/admin/products'], ['products-filtered', '/bos/admin/products?status=draft&sort=-price'], ['new', '/bos/admin/products/new'], ['edit', '/bos/admin/products/1'], ['missing', '/bos/admin/nothing']] as const) {
      await p.goto(`${server.origin}${path}`)
      await p.waitForTimeout(1500)
      await p.screenshot({ path: `${out}/${s.name}-${name}.png` })
    }
    if (s.name === 'desktop') {
      await p.goto(`${server.origin}/bos/admin/products`)
      await p.waitForTimeout(1000)
      const boxes = p.getByRole('checkbox')
      await boxes.nth(1).check(); await boxes.nth(2).check()
      await p.screenshot({ path: `${out}/${s.name}-bulk.png` })
      await p.getByRole('button', { name: 'Change prices' }).click()
      await p.getByLabel('Change (%)').fill('-10')
      await p.getByRole('button', { name: 'Preview' }).click()
      await p.waitForTimeout(1000)
      await p.screenshot({ path: `${out}/${s.name}-prices.png` })
      await p.goto(`${server.origin}/bos/admin/products/new`)
      await p.getByRole('button', { name: 'Save product' }).click()
      await p.waitForTimeout(500)
      await p.screenshot({ path: `${out}/${s.name}-new-errors.png`, fullPage: true })
    }
    console.log(s.name, e)
  }
  // shopper 403
  const shopper = await openPage(browser, { viewport: { width: 1280, height: 800 } })
  await shopper.page.goto(`${server.origin}/auth/login`)
  await shopper.page.getByLabel('Mobile number or email').fill('9876500003')
  await shopper.page.getByRole('button', { name: /Send code|Continue/ }).click()
  await shopper.page.getByLabel('6-digit code').fill(CODE)
  await shopper.page.waitForURL(`${server.origin}/`)
  await shopper.page.goto(`${server.origin}/bos/admin`)
  await shopper.page.waitForTimeout(1500)
  await shopper.page.screenshot({ path: `${out}/desktop-403.png` })
  console.log('errors', errors, shopper.errors)
} finally {
  await browser.close()
  await server.stop()
}
