import { launchBrowser, openSlowPhone, pageCaughtUp } from '../tests/e2e/browser'
import { tapAddToCart, tapNow } from '../tests/e2e/tap-feedback'

export interface InteractionRow {
  path: string
  /** first contentful paint, ms after navigation start (median run) */
  fcpMs: number
  /** the last script the page needed before hydrating has arrived, ms after navigation start */
  scriptsMs: number
  /** DOMContentLoaded: the document is parsed and the entry script has run */
  dclMs: number
  /** the app's performance mark 'hydrated' (client/app/app.tsx), ms after navigation start */
  hydratedMs: number
  /** hydrated − FCP: how long the page shows buttons that only early-taps.ts answers */
  gapMs: number
  /** gap of every run */
  runs: number[]
}

/**
 * First paint to interactive on a slow phone (SLOW_PHONE in tests/e2e/browser.ts: CPU 6× slower, 150 ms round
 * trips, 1.6 Mbps), each run a fresh context (cold cache); the row shows the median run by gap.
 */
export async function firstInteraction(origin: string, paths: string[], runs: number, log: (m: string) => void): Promise<InteractionRow[]> {
  const browser = await launchBrowser()
  try {
    const rows: InteractionRow[] = []
    for (const path of paths) {
      const measured: Omit<InteractionRow, 'runs'>[] = []
      for (let i = 0; i < runs; i++) {
        const { context, page } = await openSlowPhone(browser)
        try {
          await page.goto(`${origin}${path}`, { waitUntil: 'commit' })
          await page.waitForFunction(() => performance.getEntriesByName('hydrated').length > 0, null, { polling: 100, timeout: 60_000 })
          const t = await page.evaluate(() => {
            const hydrated = performance.getEntriesByName('hydrated')[0].startTime
            const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
              (r) => r.initiatorType !== 'fetch' && r.name.endsWith('.js') && r.startTime < hydrated,
            )
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
            return {
              fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
              scripts: Math.max(...scripts.map((r) => r.responseEnd)),
              dcl: nav.domContentLoadedEventStart,
              hydrated,
            }
          })
          measured.push({
            path,
            fcpMs: Math.round(t.fcp),
            scriptsMs: Math.round(t.scripts),
            dclMs: Math.round(t.dcl),
            hydratedMs: Math.round(t.hydrated),
            gapMs: Math.round(t.hydrated - t.fcp),
          })
        } finally {
          await context.close()
        }
      }
      const median = [...measured].sort((a, b) => a.gapMs - b.gapMs)[Math.floor((measured.length - 1) / 2)]
      rows.push({ ...median, runs: measured.map((m) => m.gapMs) })
      log(
        `first interaction ${path}: FCP ${median.fcpMs} ms, scripts ${median.scriptsMs} ms, DOMContentLoaded ${median.dclMs} ms, hydrated ${median.hydratedMs} ms, gap ${median.gapMs} ms (runs ${rows.at(-1)!.runs.join(', ')})`,
      )
    }
    return rows
  } finally {
    await browser.close()
  }
}

export interface TapRow {
  /** tap → the button changed (the optimistic state), ms, median run */
  shownMs: number
  /** tap → the server's cart: what the shopper waited for before the optimistic state (issue 31's "before") */
  answeredMs: number
  runs: { shownMs: number; answeredMs: number }[]
}

/**
 * Tap-to-feedback of the first 'Add to Cart' on `/products` on the slow phone, each run a fresh context: the page has
 * hydrated and its monitoring and analytics have loaded, then the tap is timed on the page's clock (tests/e2e/tap-feedback.ts).
 */
export async function addToCartTap(origin: string, runs: number, log: (m: string) => void): Promise<TapRow> {
  const browser = await launchBrowser()
  try {
    const measured: TapRow['runs'] = []
    for (let i = 0; i < runs; i++) {
      const { context, page } = await openSlowPhone(browser)
      try {
        const telemetry = page.waitForResponse((r) => /\/assets\/telemetry-start-[^/]*\.js$/.test(r.url()), { timeout: 60_000 })
        await page.goto(`${origin}/products`)
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { polling: 100, timeout: 60_000 })
        const add = page.getByRole('button', { name: /^Add .* to cart$/ }).first()
        await add.waitFor()
        await telemetry
        await page.waitForLoadState('networkidle')
        await pageCaughtUp(page)
        const t = await tapAddToCart(page, add, tapNow, 60_000)
        measured.push({ shownMs: Math.round(t.shownMs), answeredMs: Math.round(t.answeredMs) })
      } finally {
        await context.close()
      }
    }
    const median = [...measured].sort((a, b) => a.shownMs - b.shownMs)[Math.floor((measured.length - 1) / 2)]
    log(
      `Add to Cart on the slow phone: feedback ${median.shownMs} ms, server's cart ${median.answeredMs} ms (runs ${measured.map((m) => m.shownMs).join(', ')})`,
    )
    return { ...median, runs: measured }
  } finally {
    await browser.close()
  }
}

/** A product page of the store at `origin`: the first product its list gives. */
export async function someProductPath(origin: string): Promise<string> {
  const res = await fetch(`${origin}/s/api/products?perPage=1`, { headers: { 'x-web-url': origin } })
  if (!res.ok) throw new Error(`GET /s/api/products: ${res.status}`)
  const { data } = (await res.json()) as { data: { slug: string }[] }
  if (!data[0]) throw new Error('the store has no products')
  return `/products/${data[0].slug}`
}
