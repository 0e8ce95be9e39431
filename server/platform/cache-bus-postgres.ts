import pg from 'pg'
import type { Transport, TransportEvents } from './cache-bus'

const RETRY_MIN_MS = 100
const RETRY_MAX_MS = 5000

/**
 * LISTEN on a connection of its own (a pool would hand it back and lose the subscription). When it drops, it is
 * opened again with a growing delay; NOTIFY goes through the app's pool (`publish`).
 */
export async function listenPostgres(url: string, channel: string, events: TransportEvents, publish: (payload: string) => Promise<void>): Promise<Transport> {
  let client: pg.Client | null = null
  let connecting: Promise<void> | null = null
  let timer: NodeJS.Timeout | null = null
  let closed = false
  let delay = RETRY_MIN_MS

  const retry = (error: unknown) => {
    events.onDown(error)
    timer = setTimeout(
      () => {
        timer = null
        connecting = connect()
      },
      delay * (0.75 + Math.random() / 2),
    )
    timer.unref()
    delay = Math.min(delay * 2, RETRY_MAX_MS)
  }

  async function connect() {
    const c = new pg.Client({
      connectionString: url,
      application_name: 'storefront-cache-bus',
      connectionTimeoutMillis: 5000,
      // finds a connection that died without a word (a network cut) within a minute or so
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    c.on('error', () => {}) // followed by 'end', handled there
    c.on('notification', (msg) => {
      if (msg.channel === channel) events.onMessage(msg.payload ?? '')
    })
    c.on('end', () => {
      if (client !== c) return
      client = null
      if (!closed) retry(new Error('the LISTEN connection closed'))
    })
    try {
      await c.connect()
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`)
    } catch (err) {
      await c.end().catch(() => {})
      if (!closed) retry(err)
      return
    }
    if (closed) return void (await c.end().catch(() => {}))
    client = c
    delay = RETRY_MIN_MS
    events.onUp()
  }

  connecting = connect()
  await connecting
  return {
    publish,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await connecting
      const c = client
      client = null
      await c?.end().catch(() => {})
    },
  }
}
