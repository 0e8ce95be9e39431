import { mkdirSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig } from 'lighthouse'
import { CHROMIUM_ARGS } from '../tests/e2e/browser'

export interface LighthouseRow {
  path: string
  preset: 'mobile' | 'desktop'
  /** scores 0–100 */
  performance: number
  accessibility: number
  seo: number
  bestPractices: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** performance scores of every run ('error' for a run Lighthouse could not measure); the row shows the median run */
  runs: (number | string)[]
  /** Lighthouse's runtimeError, when the run failed (scores are then meaningless) */
  error?: string
  /** audits that cost points in accessibility, SEO or performance, and Lighthouse's own warnings */
  failing: string[]
  warnings: string[]
  benchmarkIndex: number
}

let chrome: chromeLauncher.LaunchedChrome | undefined

export async function killChrome() {
  const c = chrome
  chrome = undefined
  await c?.kill()
}

/** Lighthouse (npm) driving Debian's Chromium: `mobileRuns` mobile runs per page (median shown), one desktop run. */
export async function runLighthouse(origin: string, paths: string[], mobileRuns: number, tmpDir: string, log: (m: string) => void): Promise<LighthouseRow[]> {
  mkdirSync(`${tmpDir}/chrome-profile`, { recursive: true })
  mkdirSync(`${tmpDir}/config`, { recursive: true })
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
    userDataDir: `${tmpDir}/chrome-profile`,
    envVars: { ...process.env, XDG_CONFIG_HOME: `${tmpDir}/config`, TMPDIR: tmpDir } as Record<string, string>,
  })
  try {
    const rows: LighthouseRow[] = []
    for (const path of paths) {
      for (const preset of ['mobile', 'desktop'] as const) {
        const runs: LighthouseRow[] = []
        for (let i = 0; i < (preset === 'mobile' ? mobileRuns : 1); i++) {
          runs.push(await once(`${origin}${path}`, preset, chrome.port))
          const r = runs.at(-1)!
          log(
            `lighthouse ${preset} ${path}: performance ${r.performance}, accessibility ${r.accessibility}, SEO ${r.seo}${r.error ? ` — run failed: ${r.error}` : ''}`,
          )
        }
        // Failed runs (runtimeError) score 0 and are left out of the median; a page with only failed runs shows the error.
        const good = runs.filter((r) => !r.error).sort((a, b) => a.performance - b.performance)
        const median = good[Math.floor((good.length - 1) / 2)] ?? runs[0]
        rows.push({ ...median, runs: runs.map((r) => (r.error ? `error ${r.error}` : r.performance)) })
      }
    }
    return rows
  } finally {
    await killChrome()
  }
}

async function once(url: string, preset: 'mobile' | 'desktop', port: number): Promise<LighthouseRow> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'] },
    preset === 'desktop' ? desktopConfig : undefined,
  )
  if (!result) throw new Error(`lighthouse gave no report for ${url}`)
  const { categories: c, audits } = result.lhr
  const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100)
  const failing = ['accessibility', 'seo', 'performance', 'best-practices'].flatMap((cat) =>
    c[cat].auditRefs
      .filter((r) => r.weight > 0 && audits[r.id]?.score !== null && (audits[r.id]?.score ?? 1) < (cat === 'performance' ? 0.9 : 1))
      .map((r) => `${cat}: ${r.id} (${audits[r.id].displayValue ?? audits[r.id].score})${detailOf(audits[r.id])}`),
  )
  // Opportunities: what Lighthouse estimates would save on FCP/LCP/TBT (the "why" behind a low performance score).
  const opportunities = c.performance.auditRefs
    .map((r) => audits[r.id])
    .filter((a) => a?.score !== null && (a?.score ?? 1) < 1 && Object.values(a.metricSavings ?? {}).some((ms) => (ms ?? 0) >= 150))
    .map(
      (a) =>
        `opportunity: ${a.id} (${Object.entries(a.metricSavings ?? {})
          .filter(([, ms]) => ms)
          .map(([k, ms]) => `${k} −${Math.round(ms!)} ms`)
          .join(', ')})`,
    )
  return {
    path: new URL(url).pathname,
    preset,
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    runs: [],
    failing: [...failing, ...opportunities],
    warnings: result.lhr.runWarnings,
    error: result.lhr.runtimeError ? `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` : undefined,
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
  }
}

/** The first items of a failing audit (console errors, elements), so the report says what to fix. */
function detailOf(audit: { details?: unknown }): string {
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []
  const text = items.slice(0, 2).map((i) =>
    String(i.description ?? (i.node as { snippet?: string } | undefined)?.snippet ?? i.url ?? '')
      .replace(/\s+/g, ' ')
      .slice(0, 140),
  )
  return text.filter(Boolean).length ? `: ${text.filter(Boolean).join(' | ')}` : ''
}
