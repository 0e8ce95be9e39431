/**
 * The staff product table on a 50,000-product catalogue (PostgreSQL): each query of the admin list, timed through
 * its service on a fresh database, p50 and p99 over `runs` calls. Budget: p99 ≤ 100 ms.
 *
 *   npx tsx bench/admin-list.ts [postgres://admin-url] [products] [runs]
 *   BENCH_DB=postgres://…/db BENCH_SITE=1 npx tsx bench/admin-list.ts   # an already generated catalogue, kept
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { AdminProductQuery } from '../common/contracts/admin-catalogue'
import { loadConfig } from '../server/config'
import { openDb } from '../server/db/client'
import { withDatabase } from '../server/db/template'
import { listProducts } from '../server/features/catalogue/admin-list'
import type { StaffCtx } from '../server/platform/staff-write'
import { createBenchWebsite, generateCatalogue } from './generate-catalogue'

const QUERIES: Record<string, Record<string, string>> = {
  'default (newest change first)': {},
  'page 50': { page: '50', perPage: '20' },
  '100 rows': { perPage: '100' },
  'by name': { sort: 'name' },
  'by price, desc': { sort: '-price' },
  'by stock': { sort: 'available' },
  'by stock, desc': { sort: '-available' },
  'search words': { q: 'basmati rice' },
  'search typo': { q: 'basmatti' },
  'search SKU-like': { q: 'XYZ-123' },
  'category with subcategories': { category: 'atta-rice-dals' },
  'status draft': { status: 'draft' },
  'out of stock': { stock: 'out_of_stock' },
  'in stock, by stock': { stock: 'in_stock', sort: 'available' },
  'brand + category + sort': { brand: 'kesar-foods', category: 'rice', sort: '-updated_at' },
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function main() {
  const admin = process.argv[2] ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const count = Number(process.argv[3] ?? 50_000)
  const runs = Number(process.argv[4] ?? 50)
  const name = `bench_admin_${randomBytes(4).toString('hex')}`
  const kept = process.env.BENCH_DB
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  if (!kept) await client.query(`create database "${name}"`)
  const database = await openDb({ url: kept ?? withDatabase(admin, name), poolSize: 4 })
  try {
    const siteId = kept ? Number(process.env.BENCH_SITE ?? 1) : await createBenchWebsite(database.db, 'http://bench.localhost:3000')
    if (!kept) await generateCatalogue(database.db, siteId, { products: count, log: console.log })
    const site = await database.db.query.websites.findFirst({ where: (w, { eq }) => eq(w.id, siteId) })
    const ctx = { db: database.db, config: loadConfig({ NODE_ENV: 'test' }), site } as unknown as StaffCtx
    console.log(`\n| query | p50 ms | p99 ms | rows | total |\n|---|---|---|---|---|`)
    let worst = 0
    for (const [label, raw] of Object.entries(QUERIES)) {
      const query = AdminProductQuery.parse(raw)
      const times: number[] = []
      let answer = await listProducts(ctx, query)
      for (let i = 0; i < runs; i++) {
        const started = performance.now()
        answer = await listProducts(ctx, query)
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      worst = Math.max(worst, percentile(times, 99))
      console.log(`| ${label} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${answer.data.length} | ${answer.meta.total} |`)
    }
    console.log(`\nworst p99: ${worst.toFixed(1)} ms (budget 100 ms): ${worst <= 100 ? 'PASS' : 'FAIL'}`)
  } finally {
    await database.close()
    if (!kept) await client.query(`drop database if exists "${name}" with (force)`)
    await client.end()
  }
}

await main()
