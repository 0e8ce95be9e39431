import { createHash } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, openDb, rowsOf } from '../server/db/client'
import * as shelfQueries from '../server/features/catalogue/shelf-queries'
import { freePort } from '../tests/e2e/server'
import { type Child, startChild } from './children'
import { capture, type LoadResult, type LoadSettings, measure } from './load'
import { type Scenario, scenarios } from './scenarios'

export interface ApiRow {
  scenario: string
  kind: 'list' | 'q' | 'product' | 'suggest'
  cold: boolean
  app: LoadResult
  ref: LoadResult
  /** the reference was measured in an earlier run on the very same bytes */
  refReused: boolean
  /** SQL statements the app sent per answer, over a sample of the scenario's URLs answered one by one (PostgreSQL) */
  statements?: number
  /** share of the load's answer-cache lookups that hit (warm-up included): never-seen rows should be about 0 */
  cached?: number
}

/** A statement the app still runs, with PostgreSQL's plan of it (EXPLAIN ANALYZE on the bench catalogue). */
export interface PlanRow {
  name: string
  when: string
  plan: string[]
}

export interface ApiRun {
  driver: 'postgres' | 'pglite'
  products: number
  packs: number
  timings: Record<string, number>
  rows: ApiRow[]
  plans?: PlanRow[]
}

/** Reference figures by hash of the bytes served, so the PGlite run doesn't re-measure identical answers. */
const referenceCache = new Map<string, LoadResult>()

const STATEMENT_SAMPLE = 100

/**
 * BENCH_SCENARIOS='never-seen|suggestions': only the scenarios whose names contain one of these (and the warm one of
 * each kind picked, which gives never-seen rows their reference).
 */
function picked(all: Scenario[]): Scenario[] {
  const only = (process.env.BENCH_SCENARIOS ?? '').split('|').filter(Boolean)
  if (only.length === 0) return all
  const wanted = (s: Scenario) => only.some((o) => s.name.includes(o))
  return all.filter((s) => wanted(s) || (!s.cold && all.some((c) => c.kind === s.kind && wanted(c))))
}

/** The real app (own process) and the bare-Fastify reference (own process) under the same load, one scenario at a time. */
export async function benchApi(driver: ApiRun['driver'], url: string, products: number, load: LoadSettings, log: (m: string) => void): Promise<ApiRun> {
  const port = await freePort()
  log(`[${driver}] starting the app: migrate, demo seed, ${products} products…`)
  const app = await startChild(['app', url, String(port), String(products)], 600_000)
  let reference: Child | undefined
  try {
    reference = await startChild(['reference', String(await freePort())])
    const { origin, slugs = [], timings = {}, packs = 0 } = app.ready
    log(
      `[${driver}] ready: ${Object.entries(timings)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
        .join(', ')}`,
    )
    const appBase = `http://127.0.0.1:${app.ready.port}`
    const refBase = `http://127.0.0.1:${reference.ready.port}`
    const rows: ApiRow[] = []
    const warmRefs = new Map<string, LoadResult>()
    for (const s of picked(scenarios(slugs))) {
      const headers = { 'x-web-url': origin!, accept: 'application/json' }
      log(`[${driver}] ${s.name}: ${s.paths.length} URLs, ${load.connections} connections, ${load.warmupS} s + ${load.durationS} s`)
      let ref = warmRefs.get(s.kind)
      let refReused = false
      if (!s.cold) {
        const bodies = await capture(appBase, s.paths, headers)
        const key = createHash('sha256').update(JSON.stringify(bodies)).digest('hex')
        ref = referenceCache.get(key)
        refReused = ref !== undefined
        if (!ref) {
          await reference!.send({ type: 'bodies', bodies }, 'loaded')
          ref = await measure(refBase, s.paths, headers, load)
          referenceCache.set(key, ref)
        }
        warmRefs.set(s.kind, ref)
      }
      // Statements per answer, before the load: the rotation's last URLs (the load starts at its first ones).
      const statements = driver === 'postgres' ? await statementsPerAnswer(app, appBase, s.paths.slice(-STATEMENT_SAMPLE), headers) : undefined
      const before = await answerLookups(app)
      const result = await measure(appBase, s.paths, headers, load)
      const after = await answerLookups(app)
      const lookups = after.hits + after.misses - before.hits - before.misses
      const cached = lookups > 0 ? (after.hits - before.hits) / lookups : undefined
      rows.push({ scenario: s.name, kind: s.kind, cold: s.cold, app: result, ref: ref!, refReused, statements, cached })
      log(
        `[${driver}]   app ${result.rps.toFixed(0)} req/s p50 ${result.p50} ms p99 ${result.p99} ms · reference ${ref!.rps.toFixed(0)} req/s p99 ${ref!.p99} ms${statements === undefined ? '' : ` · ${statements.toFixed(2)} statements/answer`}${cached === undefined ? '' : ` · ${(cached * 100).toFixed(1)} % from the answer cache`}${result.bad ? ` · ${result.bad} BAD ANSWERS` : ''}`,
      )
    }
    const plans = driver === 'postgres' && app.ready.websiteId ? await queryPlans(url, app.ready.websiteId) : undefined
    return { driver, products, packs, timings, rows, plans }
  } finally {
    await Promise.all([app.stop(), reference?.stop()])
  }
}

async function answerLookups(app: Child) {
  return (await app.send({ type: 'answers' }, 'answers')) as { hits: number; misses: number }
}

async function statementsPerAnswer(app: Child, base: string, paths: string[], headers: Record<string, string>): Promise<number> {
  const count = async () => (await app.send({ type: 'statements' }, 'statements')) as { n: number }
  const before = (await count()).n
  for (const p of paths) await (await fetch(base + p, { headers })).arrayBuffer()
  return ((await count()).n - before) / paths.length
}

/** EXPLAIN ANALYZE of what still reads the database for the storefront's catalogue: the shelf's build and the stock snapshot. */
async function queryPlans(url: string, websiteId: number): Promise<PlanRow[]> {
  const database = await openDb({ url, poolSize: 1, migrate: false })
  try {
    const db = database.db
    const [house] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from warehouses where website_id = ${websiteId} order by is_default desc, id limit 1`),
    )
    const explain = async (run: (db: Db) => Promise<unknown>): Promise<string[]> => {
      let lines: string[] = []
      const explaining = {
        execute: async (q: SQL) => {
          lines = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain (analyze, costs off) ${q}`)).map((r) => r['QUERY PLAN'])
          return { rows: [] }
        },
      } as unknown as Db
      await run(explaining)
      return lines
    }
    return [
      {
        name: 'stock snapshot: packs with nothing free at a warehouse',
        when: 'at most every 5 s per warehouse and app process, in the background',
        plan: await explain((d) => shelfQueries.soldOutPackIds(d, websiteId, house!.id)),
      },
      {
        name: 'shelf: every active product',
        when: 'first read after a staff write, per app process',
        plan: await explain((d) => shelfQueries.loadShelfProducts(d, websiteId)),
      },
      {
        name: 'shelf: their packs',
        when: 'with the one above',
        plan: await explain((d) => shelfQueries.loadShelfPacks(d, websiteId)),
      },
    ]
  } finally {
    await database.close()
  }
}
