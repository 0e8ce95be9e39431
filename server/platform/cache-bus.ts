import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { listenPostgres } from './cache-bus-postgres'
import { listenRedis } from './cache-bus-redis'

/** A website id (anything else drops every website's answers): a few bytes, far below PostgreSQL's 8000-byte limit. */
type Payload = string

/** How invalidations reach the other app processes; each tells the bus when it may be missing some. */
export interface Transport {
  publish(payload: Payload): Promise<void>
  close(): Promise<void>
}
export interface TransportEvents {
  onMessage(payload: Payload): void
  /** listening (again): anything published while it was not may have been missed */
  onUp(): void
  onDown(error?: unknown): void
}

export interface CacheBusLog {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/**
 * Drops cached answers in every app process on the same database when one of them writes (ADR 0011).
 * PostgreSQL: LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set. PGlite has one process: nothing to send.
 */
export async function createCacheBus({
  database,
  redisUrl,
  log,
  changed = () => {},
}: {
  database: Database
  redisUrl?: string
  log: CacheBusLog
  /** told each time listening starts (up) or stops (down): metrics */
  changed?: (to: 'up' | 'down') => void
}) {
  const handlers: ((websiteId: number | null) => void)[] = []
  const drop = (websiteId: number | null) => {
    for (const handler of handlers) handler(websiteId)
  }
  const url = database.url // null for PGlite: one process, nothing to send or hear
  let up = url === null
  let reported = false
  const events: TransportEvents = {
    onMessage: (payload) => drop(/^\d{1,15}$/.test(payload) ? Number(payload) : null),
    onUp() {
      if (!up) changed('up')
      up = true
      reported = false
      drop(null)
    },
    onDown(error) {
      // Until listening again, nothing is kept: an answer cached now could miss a write's invalidation.
      if (up || !reported) log.warn({ err: error }, 'cache invalidations are not being received; caching is off until they are')
      if (up) changed('down')
      up = false
      reported = true
      drop(null)
    },
  }
  const transport: Transport | null = !url
    ? null
    : redisUrl
      ? await listenRedis(redisUrl, redisChannel(url), events)
      : await listenPostgres(url, PG_CHANNEL, events, async (payload) => {
          await database.db.execute(sql`select pg_notify(${PG_CHANNEL}, ${payload})`)
        })

  return {
    /** whether caches may keep answers now */
    live: () => up,
    onDrop(handler: (websiteId: number | null) => void) {
      handlers.push(handler)
    },
    async invalidateWebsite(websiteId: number) {
      drop(websiteId)
      if (!transport) return
      try {
        await transport.publish(String(websiteId))
      } catch (err) {
        // The write has committed: failing it now would invite a second one. Other processes catch up within the TTL.
        log.error({ err, websiteId }, 'could not publish a cache invalidation')
      }
    },
    close: async () => transport?.close(),
  }
}

export type CacheBus = Awaited<ReturnType<typeof createCacheBus>>

/** NOTIFY channels belong to one database already. */
export const PG_CHANNEL = 'storefront_cache'

/** A Redis server may serve the apps of several databases: its channel names the database (host, port, name; no credentials). */
function redisChannel(databaseUrl: string): string {
  const u = new URL(databaseUrl)
  return `storefront_cache:${u.host}${u.pathname}`
}
