/**
 * Many websites on one install (issue 30): a generated install of N websites (BENCH_WEBSITES, 1,000) whose
 * catalogues are 200–5,000 products, Zipf-distributed by rank (the r-th website has 5,000 / r products, at least
 * 200). The first website's catalogue is generated (generate-catalogue.ts); every other website is a copy of its
 * first products made set-based in SQL (a statement per table for all websites at once). Traffic: each request picks a
 * website by Zipf over rank and a URL that website has not been asked before (its next product by slug or its next
 * category × sort × page list), named by x-web-url; 50 connections against one compiled process, then the same
 * split between two processes on the same database. Prints API p50/p99, bad answers, RSS (most seen, sampled every
 * 200 ms), the shelf (indexes cache) and answer cache hit rates and shelf rebuilds per second from /metrics.
 *
 *   npm run build && npx tsx bench/many-websites.ts [postgres://admin-url]
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDb, rowsOf, type Db } from '../server/db/client'
import { withDatabase } from '../server/db/template'
import { type Compiled, counterSum, startCompiled } from './compiled'
import { createBenchWebsite, generateCatalogue } from './generate-catalogue'
import { type LoadResult, type LoadSettings, measureEach } from './load'

export interface ManyRun {
  processes: number
  load: LoadResult
  /** the most resident memory seen in any one process during the load, MB */
  peakRssMb: number
  /** after the load, per process */
  rssAfterMb: number[]
  /** lookups of the websites' shelves (indexes cache) that found one kept, and of the answer cache */
  shelfHitRate: number
  answerHitRate: number
  rebuildsPerS: number
  /** entries pushed out of each cache during the run */
  evictions: Record<string, number>
  /** CPU time of the app processes per answer, ms, and their share of the run's wall time (1 = one core) */
  cpuMsPerAnswer: number
  cores: number
}

export interface ManyFigures {
  websites: number
  products: number
  packs: number
  generateS: number
  cacheMb: number
  settings: LoadSettings
  runs: ManyRun[]
}

const MAX_PRODUCTS = 5000
const MIN_PRODUCTS = 200
export const sizeOfRank = (rank: number) => Math.max(MIN_PRODUCTS, Math.min(MAX_PRODUCTS, Math.round(MAX_PRODUCTS / rank)))
export const originOf = (rank: number) => `http://s${rank}.many.localhost`

/** mulberry32 */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Websites 2..n as copies of website 1's first products, set-based: one statement per table for all of them. */
async function copyWebsites(db: Db, template: number, n: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`)
    await tx.execute(sql`create temp table many_sites (rank int primary key, size int not null, id int) on commit drop`)
    await tx.execute(sql`insert into many_sites (rank, size) select g, greatest(${MIN_PRODUCTS}, least(${MAX_PRODUCTS}, round(${MAX_PRODUCTS}::numeric / g)))::int
      from generate_series(2, ${n}) g`)
    await tx.execute(sql`with made as (
        insert into websites (name, description, theme, font_family, settings)
        select 'Many ' || m.rank, 'Bench website', w.theme, w.font_family, w.settings from many_sites m, websites w where w.id = ${template}
        returning id, name)
      update many_sites m set id = made.id from made where made.name = 'Many ' || m.rank`)
    await tx.execute(sql`insert into website_origins (origin, website_id) select 'http://s' || rank || '.many.localhost', id from many_sites`)
    await tx.execute(sql`insert into warehouses (website_id, name, is_default, address)
      select m.id, w.name, w.is_default, w.address from many_sites m, warehouses w where w.website_id = ${template}`)
    await tx.execute(sql`insert into categories (website_id, parent_id, name, slug, avatar, position)
      select m.id, null, c.name, c.slug, c.avatar, c.position from many_sites m, categories c where c.website_id = ${template} and c.parent_id is null`)
    await tx.execute(sql`insert into categories (website_id, parent_id, name, slug, avatar, position)
      select m.id, np.id, c.name, c.slug, c.avatar, c.position from many_sites m
      join categories c on c.website_id = ${template} and c.parent_id is not null
      join categories tp on tp.id = c.parent_id
      join categories np on np.website_id = m.id and np.slug = tp.slug`)
    await tx.execute(
      sql`insert into brands (website_id, name, slug, logo) select m.id, b.name, b.slug, b.logo from many_sites m, brands b where b.website_id = ${template}`,
    )
    await tx.execute(sql`create temp table many_products on commit drop as
      select p.*, (row_number() over (order by p.id))::int as rn, b.slug as brand_slug, c.slug as category_slug
      from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id where p.website_id = ${template}`)
    await tx.execute(sql`insert into products (website_id, brand_id, category_id, name, slug, description, info, keywords, medias, popularity,
        min_price_paise, max_discount, created_at, search_keywords, status, hsn_code, gst_rate, updated_at, cess_rate)
      select m.id, nb.id, nc.id, t.name, t.slug, t.description, t.info, t.keywords, t.medias, t.popularity,
        t.min_price_paise, t.max_discount, t.created_at, t.search_keywords, t.status, t.hsn_code, t.gst_rate, t.updated_at, t.cess_rate
      from many_sites m join many_products t on t.rn <= m.size
      join brands nb on nb.website_id = m.id and nb.slug = t.brand_slug
      join categories nc on nc.website_id = m.id and nc.slug = t.category_slug`)
    await tx.execute(sql`create temp table many_map on commit drop as
      select m.id as site, t.id as from_id, np.id as to_id from many_sites m join many_products t on t.rn <= m.size
      join products np on np.website_id = m.id and np.slug = t.slug`)
    await tx.execute(sql`insert into product_categories (product_id, category_id, position)
      select mp.to_id, nc.id, pc.position from many_map mp join product_categories pc on pc.product_id = mp.from_id
      join categories tc on tc.id = pc.category_id join categories nc on nc.website_id = mp.site and nc.slug = tc.slug`)
    await tx.execute(sql`insert into packs (website_id, product_id, name, price_paise, mrp_paise, position, sku, barcode, weight_grams)
      select mp.site, mp.to_id, k.name, k.price_paise, k.mrp_paise, k.position, k.sku, k.barcode, k.weight_grams
      from many_map mp join packs k on k.product_id = mp.from_id`)
    await tx.execute(sql`insert into stock (pack_id, warehouse_id, quantity, reserved)
      select nk.id, nw.id, s.quantity, 0 from many_map mp
      join packs k on k.product_id = mp.from_id join packs nk on nk.product_id = mp.to_id and nk.position = k.position
      join stock s on s.pack_id = k.id join warehouses w on w.id = s.warehouse_id
      join warehouses nw on nw.website_id = mp.site and nw.name = w.name`)
  })
  for (const table of [
    'websites',
    'website_origins',
    'warehouses',
    'products',
    'packs',
    'stock',
    'product_stock',
    'categories',
    'brands',
    'product_categories',
  ])
    await db.execute(sql.raw(`vacuum analyze ${table}`))
}

/** Every request: a website by Zipf over rank, and that website's next URL never asked before (its products by slug, then lists). */
function trafficOf(n: number, slugs: string[], categories: string[]) {
  const rand = prng(0x30bee)
  const cumulative: number[] = []
  let total = 0
  for (let r = 1; r <= n; r++) cumulative.push((total += 1 / r))
  const asked = new Int32Array(n + 1)
  const sorts = ['popularity', 'price_asc', 'price_desc', 'newest', 'discount']
  return () => {
    const x = rand() * total
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! < x) lo = mid + 1
      else hi = mid
    }
    const rank = lo + 1
    const i = asked[rank]++
    const size = sizeOfRank(rank)
    // even asks: a product of its catalogue; odd: a category × sort × page list (pages 1–3)
    const path =
      i % 2 === 0
        ? `/s/api/products/${slugs[(i >> 1) % size]}`
        : (() => {
            const j = i >> 1
            const list = j % (categories.length * sorts.length * 3)
            const c = categories[list % categories.length]
            const s = sorts[Math.floor(list / categories.length) % sorts.length]
            return `/s/api/products?c=${c}&s=${s}&page=${1 + Math.floor(list / (categories.length * sorts.length))}`
          })()
    return { path, headers: { 'x-web-url': originOf(rank) } }
  }
}

async function run(processes: Compiled[], next: ReturnType<typeof trafficOf>, settings: LoadSettings): Promise<ManyRun> {
  const split = { ...settings, warmupS: 0, connections: Math.max(1, Math.round(settings.connections / processes.length)) }
  // the warm-up apart, so the counters below are the measured run's alone
  if (settings.warmupS > 0) await Promise.all(processes.map((p) => measureEach(p.base, next, { ...split, durationS: settings.warmupS })))
  const before = await Promise.all(processes.map((p) => p.metrics()))
  let peak = 0
  const sample = setInterval(() => {
    for (const p of processes) peak = Math.max(peak, p.rssMb())
  }, 200)
  const started = Date.now()
  let results: LoadResult[]
  try {
    results = await Promise.all(processes.map((p) => measureEach(p.base, next, split)))
  } finally {
    clearInterval(sample)
  }
  const seconds = (Date.now() - started) / 1000
  const after = await Promise.all(processes.map((p) => p.metrics()))
  const delta = (name: string, labels: Record<string, string>) =>
    after.reduce((n, text, i) => n + counterSum(text, name, labels) - counterSum(before[i]!, name, labels), 0)
  const rate = (cache: string) => {
    const hits = delta('storefront_cache_lookups_total', { cache, result: 'hit' })
    const misses = delta('storefront_cache_lookups_total', { cache, result: 'miss' })
    return hits + misses ? hits / (hits + misses) : 0
  }
  return {
    processes: processes.length,
    load: {
      rps: results.reduce((n, r) => n + r.rps, 0),
      p50: Math.max(...results.map((r) => r.p50)),
      p99: Math.max(...results.map((r) => r.p99)),
      requests: results.reduce((n, r) => n + r.requests, 0),
      bad: results.reduce((n, r) => n + r.bad, 0),
      bytes: results[0]!.bytes,
    },
    peakRssMb: Math.max(peak, ...processes.map((p) => p.rssMb())),
    rssAfterMb: processes.map((p) => p.rssMb()),
    shelfHitRate: rate('indexes'),
    answerHitRate: rate('catalogue'),
    rebuildsPerS: delta('storefront_catalogue_rebuilds_total', { index: 'shelf' }) / seconds,
    evictions: Object.fromEntries(
      ['catalogue', 'indexes', 'pages', 'lookups', 'images', 'websites']
        .map((cache) => [cache, delta('storefront_cache_evictions_total', { cache })] as const)
        .filter(([, n]) => n > 0),
    ),
    cpuMsPerAnswer:
      (delta('storefront_process_cpu_seconds_total', {}) * 1000) /
      Math.max(
        1,
        results.reduce((n, r) => n + r.requests, 0),
      ),
    cores: delta('storefront_process_cpu_seconds_total', {}) / seconds,
  }
}

export async function benchManyWebsites(
  adminUrl: string,
  options: { websites?: number; cacheMb?: number; settings: LoadSettings; log?: (m: string) => void },
): Promise<ManyFigures> {
  const log = options.log ?? console.log
  const n = options.websites ?? 1000
  const cacheMb = options.cacheMb ?? 512
  const name = `bench_many_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  const url = withDatabase(adminUrl, name)
  const running: Compiled[] = []
  try {
    const started = Date.now()
    const database = await openDb({ url, poolSize: 2 })
    let counts: { products: number; packs: number }
    let slugs: string[]
    let categories: string[]
    try {
      const template = await createBenchWebsite(database.db, originOf(1))
      log(`[many] website 1: ${MAX_PRODUCTS} products generated; then ${n - 1} more as copies of its first 200–5,000`)
      await generateCatalogue(database.db, template, { products: MAX_PRODUCTS, warehouses: 1 })
      if (n > 1) await copyWebsites(database.db, template, n)
      counts = rowsOf<{ products: number; packs: number }>(
        await database.db.execute(sql`select (select count(*)::int from products) as products, (select count(*)::int from packs) as packs`),
      )[0]!
      slugs = rowsOf<{ slug: string }>(await database.db.execute(sql`select slug from products where website_id = ${template} order by id`)).map((r) => r.slug)
      categories = rowsOf<{ slug: string }>(await database.db.execute(sql`select slug from categories where website_id = ${template} order by id`)).map(
        (r) => r.slug,
      )
    } finally {
      await database.close()
    }
    const generateS = Math.round((Date.now() - started) / 1000)
    log(`[many] ${n} websites, ${counts.products} products, ${counts.packs} packs in ${generateS} s`)
    const next = trafficOf(n, slugs, categories)
    const env = { CACHE_MB: String(cacheMb), DATABASE_POOL_SIZE: '10' }
    const runs: ManyRun[] = []
    running.push(await startCompiled(url, env))
    log(`[many] one process, CACHE_MB=${cacheMb}: ${options.settings.connections} connections`)
    runs.push(await run(running, next, options.settings))
    await running[0]!.stop()
    running.length = 0
    running.push(...(await Promise.all([startCompiled(url, env), startCompiled(url, env)])))
    log('[many] two processes, connections split between them')
    runs.push(await run(running, next, options.settings))
    return { websites: n, products: counts.products, packs: counts.packs, generateS, cacheMb, settings: options.settings, runs }
  } finally {
    await Promise.all(running.map((p) => p.stop()))
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
}

export function manyMarkdown(f: ManyFigures): string[] {
  const mb = (x: number) => `${x} MB`
  return [
    `### Many websites on PostgreSQL: ${f.websites.toLocaleString('en-US')} websites, ${f.products.toLocaleString('en-US')} products, ${f.packs.toLocaleString('en-US')} packs`,
    '',
    `Generated in ${f.generateS} s. Compiled processes with CACHE_MB=${f.cacheMb}; ${f.settings.connections} connections (split between the processes), ${f.settings.warmupS} s warm-up + ${f.settings.durationS} s; every request a website by Zipf and a URL it was never asked.`,
    '',
    '| processes | req/s | p50 ms | p99 ms | bad | peak RSS (any process) | RSS after | shelf kept (hit rate) | answers from cache | shelf rebuilds/s | evictions | app CPU per answer | budget: p99 ≤ 50 ms, no errors, RSS ≤ 1 GB |',
    '|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|---|',
    ...f.runs.map((r) => {
      const pass = r.load.p99 <= 50 && r.load.bad === 0 && r.peakRssMb <= 1024
      return `| ${r.processes} | ${Math.round(r.load.rps).toLocaleString('en-US')} | ${r.load.p50} | ${r.load.p99} | ${r.load.bad} | ${mb(r.peakRssMb)} | ${r.rssAfterMb.map(mb).join(', ')} | ${(r.shelfHitRate * 100).toFixed(1)} % | ${(r.answerHitRate * 100).toFixed(1)} % | ${r.rebuildsPerS.toFixed(1)} | ${
        Object.entries(r.evictions)
          .map(([c, n]) => `${c} ${n}`)
          .join(', ') || '0'
      } | ${r.cpuMsPerAnswer.toFixed(1)} ms (${r.cores.toFixed(2)} cores) | ${pass ? 'PASS' : 'FAIL'} |`
    }),
    '',
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env
  const figures = await benchManyWebsites(process.argv[2] ?? env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test', {
    websites: Number(env.BENCH_WEBSITES ?? 1000),
    cacheMb: Number(env.BENCH_CACHE_MB ?? 512),
    settings: { connections: Number(env.BENCH_CONNECTIONS ?? 50), warmupS: Number(env.BENCH_WARMUP ?? 3), durationS: Number(env.BENCH_DURATION ?? 10) },
  })
  console.log(`\n${manyMarkdown(figures).join('\n')}`)
  process.exit(0)
}
