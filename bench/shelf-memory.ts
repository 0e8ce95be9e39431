/**
 * Memory and build time of a website's shelf (the in-process catalogue read model) and of its search index, on
 * the generated catalogue: `node --expose-gc --import tsx bench/shelf-memory.ts [products] [postgres-url]`
 * (default 50,000 products on in-memory PGlite). Live heap after a full GC, before and after each build.
 */
import { sql } from 'drizzle-orm'
import { openDb, rowsOf } from '../server/db/client'
import { seedIfEmpty } from '../server/db/seed/index'
import { SearchIndex } from '../server/features/catalogue/search-index'
import { buildShelf } from '../server/features/catalogue/shelf'
import { approximateSize } from '../server/platform/approximate-size'
import type { RequestCtx } from '../server/platform/request-context'
import { createBenchWebsite, generateCatalogue } from './generate-catalogue'

const count = Number(process.argv[2] ?? 50_000)
const url = process.argv[3] ?? 'memory://'
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc')
const heap = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`

const database = await openDb({ url, poolSize: 2 })
await seedIfEmpty(database.db, 3000)
const origin = 'http://bench.localhost:3000'
const websiteId = await createBenchWebsite(database.db, origin)
// a database that has the bench catalogue already (generate-catalogue.ts) is measured as it is
const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from products where website_id = ${websiteId}`))
if (n === 0) await generateCatalogue(database.db, websiteId, { products: count })
const ctx = { db: database.db, site: { id: websiteId } } as unknown as RequestCtx

const before = heap()
let t = performance.now()
const shelf = await buildShelf(ctx)
const buildMs = performance.now() - t
const withShelf = heap()
t = performance.now()
const index = new SearchIndex(shelf.docs, { categories: [], brands: [] })
const indexMs = performance.now() - t
index.search('atta') // its scratch arrays
const withIndex = heap()
console.log(
  `${database.kind}, ${shelf.products.length.toLocaleString('en')} products, ${shelf.products.reduce((n, p) => n + p.packs.length, 0).toLocaleString('en')} packs:`,
)
console.log(`shelf: ${mb(withShelf - before)} live heap, built in ${Math.round(buildMs)} ms (3 statements and the sorts)`)
console.log(`search index over it: ${mb(withIndex - withShelf)} more, built in ${Math.round(indexMs)} ms`)
t = performance.now()
const estimates = [approximateSize(shelf), approximateSize(index)]
console.log(
  `what the caches' byte budget charges (approximateSize): shelf ${mb(estimates[0]!)}, search index ${mb(estimates[1]!)}, weighed in ${Math.round(performance.now() - t)} ms`,
)
console.log(`process RSS now ${mb(process.memoryUsage().rss)}`)
await database.close()
