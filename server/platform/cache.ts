import { LRUCache } from 'lru-cache'
import { approximateSize } from './approximate-size'
import type { CacheBus } from './cache-bus'
import type { Metrics } from './metrics'

/**
 * An in-process cache with a TTL and a byte budget, least recently used out first (issue 30): an entry's size is what
 * `sizeOf` says (approximateSize by default), and one bigger than `maxEntryShare` of the budget is not kept. `live` says
 * whether answers may be kept at all (the cache bus turns it off while it may be missing invalidations). A load that
 * was under way when entries were dropped is answered but not kept: it may have read the database before the write
 * that dropped them.
 */
export function createCache<T>({
  ttlMs,
  maxBytes,
  sizeOf = approximateSize,
  live = () => true,
  counted = () => {},
  evicted = () => {},
  maxEntryShare = 0.25,
}: {
  ttlMs: number
  maxBytes: number
  sizeOf?: (value: T) => number
  live?: () => boolean
  /** told of every lookup by getOrLoad (metrics: hit rate) */
  counted?: (hit: boolean) => void
  /** told of each entry pushed out to keep within the budget (metrics: evictions) */
  evicted?: () => void
  /** the largest entry kept, as a share of the budget */
  maxEntryShare?: number
}) {
  const maxEntrySize = Math.max(1, Math.floor(maxBytes * maxEntryShare))
  const entries = new LRUCache<string, { value: T }>({
    maxSize: Math.max(1, maxBytes),
    maxEntrySize,
    sizeCalculation: (entry, key) => Math.max(1, sizeOf(entry.value) + key.length * 2 + ENTRY_OVERHEAD),
    ttl: ttlMs,
    dispose: (_entry, _key, reason) => {
      if (reason === 'evict') evicted()
    },
  })
  let epoch = 0
  const askedBefore = doorkeeper()
  const cache = {
    get(key: string): T | undefined {
      return entries.get(key)?.value
    },
    /** `repeated`: kept only if the same key was set lately (answers to searches, most of them asked once) */
    set(key: string, value: T, repeated = false) {
      if (!live() || (repeated && !askedBefore(key))) return
      entries.set(key, { value })
    },
    /**
     * Keeps a value still being built (one build shared by concurrent reads), then weighs it once built: a promise
     * weighs nothing, and a website's catalogue read model must count against the budget. One larger than an entry
     * may be is charged as the largest and kept all the same (the whole share, pushing out the rest): rebuilding a
     * catalogue on every read would be worse than a budget set too small for it.
     */
    keepWhileBuilding(key: string, building: T & Promise<unknown>) {
      cache.set(key, building)
      void building.then(
        (built) => {
          if (entries.peek(key)?.value !== building) return
          const size = Math.min(Math.max(1, approximateSize(built) + key.length * 2 + ENTRY_OVERHEAD), maxEntrySize)
          entries.set(key, { value: building }, { size })
        },
        () => {},
      )
    },
    /** the kept value if `fresh` still accepts it; counted as a hit or a miss like getOrLoad's lookups */
    lookup(key: string, fresh: (value: T) => boolean): T | undefined {
      const hit = cache.get(key)
      const found = hit !== undefined && fresh(hit)
      counted(found)
      return found ? hit : undefined
    },
    async getOrLoad(key: string, load: () => Promise<T>, repeated = false): Promise<T> {
      const hit = cache.get(key)
      counted(hit !== undefined)
      if (hit !== undefined) return hit
      const started = epoch
      const value = await load()
      if (started === epoch) cache.set(key, value, repeated)
      return value
    },
    clear() {
      epoch++
      entries.clear()
    },
    deleteWhere(drop: (key: string, value: T) => boolean) {
      epoch++
      const gone: string[] = []
      for (const [key, entry] of entries.entries()) if (drop(key, entry.value)) gone.push(key)
      for (const key of gone) entries.delete(key)
    },
    /** what it holds now: entries and their bytes as counted against the budget */
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
  }
  return cache
}

/** the map slot, the entry's wrapper and its time stamps, per entry */
const ENTRY_OVERHEAD = 64

/**
 * Whether a key was seen lately (TinyLFU's doorkeeper): its 32-bit hash in a fixed table, the first time it is
 * seen remembered and answered false. A flood of keys asked once (never-seen searches) then keeps nothing, and makes
 * no garbage for the collector to copy, while answers asked twice are kept from the second ask.
 */
function doorkeeper(bits = 15) {
  const seen = new Int32Array(1 << bits)
  const mask = (1 << bits) - 1
  return (key: string) => {
    let h = 0x811c9dc5
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619)
    const slot = h & mask
    if (seen[slot] === h) return true
    seen[slot] = h
    return false
  }
}

/** A cache of one website's answers among all websites': every key names its website, so a write drops only that website's. */
export function createSiteCache<T>(options: Parameters<typeof createCache<T>>[0]) {
  const cache = createCache<T>(options)
  const keyOf = (websiteId: number, key: string) => `${websiteId}|${key}`
  return {
    get: (websiteId: number, key: string) => cache.get(keyOf(websiteId, key)),
    set: (websiteId: number, key: string, value: T, repeated = false) => cache.set(keyOf(websiteId, key), value, repeated),
    lookup: (websiteId: number, key: string, fresh: (value: T) => boolean) => cache.lookup(keyOf(websiteId, key), fresh),
    keepWhileBuilding: (websiteId: number, key: string, building: T & Promise<unknown>) => cache.keepWhileBuilding(keyOf(websiteId, key), building),
    getOrLoad: (websiteId: number, key: string, load: () => Promise<T>, repeated = false) => cache.getOrLoad(keyOf(websiteId, key), load, repeated),
    /** whether anything may be kept now (false while the cache bus may be missing drops) */
    live: options.live ?? (() => true),
    /** one website's entries, or every website's (null) */
    drop(websiteId: number | null) {
      if (websiteId === null) cache.clear()
      else cache.deleteWhere((key) => key.startsWith(`${websiteId}|`))
    },
    stats: cache.stats,
  }
}

/** An image variant as the media feature serves it. */
export interface CachedImage {
  bytes: Buffer
  contentType: string
  placeholder: boolean
}

/** How one byte budget (CACHE_MB) is shared between the process's caches. */
export const CACHE_SHARES = { catalogue: 0.3, indexes: 0.35, pages: 0.2, lookups: 0.04, images: 0.1, websites: 0.01 } as const
export type CacheName = keyof typeof CACHE_SHARES

type CacheMetrics = Pick<Metrics, 'cacheLookups' | 'cacheEvictions' | 'catalogueRebuilds' | 'gauge'>

/**
 * Per app instance (never module-level: tests run several apps over different databases in one process). Every cache
 * takes its share of `budgetBytes`, and /metrics reports each one's bytes, entries and evictions.
 */
export function createAppCaches(bus: CacheBus, metrics?: CacheMetrics, budgetBytes = 256 * 1024 * 1024) {
  const options = (name: CacheName, ttlMs: number) => ({
    ttlMs,
    maxBytes: Math.floor(budgetBytes * CACHE_SHARES[name]),
    live: bus.live,
    counted: (hit: boolean) => metrics?.cacheLookups.inc({ cache: name, result: hit ? 'hit' : 'miss' }),
    evicted: () => metrics?.cacheEvictions.inc({ cache: name }),
  })
  const catalogue = createSiteCache<unknown>(options('catalogue', 60_000))
  const pages = createSiteCache<unknown>(options('pages', 60_000))
  // A website's search index: one entry, rebuilt in about a second for 50,000 products, so it may take the whole of its
  // share. Staff writes drop it at once; 30 minutes bounds how stale in-stock ordering may get (checkouts don't drop
  // caches) without rebuilding a large catalogue's index every few minutes.
  const indexes = createSiteCache<unknown>({ ...options('indexes', 1_800_000), maxEntryShare: 1 })
  // Small lookups every answer needs (the warehouse of a pincode, a warehouse's slot plan): apart from the answers,
  // so a flood of never-seen searches doesn't push them out and send each request to the database.
  const lookups = createSiteCache<unknown>(options('lookups', 60_000))
  /** image variants by size and path (media): their bytes are what they weigh */
  const images = createCache<CachedImage>({ ...options('images', 3_600_000), sizeOf: (v) => v.bytes.byteLength + 256 })
  const all: Record<Exclude<CacheName, 'websites'>, { stats(): { entries: number; bytes: number } }> = { catalogue, pages, indexes, lookups, images }
  metrics?.gauge('cache_bytes', 'Bytes held by each in-process cache (an estimate of the heap it keeps), against its budget', ['cache', 'of'], function () {
    for (const [name, cache] of Object.entries(all)) {
      this.set({ cache: name, of: 'held' }, cache.stats().bytes)
      this.set({ cache: name, of: 'budget' }, Math.floor(budgetBytes * CACHE_SHARES[name as CacheName]))
    }
  })
  metrics?.gauge('cache_entries', 'Entries held by each in-process cache', ['cache'], function () {
    for (const [name, cache] of Object.entries(all)) this.set({ cache: name }, cache.stats().entries)
  })
  bus.onDrop((websiteId) => {
    catalogue.drop(websiteId)
    pages.drop(websiteId)
    indexes.drop(websiteId)
    lookups.drop(websiteId)
  })
  return {
    catalogue,
    pages,
    indexes,
    lookups,
    images,
    /** the websites resolver's share of the budget (platform/site-context.ts) */
    websitesBytes: Math.floor(budgetBytes * CACHE_SHARES.websites),
    /**
     * Call after every write that changes what shoppers are shown (catalogue, stock, pages, settings), once its
     * transaction has committed: this website's cached answers are dropped here before it resolves, and in every
     * other app process on the same database within moments.
     */
    invalidateWebsite: (websiteId: number) => bus.invalidateWebsite(websiteId),
    /** told of every drop: this process's own, and each one heard from the bus (its own come back too) */
    onDrop: bus.onDrop,
    /** call when a website's index kept in `indexes` is built again (metrics: how often a catalogue is rebuilt) */
    rebuilt: (index: string) => metrics?.catalogueRebuilds.inc({ index }),
  }
}
export type AppCaches = ReturnType<typeof createAppCaches>
