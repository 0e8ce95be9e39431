/**
 * A small in-process cache with a TTL and a size bound. Entries are dropped on writes through `clear`
 * (the catalogue's writers call it); the TTL bounds staleness across processes.
 */
export function createCache<T>({ ttlMs, max }: { ttlMs: number; max: number }) {
  const entries = new Map<string, { value: T; at: number }>()
  return {
    get(key: string): T | undefined {
      const hit = entries.get(key)
      if (!hit) return undefined
      if (Date.now() - hit.at > ttlMs) {
        entries.delete(key)
        return undefined
      }
      return hit.value
    },
    set(key: string, value: T) {
      if (entries.size >= max) entries.delete(entries.keys().next().value as string)
      entries.set(key, { value, at: Date.now() })
    },
    async getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
      const hit = this.get(key)
      if (hit !== undefined) return hit
      const value = await load()
      this.set(key, value)
      return value
    },
    clear: () => entries.clear(),
  }
}

export type Cache<T> = ReturnType<typeof createCache<T>>

/** Per app instance (never module-level: tests run several apps over different databases in one process). */
export function createAppCaches() {
  return {
    catalogue: createCache<unknown>({ ttlMs: 60_000, max: 2000 }),
    pages: createCache<unknown>({ ttlMs: 60_000, max: 500 }),
  }
}
export type AppCaches = ReturnType<typeof createAppCaches>
