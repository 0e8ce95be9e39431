/**
 * The search index alone (no HTTP, no database): 50,000 documents made from the demo catalogue's products under
 * generated brands and modifiers, and the never-seen search mix of the API bench (bench/scenarios.ts searchMix),
 * each query once for the list (first page of 24) and once for suggestions. Prints build time and per-query
 * mean / p50 / p99 / max in ms. `npx tsx bench/search-engine.ts [documents]`
 */
import { SearchIndex } from '../server/features/catalogue/search-index'
import { seedDocs } from '../server/features/catalogue/search-judged'
import { searchMix } from './scenarios'

const N = Number(process.argv[2] ?? 50_000)
const base = seedDocs()
const MODIFIERS = ['', 'Organic', 'Premium', 'Classic', 'Gold', 'Everyday', 'Farm Fresh', 'Royal', 'Lite', 'Pure']
const HEADS = ['Kesar', 'Sona', 'Amrit', 'Gokul', 'Shree', 'Desi', 'Ganga', 'Nilgiri', 'Malabar', 'Vindhya']
const docs = Array.from({ length: N }, (_, i) => {
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

const started = performance.now()
const index = new SearchIndex(docs, { categories: [], brands: [] })
const buildMs = performance.now() - started
const mix = searchMix()

function time(run: (q: string) => unknown) {
  for (const q of mix.slice(0, 200)) run(q) // warm-up
  const ms = mix.map((q) => {
    const t = performance.now()
    run(q)
    return performance.now() - t
  })
  ms.sort((a, b) => a - b)
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(ms.length * p))]!.toFixed(2)
  return `mean ${(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(2)} · p50 ${at(0.5)} · p99 ${at(0.99)} · max ${at(1)}`
}

console.log(`${N.toLocaleString('en')} documents, index built in ${buildMs.toFixed(0)} ms; ${mix.length} distinct queries`)
console.log(`list (page of 24): ${time((q) => index.searchTop(q, 'relevance', {}, 24))} ms`)
console.log(`suggestions:       ${time((q) => index.suggest(q, 6, null))} ms`)
