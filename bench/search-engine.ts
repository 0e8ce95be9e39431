/**
 * The search index alone (no HTTP): the never-seen search mix of the API bench (bench/scenarios.ts searchMix), each
 * query once for the list (first page of 24) and once for suggestions, with the stock preference of a warehouse
 * where every 7th product is sold out. Prints build time, per-query mean / p50 / p99 / max in ms and the slowest
 * queries. Documents: the bench's generated catalogue read from a database (`npx tsx bench/search-engine.ts 50000
 * postgres://…/db`: generated there on first use, then reused), or without one 50,000 documents made from the demo
 * catalogue's products under generated brands and modifiers (`npx tsx bench/search-engine.ts [documents]`).
 */
import { sql } from 'drizzle-orm'
import { openDb, rowsOf } from '../server/db/client'
import { seedIfEmpty } from '../server/db/seed/index'
import { type SearchDoc, SearchIndex } from '../server/features/catalogue/search-index'
import { seedDocs, seedTaxa } from '../server/features/catalogue/search-judged'
import { SearchRecovery } from '../server/features/catalogue/search-recovery'
import { buildShelf } from '../server/features/catalogue/shelf'
import type { RequestCtx } from '../server/platform/request-context'
import { createBenchWebsite, generateCatalogue } from './generate-catalogue'
import { searchMix } from './scenarios'

const N = Number(process.argv[2] ?? 50_000)
const url = process.argv[3]

function madeUpDocs(): SearchDoc[] {
  const base = seedDocs()
  const MODIFIERS = ['', 'Organic', 'Premium', 'Classic', 'Gold', 'Everyday', 'Farm Fresh', 'Royal', 'Lite', 'Pure']
  const HEADS = ['Kesar', 'Sona', 'Amrit', 'Gokul', 'Shree', 'Desi', 'Ganga', 'Nilgiri', 'Malabar', 'Vindhya']
  return Array.from({ length: N }, (_, i) => {
    const d = base[i % base.length]!
    const brand = `${HEADS[i % HEADS.length]} ${['Foods', 'Farms', 'Mills'][i % 3]}`
    return {
      ...d,
      id: i + 1,
      brandId: (i % 30) + 1,
      brandName: brand,
      name: `${brand} ${MODIFIERS[(i >> 3) % 10]} ${d.name}`.replace(/\s+/g, ' '),
      popularity: (i * 7919) % 1000,
    }
  })
}

async function generatedDocs(databaseUrl: string): Promise<SearchDoc[]> {
  const database = await openDb({ url: databaseUrl, poolSize: 2 })
  try {
    await seedIfEmpty(database.db, 3000)
    const websiteId = await createBenchWebsite(database.db, 'http://bench.localhost:3000')
    const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from products where website_id = ${websiteId}`))
    if (n === 0) await generateCatalogue(database.db, websiteId, { products: N })
    return (await buildShelf({ db: database.db, site: { id: websiteId } } as unknown as RequestCtx)).docs
  } finally {
    await database.close()
  }
}

const docs = url ? await generatedDocs(url) : madeUpDocs()
const started = performance.now()
const index = new SearchIndex(docs, { categories: [], brands: [] })
const buildMs = performance.now() - started
const inStock = new Set(docs.filter((_, i) => i % 7 !== 0).map((d) => d.id))
const mix = searchMix()

function time(name: string, run: (q: string) => unknown, queries = mix) {
  const ms = queries.map((q) => {
    const t = performance.now()
    run(q)
    return { q, ms: performance.now() - t }
  })
  const sorted = ms.map((m) => m.ms).sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!.toFixed(2)
  const slowest = [...ms].sort((a, b) => b.ms - a.ms).slice(0, 8)
  console.log(
    `${name}: mean ${(sorted.reduce((a, b) => a + b, 0) / sorted.length).toFixed(3)} · p50 ${at(0.5)} · p99 ${at(0.99)} · max ${at(1)} ms; slowest: ${slowest.map((s) => `${s.q} ${s.ms.toFixed(1)}`).join(', ')}`,
  )
}

console.log(`${docs.length.toLocaleString('en')} documents, index built in ${buildMs.toFixed(0)} ms; ${mix.length} distinct queries`)
time('list (page of 24), first time', (q) => index.searchTop(q, 'relevance', { inStock }, 24))
time('list (page of 24), again     ', (q) => index.searchTop(q, 'relevance', { inStock }, 24))
time('suggestions                  ', (q) => index.suggest(q, 6, inStock))

// a search that found nothing: the nearest categories and brands (issue 31; the demo catalogue's names)
const recovery = new SearchRecovery(index, seedTaxa())
const misses = mix.filter((q) => index.searchTop(q, 'relevance', {}, 1).total === 0)
console.log(`${misses.length} of the queries find nothing`)
time('nearest category or brand    ', (q) => recovery.nearest(q), misses)
