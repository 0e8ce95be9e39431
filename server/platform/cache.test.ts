import { describe, expect, it } from 'vitest'
import { approximateSize, countedElsewhere } from './approximate-size'
import { createAppCaches, createCache, createSiteCache } from './cache'
import { createMetrics } from './metrics'

describe('cache', () => {
  it('does not keep an answer whose load was under way when entries were dropped (it may predate the write)', async () => {
    const cache = createCache<string>({ ttlMs: 60_000, maxBytes: 1_000_000 })
    let finish: (v: string) => void = () => {}
    const loading = cache.getOrLoad('k', () => new Promise((r) => (finish = r)))
    cache.clear() // a write committed while the load was reading
    finish('before the write')
    expect(await loading).toBe('before the write')
    expect(cache.get('k')).toBeUndefined()
    expect(await cache.getOrLoad('k', async () => 'after the write')).toBe('after the write')
    expect(cache.get('k')).toBe('after the write')
  })

  it('keeps nothing while it is not live', async () => {
    let live = false
    const cache = createCache<number>({ ttlMs: 60_000, maxBytes: 1_000_000, live: () => live })
    expect(await cache.getOrLoad('k', async () => 1)).toBe(1)
    expect(cache.get('k')).toBeUndefined()
    live = true
    await cache.getOrLoad('k', async () => 2)
    expect(cache.get('k')).toBe(2)
  })

  it('drops one website’s entries, or every website’s', () => {
    const cache = createSiteCache<string>({ ttlMs: 60_000, maxBytes: 1_000_000 })
    cache.set(1, 'list:a', 'one')
    cache.set(12, 'list:a', 'twelve') // not taken for website 1's by its key's prefix
    cache.set(2, 'list:a', 'two')
    cache.drop(1)
    expect([cache.get(1, 'list:a'), cache.get(12, 'list:a'), cache.get(2, 'list:a')]).toEqual([undefined, 'twelve', 'two'])
    cache.drop(null)
    expect([cache.get(12, 'list:a'), cache.get(2, 'list:a')]).toEqual([undefined, undefined])
  })

  it('keeps an answer asked for once only from its second ask, so a flood of one-off searches pushes nothing out', async () => {
    const cache = createCache<string>({ ttlMs: 60_000, maxBytes: 3 * 200, sizeOf: () => 100, maxEntryShare: 1 })
    cache.set('popular', 'kept')
    for (let i = 0; i < 1000; i++) await cache.getOrLoad(`search:${i}`, async () => `answer ${i}`, true)
    expect(cache.get('popular')).toBe('kept')
    expect(cache.get('search:7')).toBeUndefined()
    await cache.getOrLoad('search:7', async () => 'asked again', true)
    expect(cache.get('search:7')).toBe('asked again')
  })

  it('pushes out the least recently used entry when a new one would pass the byte budget', () => {
    const evicted: number[] = []
    // each entry weighs 100 + its key (2 bytes a character) + 64 overhead = 166: three fit in 600 bytes, four do not
    const cache = createCache<string>({ ttlMs: 60_000, maxBytes: 600, sizeOf: () => 100, maxEntryShare: 1, evicted: () => evicted.push(1) })
    cache.set('a', 'A')
    cache.set('b', 'B')
    cache.set('c', 'C')
    expect(cache.get('a')).toBe('A') // a is now the most recently used
    cache.set('d', 'D')
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual(['A', undefined, 'C', 'D'])
    expect(evicted).toHaveLength(1)
    expect(cache.stats()).toEqual({ entries: 3, bytes: 3 * 166 })
  })

  it('counts an entry by its size, not as one: a big answer pushes out many small ones, one past its share is not kept', () => {
    const cache = createCache<string>({ ttlMs: 60_000, maxBytes: 40_000 })
    for (let i = 0; i < 20; i++) cache.set(`small:${i}`, 'x'.repeat(100))
    expect(cache.stats().entries).toBe(20)
    cache.set('big', 'y'.repeat(4_000)) // about 8 KB of a 40 KB budget: within a quarter, kept
    expect(cache.get('big')).toHaveLength(4_000)
    expect(cache.stats().bytes).toBeLessThanOrEqual(40_000)
    cache.set('huge', 'z'.repeat(6_000)) // about 12 KB: more than a quarter of the budget, never kept
    expect(cache.get('huge')).toBeUndefined()
    for (let i = 0; i < 4; i++) cache.set(`big:${i}`, 'w'.repeat(4_000))
    expect(cache.stats().bytes).toBeLessThanOrEqual(40_000)
    expect(cache.get('small:0')).toBeUndefined()
  })

  it('never answers what was loaded before a write, however full it is (a drop during a load under eviction pressure)', async () => {
    const cache = createSiteCache<string>({ ttlMs: 60_000, maxBytes: 2_000 })
    let finish: (v: string) => void = () => {}
    const loading = cache.getOrLoad(1, 'price', () => new Promise((r) => (finish = r)))
    for (let i = 0; i < 50; i++) cache.set(2, `filler:${i}`, 'f'.repeat(50)) // others pushed out meanwhile
    cache.drop(1) // the staff write to website 1
    finish('₹50, before the write')
    await loading
    expect(cache.get(1, 'price')).toBeUndefined()
    expect(await cache.getOrLoad(1, 'price', async () => '₹55')).toBe('₹55')
  })

  it('estimates a value by what it holds: strings by length, buffers by bytes, a shared part once', () => {
    expect(approximateSize('a'.repeat(1000))).toBeGreaterThanOrEqual(2000)
    expect(approximateSize(Buffer.alloc(50_000))).toBeGreaterThanOrEqual(50_000)
    const shared = { name: 'x'.repeat(10_000) }
    const one = approximateSize([shared])
    expect(approximateSize([shared, shared])).toBeLessThan(one + 100)
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    expect(approximateSize(cyclic)).toBeGreaterThan(0)
    expect(approximateSize(new Map([['k', 'v'.repeat(500)]]))).toBeGreaterThan(1000)
  })

  it('charges an answer kept beside the catalogue it was made from for the answer only, and the catalogue itself in full', () => {
    const catalogue = countedElsewhere({ products: Array.from({ length: 10_000 }, (_, i) => ({ name: `product ${i}`.repeat(5) })) })
    const answer = 'a'.repeat(1_000)
    expect(approximateSize({ shelf: catalogue, answer })).toBeLessThan(approximateSize(answer) + 200)
    expect(approximateSize(catalogue)).toBeGreaterThan(10_000 * 50)
  })

  it('weighs a catalogue kept while it is built once it is built, and keeps one too big for the budget as the largest entry', async () => {
    const cache = createSiteCache<unknown>({ ttlMs: 60_000, maxBytes: 400_000, maxEntryShare: 1 })
    const small = { names: Array.from({ length: 100 }, (_, i) => `product ${i}`) }
    const building = Promise.resolve(small)
    cache.keepWhileBuilding(1, 'shelf', building)
    expect(cache.stats().bytes).toBeLessThan(200) // a promise: nothing to weigh yet
    await building
    await Promise.resolve()
    expect(cache.get(1, 'shelf')).toBe(building)
    expect(cache.stats().bytes).toBeGreaterThanOrEqual(approximateSize(small))
    // a catalogue bigger than the whole budget: kept, charged as the budget, the other website's pushed out
    const big = Promise.resolve({ names: Array.from({ length: 20_000 }, (_, i) => `a longer product name ${i}`) })
    cache.keepWhileBuilding(2, 'shelf', big)
    await big
    await Promise.resolve()
    expect(cache.get(2, 'shelf')).toBe(big)
    expect(cache.get(1, 'shelf')).toBeUndefined()
    expect(cache.stats().bytes).toBe(400_000)
  })

  it('does not weigh back a build whose website was dropped meanwhile (a write during the build)', async () => {
    const cache = createSiteCache<unknown>({ ttlMs: 60_000, maxBytes: 400_000, maxEntryShare: 1 })
    let finish: (v: unknown) => void = () => {}
    const building = new Promise((r) => (finish = r))
    cache.keepWhileBuilding(1, 'shelf', building)
    cache.drop(1)
    finish({ names: ['x'] })
    await building
    await Promise.resolve()
    expect(cache.get(1, 'shelf')).toBeUndefined()
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 })
  })

  it('weighs a long array by a sample of its items, close to walking them all', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `Pack ${i} of ${'x'.repeat(i % 40)}`, mrp: i * 10 }))
    const all = items(20_000)
    // arrays of 2,000 items are walked item by item
    const walked = Array.from({ length: 10 }, (_, k) => approximateSize(all.slice(k * 2_000, (k + 1) * 2_000))).reduce((a, b) => a + b)
    const sampled = approximateSize(all)
    expect(Math.abs(sampled - walked) / walked).toBeLessThan(0.05)
  })

  it('reports each cache’s bytes, budget, entries and evictions in the metrics', async () => {
    const metrics = createMetrics()
    const bus = { live: () => true, onDrop: () => {}, invalidateWebsite: async () => {} } as unknown as Parameters<typeof createAppCaches>[0]
    const caches = createAppCaches(bus, metrics, 10 * 1024 * 1024)
    for (let i = 0; i < 2_000; i++) caches.pages.set(1, `/p/${i}`, 'h'.repeat(2_000))
    const text = await metrics.registry.metrics()
    const budget = Math.floor(10 * 1024 * 1024 * 0.2)
    expect(text).toContain(`storefront_cache_bytes{cache="pages",of="budget"} ${budget}`)
    const held = Number(text.match(/storefront_cache_bytes\{cache="pages",of="held"\} (\d+)/)?.[1])
    expect(held).toBeGreaterThan(budget * 0.9)
    expect(held).toBeLessThanOrEqual(budget)
    expect(Number(text.match(/storefront_cache_evictions_total\{cache="pages"\} (\d+)/)?.[1])).toBeGreaterThan(1_000)
    expect(text).toMatch(/storefront_cache_entries\{cache="pages"\} \d+/)
  })
})
