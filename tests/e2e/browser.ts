import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

export const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
export const DESKTOP = { viewport: { width: 1280, height: 900 } }

/** A fresh context (axe needs one) whose page fails the test on console errors and uncaught exceptions. */
export async function openPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = DESKTOP): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  // Server-rendered pages show content before they respond to clicks: wait for hydration after each goto.
  const goto = page.goto.bind(page)
  page.goto = async (url, opts) => {
    const res = await goto(url, opts)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 }).catch(() => {})
    return res
  }
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(`console: ${m.text()}`)
  })
  return { context, page, errors }
}
