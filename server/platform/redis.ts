import { Redis } from 'ioredis'

export interface RedisLog {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

export interface WatchedRedis {
  client: Redis
  /** whether commands reach Redis now (connected and ready); while not, callers use their per-process fallback */
  up(): boolean
  close(): Promise<void>
}

/** While Redis stays unreachable, one line this often (ioredis reports every reconnection attempt). */
const REPEAT_MS = 60_000

/**
 * A Redis connection whose trouble goes to the app's JSON log: one line when it is lost, one a minute while it
 * stays lost, one when it is back (without a listener ioredis prints every failed attempt to stderr as text).
 * Commands fail at once while it is down (no offline queue), so a caller never waits for a reconnection.
 */
export function watchedRedis(url: string, log: RedisLog, what: string): WatchedRedis {
  const client = new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(100 * 2 ** times, 5000),
  })
  let down = false
  let lastLine = 0
  client.on('error', (err: Error & { code?: string }) => {
    const now = Date.now()
    if (!down || now - lastLine >= REPEAT_MS) {
      log.warn({ redis: { error: err.message, code: err.code } }, `Redis is unreachable: ${what}`)
      lastLine = now
    }
    down = true
  })
  client.on('ready', () => {
    if (down) log.info({}, 'Redis answers again')
    down = false
  })
  return {
    client,
    up: () => client.status === 'ready',
    close: () =>
      client.quit().then(
        () => {},
        () => client.disconnect(),
      ),
  }
}
