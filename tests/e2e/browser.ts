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
export async function openPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  // Server-rendered pages show content before they respond to clicks: wait for hydration after each goto. A page that is
  // not the app's (no #root: the payment simulator's pages, a PDF) has nothing to hydrate, and used to wait the 15 s out.
  const goto = page.goto.bind(page)
  page.goto = async (url, opts) => {
    const res = await goto(url, opts)
    await page
      .waitForFunction(() => document.documentElement.dataset.hydrated === 'true' || !document.getElementById('root'), null, { timeout: 15_000 })
      .catch(() => {})
    return res
  }
  return { context, page, errors: collectErrors(page) }
}

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(`console: ${m.text()}`)
  })
  return errors
}

/** A slow phone: the CPU 6× slower than this machine's, 150 ms round trips, 1.6 Mbps down and 750 kbps up. */
export const SLOW_PHONE = { cpuSlowdown: 6, latencyMs: 150, downKbps: 1600, upKbps: 750 }

/**
 * A fresh phone context throttled to SLOW_PHONE (CDP), whose `goto` does not wait for hydration: for what a
 * shopper sees and does before the page's script has taken over.
 */
export async function openSlowPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(MOBILE)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: (SLOW_PHONE.downKbps * 1000) / 8,
    uploadThroughput: (SLOW_PHONE.upKbps * 1000) / 8,
  })
  return { context, page, errors: collectErrors(page) }
}

/**
 * Once the page's finite animations and transitions (a dialog fading in, a drawer sliding) have ended: what a
 * screenshot or a contrast check should see. Endless ones (spinners) are left running.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => {})),
    ),
  )
}

/**
 * Once the page has done the work already queued in it: tasks (React's renders and effects), a frame, timers due now,
 * and the renders those start. After something that makes a page act (a clock jump, a module loaded), for checking
 * that it did not show something: by then it would have.
 */
export async function pageCaughtUp(page: Page) {
  // no named functions inside: tsx would wrap them in a helper the page does not have
  await page.evaluate(async () => {
    for (let i = 0; i < 5; i++) {
      const channel = new MessageChannel()
      await new Promise((resolve) => {
        channel.port1.onmessage = resolve
        channel.port2.postMessage(null)
      })
      if (i % 2 === 0) await new Promise((resolve) => requestAnimationFrame(resolve))
      else await new Promise((resolve) => setTimeout(resolve, 0))
    }
  })
}
