import { Redis, type RedisOptions } from 'ioredis'
import type { Transport, TransportEvents } from './cache-bus'

const options: RedisOptions = {
  connectTimeout: 2000,
  maxRetriesPerRequest: 1,
  retryStrategy: (times) => Math.min(100 * 2 ** times, 5000),
  // subscribed again by us on every 'ready', so that we know when messages reach us again
  autoResubscribe: false,
}

/** Redis pub/sub: one connection subscribed (it can do nothing else), one to publish. ioredis reconnects both. */
export async function listenRedis(url: string, channel: string, events: TransportEvents): Promise<Transport> {
  const sub = new Redis(url, { ...options, connectionName: channel }) // named: CLIENT LIST shows who listens
  const pub = new Redis(url, options)
  let closed = false
  let settle: () => void = () => {}
  const firstAttempt = new Promise<void>((resolve) => (settle = resolve))

  pub.on('error', () => {}) // a failed publish is reported by its caller
  sub.on('error', () => {}) // followed by 'close', handled there
  sub.on('message', (from: string, payload: string) => {
    if (from === channel) events.onMessage(payload)
  })
  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => {
        if (!closed) events.onUp()
        settle()
      },
      (err: unknown) => {
        if (closed) return
        events.onDown(err)
        settle()
        sub.disconnect(true) // and try again
      },
    )
  })
  sub.on('close', () => {
    if (closed) return
    events.onDown(new Error('the Redis subscription closed'))
    settle()
  })

  await firstAttempt
  return {
    publish: async (payload) => {
      await pub.publish(channel, payload)
    },
    async close() {
      closed = true
      await Promise.all([sub.quit().catch(() => sub.disconnect()), pub.quit().catch(() => pub.disconnect())])
    },
  }
}
