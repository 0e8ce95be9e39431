import type { CacheBus } from './cache-bus'
import type { Metrics } from './metrics'

/**
 * A small in-process cache with a TTL and a size bound. `live` says whether answers may be kept at all (the cache
 * bus turns it off while it may be missing invalidations). A load that was under way when entries were dropped
 * is answered but not kept: it may have read the database before the write that dropped them.
 */
export function createCache<T>({
  ttlMs,
  max,
  live = () => true,
  counted = () => {},
}: {
  ttlMs: number
  max: number
  live?: () => boolean
  /** told of every lookup by getOrLoad (metrics: hit rate) */
  counted?: (hit: boolean) => void
}) {
  const entries = new Map<string, { value: T; at: number }>()
  let epoch = 0
  const askedBefore = doorkeeper()
  const cache = {
    get(key: string): T | undefined {
      const hit = entries.get(key)
      if (!hit) return undefined
      if (Date.now() - hit.at > ttlMs) {
        entries.delete(key)
        return undefined
      }
      return hit.value
    },
    /** `repeated`: kept only if the same key was set lately (answers to searches, most of them asked once) */
    set(key: string, value: T, repeated = false) {
      if (!live() || (repeated && !askedBefore(key))) return
      if (entries.size >= max) entries.delete(entries.keys().next().value as string)
      entries.set(key, { value, at: Date.now() })
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
      for (const [key, hit] of entries) if (drop(key, hit.value)) entries.delete(key)
    },
  }
  return cache
}

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
    getOrLoad: (websiteId: number, key: string, load: () => Promise<T>, repeated = false) => cache.getOrLoad(keyOf(websiteId, key), load, repeated),
    /** whether anything may be kept now (false while the cache bus may be missing drops) */
    live: options.live ?? (() => true),
    /** one website's entries, or every website's (null) */
    drop(websiteId: number | null) {
      if (websiteId === null) cache.clear()
      else cache.deleteWhere((key) => key.startsWith(`${websiteId}|`))
    },
  }
}

/** Per app instance (never module-level: tests run several apps over different databases in one process). */
export function createAppCaches(bus: CacheBus, metrics?: Pick<Metrics, 'cacheLookups' | 'catalogueRebuilds'>) {
  const counted = (cache: string) => (hit: boolean) => metrics?.cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' })
  const catalogue = createSiteCache<unknown>({ ttlMs: 60_000, max: 2000, live: bus.live, counted: counted('catalogue') })
  const pages = createSiteCache<unknown>({ ttlMs: 60_000, max: 500, live: bus.live, counted: counted('pages') })
  // One entry per website (its search index): never pushed out by the many catalogue answers. Staff writes drop
  // it at once; 30 minutes bounds how stale in-stock ordering may get (checkouts don't drop caches) without
  // rebuilding a large catalogue's index (about a second of CPU for 50,000 products) every few minutes.
  const indexes = createSiteCache<unknown>({ ttlMs: 1_800_000, max: 200, live: bus.live, counted: counted('indexes') })
  // Small lookups every answer needs (the warehouse of a pincode, a warehouse's slot plan): apart from the answers,
  // so a flood of never-seen searches doesn't push them out and send each request to the database.
  const lookups = createSiteCache<unknown>({ ttlMs: 60_000, max: 5000, live: bus.live, counted: counted('lookups') })
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
