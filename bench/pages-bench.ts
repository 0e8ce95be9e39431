/**
 * Pages (issue 30): never-seen server-rendered list and product pages beside the very same URLs from the API, in one
 * app process on the bench catalogue; the HTML bytes of list pages; resident memory after 10,000 page loads.
 * Part of `npm run bench` (phase `pages`); alone: `npx tsx bench/pages-bench.ts [database-url] [products]`.
 */
import autocannon from 'autocannon'
import { freePort } from '../tests/e2e/server'
import { startChild } from './children'
import { type LoadResult, type LoadSettings, measure } from './load'
import { neverSeenLists, shuffle } from './scenarios'

/** issue 30: each kind of page at ≥ 30 % of its API rate in the same run, p99 ≤ 150 ms; RSS ≤ 250 MB after 10,000 page loads; list HTML < 60 KB */
export const PAGES_BUDGET = { rpsRatio: 0.3, p99: 150, rssMb: 250, loads: 10_000, htmlBytes: 60 * 1024 }

export interface PagesRow {
  kind: 'list' | 'product'
  urls: number
  page: LoadResult
  api: LoadResult
}

export interface PagesFigures {
  driver: 'postgres' | 'pglite'
  products: number
  rows: PagesRow[]
  /** bytes of HTML of list pages, by page */
  html: { page: string; bytes: number }[]
  /** resident memory of the app process before and after the page loads, MB */
  rss: { before: number; after: number; heapAfter: number; loads: number; seconds: number; bad: number }
}

const API = '/s/api/products'

export async function benchPages(
  driver: PagesFigures['driver'],
  url: string,
  products: number,
  load: LoadSettings,
  log: (m: string) => void,
): Promise<PagesFigures> {
  log(`[pages ${driver}] starting the app with the web client: migrate, demo seed, ${products} products…`)
  const port = String(await freePort())
  const args = ['app', url, port, String(products), 'web']
  let app = await startChild(args, 600_000)
  try {
    const { origin, slugs = [] } = app.ready
    const base = `http://127.0.0.1:${app.ready.port}`
    const headers = { 'x-web-url': origin! }
    const html = { ...headers, accept: 'text/html' }
    const json = { ...headers, accept: 'application/json' }
    const lists = neverSeenLists()
    const pairs = [
      { kind: 'list' as const, api: lists, pages: lists.map((u) => u.replace(API, '/products')) },
      { kind: 'product' as const, api: shuffle(slugs).map((s) => `${API}/${s}`), pages: shuffle(slugs).map((s) => `/products/${s}`) },
    ]
    const bytesOf = async (path: string, h: Record<string, string>) => (await (await fetch(base + path, { headers: h })).arrayBuffer()).byteLength
    const demo = { 'x-web-url': `http://localhost:${app.ready.port}`, accept: 'text/html' }
    const htmlBytes = [
      { page: '/products (bench catalogue)', bytes: await bytesOf('/products', html) },
      {
        page: '/products?c=<first aisle> (bench catalogue)',
        bytes: await bytesOf(lists.find((u) => u.includes('page=1') && !u.includes('&b='))!.replace(API, '/products'), html),
      },
      { page: '/products (demo store)', bytes: await bytesOf('/products', demo) },
    ]
    log(`[pages ${driver}] HTML: ${htmlBytes.map((h) => `${h.page} ${(h.bytes / 1024).toFixed(1)} KB`).join(', ')}`)
    const rows: PagesRow[] = []
    for (const pair of pairs) {
      // The API first: its answers do not warm the page's own render (pages keep nothing of a never-seen URL).
      log(`[pages ${driver}] never-seen ${pair.kind}s: API then pages, ${pair.api.length} URLs each, ${load.connections} connections`)
      const api = await measure(base, pair.api, json, load)
      const page = await measure(base, pair.pages, html, load)
      rows.push({ kind: pair.kind, urls: pair.api.length, page, api })
      log(
        `[pages ${driver}]   ${pair.kind}: pages ${page.rps.toFixed(0)} req/s p99 ${page.p99} ms · API ${api.rps.toFixed(0)} req/s p99 ${api.p99} ms · ${Math.round((page.rps / api.rps) * 100)} %${page.bad ? ` · ${page.bad} BAD` : ''}`,
      )
    }
    // Memory in a process of its own that has served nothing yet (the first one generated the catalogue), same port and website.
    await app.stop()
    app = await startChild(args, 600_000)
    const [listPages, productPages] = [pairs[0]!.pages, pairs[1]!.pages]
    const alternating = Array.from({ length: PAGES_BUDGET.loads }, (_, i) =>
      i % 2 ? productPages[(i >> 1) % productPages.length]! : listPages[(i >> 1) % listPages.length]!,
    )
    const rss = await pageLoadsRss(app, base, html, alternating, load.connections)
    log(
      `[pages ${driver}] RSS ${rss.before} MB → ${rss.after} MB (JavaScript heap in use ${rss.heapAfter} MB) after ${rss.loads} page loads (${rss.seconds.toFixed(0)} s, ${rss.bad} bad)`,
    )
    return { driver, products, rows, html: htmlBytes, rss }
  } finally {
    await app.stop()
  }
}

/** Resident memory of the app before and right after PAGES_BUDGET.loads page loads of `paths`. */
async function pageLoadsRss(app: Awaited<ReturnType<typeof startChild>>, base: string, headers: Record<string, string>, paths: string[], connections: number) {
  const memory = async () => (await app.send({ type: 'memory' }, 'memory')) as { rss: number; heap: number }
  const before = (await memory()).rss
  let next = 0
  const started = Date.now()
  const r = await autocannon({
    url: base,
    connections,
    amount: PAGES_BUDGET.loads,
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  })
  const after = await memory()
  return {
    before,
    after: after.rss,
    heapAfter: after.heap,
    loads: r.requests.total,
    seconds: (Date.now() - started) / 1000,
    bad: r.non2xx + r.errors + r.timeouts,
  }
}

/** PASS/FAIL of the pages' budgets. */
export function pagesChecks(f: PagesFigures): { name: string; ok: boolean }[] {
  const b = PAGES_BUDGET
  return [
    ...f.rows.flatMap((r) => [
      {
        name: `never-seen ${r.kind} pages ≥ ${b.rpsRatio * 100} % of the API's req/s (${Math.round((r.page.rps / r.api.rps) * 100)} %)`,
        ok: r.page.rps >= b.rpsRatio * r.api.rps && r.page.bad === 0,
      },
      { name: `never-seen ${r.kind} pages p99 ≤ ${b.p99} ms (${r.page.p99} ms)`, ok: r.page.p99 <= b.p99 },
    ]),
    ...f.html.map((h) => ({ name: `HTML of ${h.page} < ${b.htmlBytes / 1024} KB (${(h.bytes / 1024).toFixed(1)} KB)`, ok: h.bytes < b.htmlBytes })),
    { name: `RSS after ${f.rss.loads.toLocaleString('en')} page loads ≤ ${b.rssMb} MB (${f.rss.after} MB)`, ok: f.rss.after <= b.rssMb && f.rss.bad === 0 },
  ]
}

export function pagesMarkdown(f: PagesFigures): string[] {
  const b = PAGES_BUDGET
  const verdict = (ok: boolean) => (ok ? 'PASS' : '**FAIL**')
  const row = (r: PagesRow) => {
    const ratio = r.page.rps / r.api.rps
    const ok = ratio >= b.rpsRatio && r.page.p99 <= b.p99 && r.page.bad === 0
    return `| never-seen ${r.kind} pages (${r.urls.toLocaleString('en')} URLs)${r.page.bad ? ` (${r.page.bad} non-2xx/errors!)` : ''} | ${r.page.rps.toFixed(0)} | ${r.page.p50} | ${r.page.p99} | ${Math.round(r.page.bytes / 1024)} KB | ${r.api.rps.toFixed(0)} | ${r.api.p99} | ${Math.round(ratio * 100)} % | ${verdict(ok)} |`
  }
  return [
    `### Pages on ${f.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}: never-seen server-rendered pages beside the same URLs from the API (${f.products.toLocaleString('en')} products)`,
    '',
    `Budget (issue 30): pages ≥ ${b.rpsRatio * 100} % of the API's req/s and p99 ≤ ${b.p99} ms; list HTML < ${b.htmlBytes / 1024} KB; RSS ≤ ${b.rssMb} MB after ${b.loads.toLocaleString('en')} page loads.`,
    '',
    '| scenario | page req/s | page p50 ms | page p99 ms | page size | API req/s | API p99 ms | pages / API | result |',
    '|---|--:|--:|--:|--:|--:|--:|--:|---|',
    ...f.rows.map(row),
    '',
    '| list page | HTML | result |',
    '|---|--:|---|',
    ...f.html.map((h) => `| ${h.page} | ${(h.bytes / 1024).toFixed(1)} KB | ${verdict(h.bytes < b.htmlBytes)} |`),
    '',
    `Resident memory of the app process: ${f.rss.before} MB before, **${f.rss.after} MB** (of it ${f.rss.heapAfter} MB JavaScript heap in use) right after ${f.rss.loads.toLocaleString('en')} never-seen page loads (lists and products alternating, ${f.rss.seconds.toFixed(0)} s, ${f.rss.bad} bad): ${verdict(f.rss.after <= b.rssMb && f.rss.bad === 0)}.`,
    '',
  ]
}

if (process.argv[1]?.endsWith('pages-bench.ts')) {
  const [url = process.env.TEST_PG_URL ?? 'postgres://root@127.0.0.1:5432/test', products = process.env.BENCH_PRODUCTS ?? '50000'] = process.argv.slice(2)
  const load = {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    warmupS: Number(process.env.BENCH_WARMUP ?? 3),
    durationS: Number(process.env.BENCH_DURATION ?? 10),
  }
  const f = await benchPages(url.startsWith('memory') ? 'pglite' : 'postgres', url, Number(products), load, console.log)
  console.log(pagesMarkdown(f).join('\n'))
  for (const c of pagesChecks(f)) console.log(`${c.ok ? 'PASS' : 'FAIL'} ${c.name}`)
  process.exit(0)
}
