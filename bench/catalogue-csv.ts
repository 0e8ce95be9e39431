/**
 * Catalogue CSV on PostgreSQL: export of a 50,000-product catalogue (≈ 150,000 rows, streamed into a sink that
 * counts bytes) and import of a 10,000-row file (2,500 new products × 4 packs with stock: preview, apply, and the
 * same file again), through the services the staff calls use. Time and peak memory of this process for each
 * (RSS, and the live heap after garbage collection: what the work holds, not what it has left for the collector).
 *
 *   npx tsx bench/catalogue-csv.ts [postgres://admin-url] [products]
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import { Writable } from 'node:stream'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { loadConfig } from '../server/config'
import { type Db, openDb, rowsOf } from '../server/db/client'
import { users } from '../server/db/schema/accounts'
import { websites } from '../server/db/schema/sites'
import { withDatabase } from '../server/db/template'
import { catalogueRows } from '../server/features/catalogue/csv-export'
import { applyImport, previewImport } from '../server/features/catalogue/csv-import'
import * as q from '../server/features/catalogue/csv-queries'
import { inThisThread } from '../server/features/catalogue/csv-work'
import { csvStream } from '../server/platform/csv'
import { createOutbound } from '../server/platform/outbound'
import type { StaffWriteCtx } from '../server/platform/staff-write'
import { createBenchWebsite, generateCatalogue } from './generate-catalogue'

export interface CsvFigures {
  products: number
  packs: number
  export: { ms: number; rows: number; bytes: number; peakRssMb: number; heapGrowthMb: number; baseRssMb: number }
  import: { rows: number; previewMs: number; applyMs: number; againMs: number; peakRssMb: number; heapGrowthMb: number; baseRssMb: number }
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10

/** A full garbage collection (live heap only), also when node was started without --expose-gc. */
v8.setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/**
 * Time of `fn`, and peak memory of this process while it runs: RSS sampled every 10 ms, and the live heap (after
 * a full garbage collection every 500 ms, which costs the timing a few per cent) against the live heap before.
 */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; peakRssMb: number; heapGrowthMb: number; baseRssMb: number }> {
  gc()
  const base = process.memoryUsage()
  let rss = base.rss
  let heap = base.heapUsed
  const sample = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 10)
  const live = setInterval(() => {
    gc()
    heap = Math.max(heap, process.memoryUsage().heapUsed)
  }, 500)
  const started = performance.now()
  try {
    const value = await fn()
    const ms = Math.round(performance.now() - started)
    return { value, ms, peakRssMb: mb(Math.max(rss, process.memoryUsage().rss)), heapGrowthMb: mb(heap - base.heapUsed), baseRssMb: mb(base.rss) }
  } finally {
    clearInterval(sample)
    clearInterval(live)
  }
}

export async function benchCatalogueCsv(adminUrl: string, options: { products?: number; log?: (m: string) => void } = {}): Promise<CsvFigures> {
  const log = options.log ?? console.log
  const count = options.products ?? 50_000
  const name = `bench_csv_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  const database = await openDb({ url: withDatabase(adminUrl, name), poolSize: 4 })
  try {
    const db = database.db
    const siteId = await createBenchWebsite(db, 'http://bench.localhost:3000')
    log(`[csv] generating ${count.toLocaleString('en-US')} products`)
    const made = await generateCatalogue(db, siteId, { products: count })

    log('[csv] export')
    const { warehouses } = await q.loadTaxonomy(db, siteId)
    let bytes = 0
    let rows = -1
    const exported = await measured(() =>
      pipeline(
        csvStream(catalogueRows(db, siteId, warehouses)),
        new Writable({
          write(chunk: Buffer, _enc, done) {
            bytes += chunk.length
            rows += chunk.toString('utf8').split('\r\n').length - 1
            done()
          },
        }),
      ),
    )

    log('[csv] import of 10,000 rows')
    const ctxOf = await staffContext(db, siteId)
    const brand = rowsOf<{ name: string }>(await db.execute(sql`select name from brands where website_id = ${siteId} order by id limit 1`))[0].name
    const cats = rowsOf<{ slug: string }>(
      await db.execute(sql`select slug from categories where website_id = ${siteId} and parent_id is not null order by id limit 2`),
    ).map((c) => c.slug)
    const lines = [`Product name,Brand,Categories,Status,Pack name,Price,MRP,SKU,Weight (g),On hand: ${warehouses[0].name}`]
    for (let i = 0; i < 2500; i++) {
      for (const [j, size] of ['250 g', '500 g', '1 kg', '5 kg'].entries())
        lines.push(`Import Bench Dal ${i},${brand},"${cats.join(', ')}",active,${size},${50 + j}.50,${60 + j},IMP-${i}-${j},${250 * (j + 1)},${(i % 9) + 1}`)
    }
    const file = Buffer.from(`${lines.join('\n')}\n`)
    // The file names no image addresses: nothing is fetched.
    const outbound = createOutbound()
    let previewMs = 0
    let applyMs = 0
    const imported = await measured(async () => {
      let started = performance.now()
      const preview = await ctxOf((ctx) => previewImport(ctx, { outbound, work: inThisThread }, file, 'bench.csv'))
      previewMs = Math.round(performance.now() - started)
      if (!preview.ok || preview.value.problems.length)
        throw new Error(`bench import preview: ${JSON.stringify(preview.ok ? preview.value.problems.slice(0, 3) : preview)}`)
      started = performance.now()
      const applied = await ctxOf((ctx) => applyImport(ctx, inThisThread, preview.value.token))
      applyMs = Math.round(performance.now() - started)
      if (!applied.ok) throw new Error(`bench import apply: ${applied.message}`)
      return preview.value.summary
    })
    const again = await measured(() => ctxOf((ctx) => previewImport(ctx, { outbound, work: inThisThread }, file, 'bench.csv')))
    if (!again.value.ok || again.value.value.summary.products.unchanged !== 2500) throw new Error('bench import: the same file again should change nothing')
    return {
      products: made.products,
      packs: made.packs,
      export: { ms: exported.ms, rows, bytes, peakRssMb: exported.peakRssMb, heapGrowthMb: exported.heapGrowthMb, baseRssMb: exported.baseRssMb },
      import: {
        rows: imported.value.rows,
        previewMs,
        applyMs,
        againMs: again.ms,
        peakRssMb: imported.peakRssMb,
        heapGrowthMb: imported.heapGrowthMb,
        baseRssMb: imported.baseRssMb,
      },
    }
  } finally {
    await database.close()
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
}

/** Runs a service call as a staff write does: in one transaction, as a staff member of the bench website. */
export async function staffContext(db: Db, siteId: number) {
  const [site] = await db.select().from(websites).where(eq(websites.id, siteId))
  const [user] = await db.insert(users).values({ name: 'Bench Admin', phone: '9876509999', phoneVerifiedAt: new Date() }).returning()
  const config = loadConfig({ NODE_ENV: 'test' })
  return <T>(fn: (ctx: StaffWriteCtx) => Promise<T>) =>
    db.transaction((tx) =>
      fn({ db: tx, site, user, config, requestId: randomUUID(), trail: { auditRows: 0, changesStorefront: false } } as unknown as StaffWriteCtx),
    )
}

export function csvMarkdown(f: CsvFigures): string[] {
  return [
    `### Catalogue CSV on PostgreSQL: ${f.products.toLocaleString('en-US')} products, ${f.packs.toLocaleString('en-US')} packs`,
    '',
    '| what | rows | time | peak RSS of the process | peak live heap growth | notes |',
    '|---|--:|--:|--:|--:|---|',
    `| export (streamed) | ${f.export.rows.toLocaleString('en-US')} | ${(f.export.ms / 1000).toFixed(1)} s | ${f.export.peakRssMb} MB (${f.export.baseRssMb} MB before) | ${f.export.heapGrowthMb} MB | file ${mb(f.export.bytes)} MB, never held in memory |`,
    `| import: preview + apply | ${f.import.rows.toLocaleString('en-US')} | ${((f.import.previewMs + f.import.applyMs) / 1000).toFixed(1)} s | ${f.import.peakRssMb} MB (${f.import.baseRssMb} MB before) | ${f.import.heapGrowthMb} MB | preview ${(f.import.previewMs / 1000).toFixed(1)} s, apply ${(f.import.applyMs / 1000).toFixed(1)} s: 2,500 products, 10,000 packs, stock through the ledger |`,
    `| import: the same file again | ${f.import.rows.toLocaleString('en-US')} | ${(f.import.againMs / 1000).toFixed(1)} s | | | preview: nothing to change |`,
    '',
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchCatalogueCsv(process.argv[2] ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test', {
    products: Number(process.argv[3] ?? 50_000),
  })
  console.log(`\n${csvMarkdown(figures).join('\n')}`)
  process.exit(0)
}
