import { after, before } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { animationsDone, DESKTOP, launchBrowser, openPage, pageCaughtUp } from './browser'
import { startServer, type TestServer } from './server'

/** The sign-in code the e2e servers use (startServer({ AUTH_FIXED_OTP: STAFF_CODE })). */
export const STAFF_CODE = '123456'
export const SUPERADMIN = '9876500001'

/**
 * A staff test file's server and browser, started once before its tests and stopped after them: sign-in codes are
 * STAFF_CODE and the order jobs (outbox: refunds, confirmations, payment links) run every half second. `env` adds to that.
 */
export function staffSuite(env: Record<string, string> = {}) {
  const suite = {} as { server: TestServer; browser: Browser }
  before(async () => {
    ;[suite.server, suite.browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE, ORDER_JOBS_INTERVAL_MS: '500', ...env }), launchBrowser()])
  })
  after(async () => {
    await suite.browser?.close()
    await suite.server?.stop()
  })
  return suite
}

/** A screenshot (full page unless told) into SCREENSHOT_DIR when it is set (for reviewing screens), once what moves has stopped; nothing otherwise. */
export async function shot(page: Page, name: string, fullPage = true) {
  const dir = process.env.SCREENSHOT_DIR
  if (!dir) return
  await pageCaughtUp(page) // what the last step set going (a dialog opening) is rendered
  await animationsDone(page)
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage })
}

const states = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>()

/** A desktop page signed in as `username` on `origin`: the first call signs in through the form, later ones reuse the session. */
export async function signedIn(browser: Browser, origin: string, username: string) {
  const key = `${origin} ${username}`
  const opened = await openPage(browser, { ...DESKTOP, viewport: { width: 1280, height: 800 }, storageState: states.get(key) })
  if (!states.has(key)) {
    await opened.page.goto(`${origin}/auth/login`)
    await opened.page.getByLabel('Mobile number or email').fill(username)
    await opened.page.getByRole('button', { name: /Send code|Continue/ }).click()
    await opened.page.getByLabel('6-digit code').fill(STAFF_CODE)
    await opened.page.waitForURL(`${origin}/`)
    states.set(key, await opened.context.storageState())
  }
  return opened
}

export interface NewPack {
  name: string
  price: number
  mrp: number
  sku?: string
}

/** Fills the staff app's new-product form (already open): name, brand, the first category matching, and the packs. */
export async function fillNewProduct(page: Page, product: { name: string; brand: string; category: RegExp; packs: NewPack[] }) {
  await page.getByLabel(/^Product name/).fill(product.name)
  await page.getByLabel(/^Brand/).fill(product.brand)
  await page.getByRole('button', { name: /^Categories/ }).click()
  await page.getByRole('option', { name: product.category }).first().click()
  const packs = page.getByRole('group', { name: /^Pack \d$/ })
  for (const [i, pack] of product.packs.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add a pack' }).click()
    await packs
      .nth(i)
      .getByLabel(/^Pack name/)
      .fill(pack.name)
    await packs
      .nth(i)
      .getByLabel(/^Price/)
      .fill(String(pack.price))
    await packs.nth(i).getByLabel(/^MRP/).fill(String(pack.mrp))
    if (pack.sku) await packs.nth(i).getByLabel(/^SKU/).fill(pack.sku)
  }
  return packs
}
