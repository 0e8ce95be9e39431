/**
 * The staff product table on a 50,000-product catalogue (PostgreSQL): each query of the admin list, timed through
 * its service on a fresh database, p50 and p99 over `runs` calls. Budget: p99 ≤ 100 ms. The stock table (every pack
 * at every warehouse) is timed too, for information. A phase of `npm run bench`, or alone:
 *
 *   npx tsx bench/admin-list.ts [postgres://admin-url] [products] [runs]
 *   BENCH_DB=postgres://…/db BENCH_SITE=1 npx tsx bench/admin-list.ts   # an already generated catalogue, kept
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { AdminProductQuery } from '../common/contracts/admin-catalogue'
import { StockQuery } from '../common/contracts/admin-stock'
import { loadConfig } from '../server/config'
import { openDb } from '../server/db/client'
import { withDatabase } from '../server/db/template'
import { listProducts } from '../server/features/catalogue/admin-list'
import { listStock } from '../server/features/stock/admin'
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

const STOCK_QUERIES: Record<string, Record<string, string>> = {
  'default (by product)': {},
  'low stock': { state: 'low' },
  'out of stock, by available': { state: 'out_of_stock', sort: 'available' },
  'one warehouse, search words': { warehouse_id: 'FIRST', q: 'basmati' },
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

export interface AdminListRow {
  label: string
  p50: number
  p99: number
  rows: number
  total: number
}

export interface AdminListFigures {
  products: number
  runs: number
  list: AdminListRow[]
  stock: AdminListRow[]
}

/** The admin list's p99 budget (issue 10). */
export const ADMIN_LIST_P99_MS = 100

async function timed(runs: number, call: () => Promise<{ data: unknown[]; meta: { total: number } }>, label: string): Promise<AdminListRow> {
  let answer = await call()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    answer = await call()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms * 10) / 10
  return { label, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), rows: answer.data.length, total: answer.meta.total }
}

export async function benchAdminList(
  adminUrl: string,
  opts: { products?: number; runs?: number; kept?: { url: string; siteId: number }; log?: (m: string) => void } = {},
): Promise<AdminListFigures> {
  const products = opts.products ?? 50_000
  const runs = opts.runs ?? 50
  const name = `bench_admin_${randomBytes(4).toString('hex')}`
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  if (!opts.kept) await client.query(`create database "${name}"`)
  const database = await openDb({ url: opts.kept?.url ?? withDatabase(adminUrl, name), poolSize: 4 })
  try {
    const siteId = opts.kept?.siteId ?? (await createBenchWebsite(database.db, 'http://bench.localhost:3000'))
    if (!opts.kept) await generateCatalogue(database.db, siteId, { products, log: opts.log ?? console.log })
    const site = await database.db.query.websites.findFirst({ where: (w, { eq }) => eq(w.id, siteId) })
    const ctx = { db: database.db, config: loadConfig({ NODE_ENV: 'test' }), site } as unknown as StaffCtx
    const list: AdminListRow[] = []
    for (const [label, raw] of Object.entries(QUERIES)) {
      const query = AdminProductQuery.parse(raw)
      list.push(await timed(runs, () => listProducts(ctx, query), label))
    }
    const house = await database.db.query.warehouses.findFirst({ where: (w, { eq }) => eq(w.websiteId, siteId) })
    const stock: AdminListRow[] = []
    for (const [label, raw] of Object.entries(STOCK_QUERIES)) {
      const query = StockQuery.parse({ ...raw, ...(raw.warehouse_id ? { warehouse_id: String(house!.id) } : {}) })
      stock.push(await timed(Math.min(runs, 20), () => listStock(ctx, query), label))
    }
    return { products, runs, list, stock }
  } finally {
    await database.close()
    if (!opts.kept) await client.query(`drop database if exists "${name}" with (force)`)
    await client.end()
  }
}

export const worstP99 = (f: AdminListFigures) => Math.max(...f.list.map((r) => r.p99))

export function adminListMarkdown(f: AdminListFigures): string[] {
  const table = (rows: AdminListRow[]) => rows.map((r) => `| ${r.label} | ${r.p50} | ${r.p99} | ${r.rows} | ${r.total.toLocaleString('en-US')} |`)
  return [
    `### Staff product list on PostgreSQL: ${f.products.toLocaleString('en-US')} products (${f.runs} calls per query, through the service)`,
    '',
    '| query | p50 ms | p99 ms | rows | total |',
    '|---|--:|--:|--:|--:|',
    ...table(f.list),
    '',
    `Worst p99 ${worstP99(f)} ms (budget ${ADMIN_LIST_P99_MS} ms). The stock table (every pack at every warehouse), for information:`,
    '',
    '| stock table query | p50 ms | p99 ms | rows | total |',
    '|---|--:|--:|--:|--:|',
    ...table(f.stock),
    '',
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kept = process.env.BENCH_DB ? { url: process.env.BENCH_DB, siteId: Number(process.env.BENCH_SITE ?? 1) } : undefined
  const figures = await benchAdminList(process.argv[2] ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test', {
    products: Number(process.argv[3] ?? 50_000),
    runs: Number(process.argv[4] ?? 50),
    kept,
  })
  console.log(`\n${adminListMarkdown(figures).join('\n')}`)
  console.log(`worst p99: ${worstP99(figures)} ms: ${worstP99(figures) <= ADMIN_LIST_P99_MS ? 'PASS' : 'FAIL'}`)
  process.exit(0)
}
