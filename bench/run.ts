/**
 * npm run bench: API load (PostgreSQL, then PGlite) against a bare-Fastify reference, never-seen server-rendered pages beside the API, the staff product list, catalogue CSV export and import, shopper first-load JS,
 * first paint to interactive on a slow phone, Lighthouse. Prints the figures with PASS/FAIL per budget and writes bench/results.md. See bench/README.md.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { withDatabase } from '../server/db/template'
import { startServer, type TestServer } from '../tests/e2e/server'
import { benchAdminList } from './admin-list'
import { benchAdminOrders } from './admin-orders'
import { SearchIndex } from '../server/features/catalogue/search-index'
import { measureRelevance, seedDocs } from '../server/features/catalogue/search-judged'
import { benchApi } from './api-bench'
import { bundleReport, DIST, observedJs } from './bundle-size'
import { benchCatalogueCsv } from './catalogue-csv'
import { benchPages } from './pages-bench'
import { benchCategoryRename } from './category-rename'
import { benchIsolation } from './isolation'
import { benchManyWebsites } from './many-websites'
import { benchReports } from './admin-reports'
import { stopAllChildren } from './children'
import { addToCartTap, firstInteraction, someProductPath } from './first-interaction'
import { killChrome, runLighthouse } from './lighthouse'
import { budgetChecks, type Figures, toMarkdown } from './report'

const env = process.env
const ROOT = path.resolve(import.meta.dirname, '..')
const PRODUCTS = Number(env.BENCH_PRODUCTS ?? 50_000)
const PGLITE_PRODUCTS = Number(env.BENCH_PGLITE_PRODUCTS ?? PRODUCTS)
const LOAD = { connections: Number(env.BENCH_CONNECTIONS ?? 50), warmupS: Number(env.BENCH_WARMUP ?? 3), durationS: Number(env.BENCH_DURATION ?? 10) }
const LH_RUNS = Number(env.BENCH_LH_RUNS ?? 3)
const INTERACTION_RUNS = Number(env.BENCH_INTERACTION_RUNS ?? 3)
const SKIP = new Set((env.BENCH_SKIP ?? '').split(',').filter(Boolean))
const ADMIN_URL = env.TEST_PG_URL ?? 'postgres://root@127.0.0.1:5432/test'
const log = (m: string) => console.log(`[bench +${Math.round((Date.now() - started.getTime()) / 1000)}s] ${m}`)

const started = new Date()
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-'))
const dbName = `bench_${randomBytes(4).toString('hex')}`
let dbCreated = false
let webServer: TestServer | undefined

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

let cleaned = false
async function cleanup() {
  if (cleaned) return
  cleaned = true
  await Promise.allSettled([stopAllChildren(), killChrome(), webServer?.stop()])
  if (dbCreated)
    await admin(async (c) => {
      await c.query(`drop database if exists "${dbName}_pages" with (force)`)
      await c.query(`drop database if exists "${dbName}" with (force)`)
    }).then(
      () => log(`dropped ${dbName}`),
      (e) => log(`could not drop ${dbName}: ${e}`),
    )
  rmSync(tmp, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)))
// Bounded: whatever hangs, the run ends.
setTimeout(() => {
  log('watchdog: 60 minutes, giving up')
  void cleanup().finally(() => process.exit(1))
}, 60 * 60_000).unref()

async function main() {
  const figures: Figures = {
    startedAt: started,
    machine: [
      `${os.cpus()[0]?.model ?? '?'}, nproc ${os.availableParallelism()}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, load average at start ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
      `Node ${process.version}, PGlite ${JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version}`,
    ],
    settings: `autocannon: ${LOAD.connections} connections, ${LOAD.warmupS} s warm-up + ${LOAD.durationS} s measured per scenario, loopback; app and reference each in their own process, autocannon in a third`,
    api: [],
    notes: [],
  }
  if (
    !existsSync(path.join(DIST, '.vite/manifest.json')) ||
    !existsSync(path.join(ROOT, 'dist/server/entry-server.js')) ||
    !existsSync(path.join(ROOT, 'dist/app/main.js'))
  ) {
    log('dist/ is missing: npm run build')
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (built.status !== 0) throw new Error('npm run build failed')
  }

  const pgUrl = withDatabase(ADMIN_URL, dbName)
  const pgVersion = await admin(async (c) => {
    await c.query(`create database "${dbName}"`)
    dbCreated = true
    return (await c.query<{ server_version: string }>('show server_version')).rows[0].server_version
  })
  figures.machine.push(`PostgreSQL ${pgVersion} (${new URL(ADMIN_URL).host}, database ${dbName}, dropped at the end)`)

  // A phase that fails is reported and the others still run: partial figures beat none.
  const phase = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn()
    } catch (err) {
      console.error(err)
      figures.notes.push(`${name} failed: ${err instanceof Error ? err.message.split('\n')[0] : err}`)
      process.exitCode = 1
    }
  }
  await phase('API on PostgreSQL', async () => {
    figures.relevance = measureRelevance(new SearchIndex(seedDocs(), { categories: [], brands: [] }))
    log(
      `search relevance: success@3 ${figures.relevance.successAt3.toFixed(3)}, nDCG@10 ${figures.relevance.ndcgAt10.toFixed(3)} over ${figures.relevance.queries} judged queries`,
    )
    if (!SKIP.has('postgres')) figures.api.push(await benchApi('postgres', pgUrl, PRODUCTS, LOAD, log))
  })
  await phase('pages', async () => {
    if (SKIP.has('pages')) return
    // a database of its own: the API phase's catalogue was generated on another port's website
    await admin((c) => c.query(`create database "${dbName}_pages"`))
    try {
      figures.pages = await benchPages('postgres', withDatabase(ADMIN_URL, `${dbName}_pages`), PRODUCTS, LOAD, log)
    } finally {
      await admin((c) => c.query(`drop database if exists "${dbName}_pages" with (force)`))
    }
  })
  await phase('staff product list', async () => {
    if (!SKIP.has('admin')) figures.adminList = await benchAdminList(ADMIN_URL, { products: PRODUCTS, log })
  })
  await phase('staff orders list', async () => {
    if (!SKIP.has('orders')) figures.adminOrders = await benchAdminOrders(ADMIN_URL, { log })
  })
  await phase('catalogue CSV', async () => {
    if (!SKIP.has('csv')) figures.csv = await benchCatalogueCsv(ADMIN_URL, { products: PRODUCTS, log })
  })
  await phase('reports', async () => {
    if (!SKIP.has('reports')) figures.reports = await benchReports(ADMIN_URL, { orders: Number(env.BENCH_ORDERS ?? 100_000), log })
  })
  // Compiled processes (dist/app/main.js) on databases of their own, each dropped when its phase ends.
  await phase('many websites', async () => {
    if (SKIP.has('many')) return
    figures.many = await benchManyWebsites(ADMIN_URL, {
      websites: Number(env.BENCH_WEBSITES ?? 1000),
      cacheMb: Number(env.BENCH_CACHE_MB ?? 512),
      settings: LOAD,
      log,
    })
  })
  await phase('isolation', async () => {
    if (!SKIP.has('isolation'))
      figures.isolation = await benchIsolation(ADMIN_URL, {
        rate: Number(env.BENCH_ISOLATION_RATE ?? 50),
        imageSide: Number(env.BENCH_IMAGE_SIDE ?? 7000),
        log,
      })
  })
  await phase('category rename', async () => {
    if (!SKIP.has('rename')) figures.rename = await benchCategoryRename(ADMIN_URL, { products: Number(env.BENCH_RENAME_PRODUCTS ?? 20_000), log })
  })
  await phase('first-load JS, first interaction and Lighthouse', async () => {
    if (SKIP.has('web')) return
    figures.bundle = bundleReport()
    const builtAt = figures.bundle.builtAt.getTime()
    log('web server (tests/e2e/server.ts) on the bench database for first-load JS, first interaction and Lighthouse')
    webServer = await startServer({ DATABASE_URL: pgUrl, LOG_LEVEL: 'warn' })
    try {
      figures.observed = {}
      figures.html = {}
      for (const page of ['/', '/products']) {
        figures.observed[page] = await observedJs(`${webServer.origin}${page}`)
        figures.html[page] = Buffer.byteLength(await (await fetch(`${webServer.origin}${page}`)).text())
      }
      if (!SKIP.has('interaction'))
        figures.interaction = await firstInteraction(webServer.origin, ['/', '/products', await someProductPath(webServer.origin)], INTERACTION_RUNS, log)
      if (!SKIP.has('interaction')) figures.tap = await addToCartTap(webServer.origin, INTERACTION_RUNS, log)
      if (!SKIP.has('lighthouse')) figures.lighthouse = await runLighthouse(webServer.origin, ['/', '/products'], LH_RUNS, tmp, log)
    } finally {
      await webServer.stop()
      webServer = undefined
      // The server read index.html at start; a rebuild meanwhile (another process) deletes the assets it names.
      if (statSync(path.join(DIST, 'index.html')).mtime.getTime() !== builtAt)
        figures.notes.push('dist/ was rebuilt during the web phase (by another process): its figures may mix two builds or include failed loads. Run again.')
    }
  })
  await phase('API on PGlite', async () => {
    if (SKIP.has('pglite')) return
    if (PGLITE_PRODUCTS !== PRODUCTS) figures.notes.push(`PGlite ran on ${PGLITE_PRODUCTS} products (BENCH_PGLITE_PRODUCTS), not ${PRODUCTS}.`)
    figures.api.push(await benchApi('pglite', 'memory://', PGLITE_PRODUCTS, LOAD, log))
  })

  figures.machine.push(
    `load average at end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  )
  const markdown = toMarkdown(figures)
  writeFileSync(path.join(import.meta.dirname, 'results.md'), `${markdown}\n`)
  if (env.BENCH_README === '1') updateReadme(markdown)
  console.log(`\n${markdown}`)
  const failed = budgetChecks(figures).filter((c) => !c.ok)
  log(
    `done in ${Math.round((Date.now() - started.getTime()) / 1000)} s: ${failed.length ? `${failed.length} budget(s) FAIL` : 'all budgets PASS'}; written to bench/results.md`,
  )
}

/** Opt-in (BENCH_README=1): the figures block of bench/README.md shows the latest results. */
function updateReadme(markdown: string) {
  const file = path.join(import.meta.dirname, 'README.md')
  const text = readFileSync(file, 'utf8')
  const [start, end] = ['<!-- figures:start -->', '<!-- figures:end -->']
  if (!text.includes(start) || !text.includes(end)) return log('bench/README.md has no figures block')
  writeFileSync(
    file,
    text.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => `${start}\n${markdown.replace(/^## /m, '### ')}\n${end}`),
  )
}

try {
  await main()
} catch (err) {
  console.error(err)
  process.exitCode = 1
} finally {
  await cleanup()
  // Nothing of ours is left running; don't wait for stray sockets' keep-alive timers.
  process.exit()
}
