import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { type Database, openDb } from '../db/client'
import { startCheckoutApp } from '../features/checkout/test-kit'
import { drivers } from './app'
import { createLifecycle } from '../platform/lifecycle'

/**
 * Issue #16, the process as operators run it: liveness and readiness (migrating, draining, database unreachable),
 * Prometheus metrics behind a token, request ids in answers and log lines, and a checkout's log without the
 * shopper's personal data. Shutdown under load and migrating for real: tests/e2e/production.test.ts.
 */
const TOKEN = 'metrics-token-0123456789'

describe('health and metrics (pglite)', () => {
  let database: Database
  let down = false
  const lifecycle = createLifecycle('migrating')
  let app: Awaited<ReturnType<typeof buildApp>>

  beforeAll(async () => {
    database = await openDb({ url: 'memory://', template: inject('pgliteTemplate') })
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', METRICS_TOKEN: TOKEN, ORDER_JOBS_INTERVAL_MS: '0' })
    const ping = async () => {
      if (down) throw new Error('connection refused')
      await database.ping()
    }
    app = await buildApp({ config, database: { ...database, ping }, lifecycle })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'x-web-url': 'http://localhost:3000', ...headers } })

  it('is live at once; ready only once migrated, with the database answering, and not while draining', async () => {
    expect((await get('/livez')).statusCode).toBe(200)
    const migrating = await get('/readyz')
    expect([migrating.statusCode, migrating.json()]).toEqual([503, { status: 'migrating' }])
    const early = await get('/s/api/init')
    expect([early.statusCode, early.headers['retry-after']]).toEqual([503, '5'])

    lifecycle.set('ready')
    expect([(await get('/readyz')).statusCode, (await get('/readyz')).json()]).toEqual([200, { status: 'ready' }])
    expect((await get('/s/api/init')).statusCode).toBe(200)

    down = true
    const unreachable = await get('/readyz')
    expect([unreachable.statusCode, unreachable.json()]).toEqual([503, { status: 'database unreachable' }])
    expect((await get('/livez')).statusCode).toBe(200)
    down = false

    lifecycle.set('draining')
    expect([(await get('/readyz')).statusCode, (await get('/readyz')).json()]).toEqual([503, { status: 'draining' }])
    expect((await get('/s/api/init')).statusCode, 'requests still served while the load balancer catches up').toBe(200)
    lifecycle.set('ready')
  })

  it('answers every request with its request id', async () => {
    const a = await get('/s/api/init')
    const b = await get('/s/api/init')
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
  })

  it('serves Prometheus metrics to the token only: requests by route, cache hits, pool, outbox, webhooks', async () => {
    await get('/s/api/products?perPage=2')
    await get('/s/api/products?perPage=2')
    expect((await get('/metrics')).statusCode).toBe(401)
    expect((await get('/metrics', { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(401)
    const res = await get('/metrics', { authorization: `Bearer ${TOKEN}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    const text = res.body
    expect(text).toMatch(/storefront_http_requests_total\{method="GET",route="\/s\/api\/products",status="200"\} 2/)
    expect(text).toMatch(/storefront_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/s\/api\/products"\}/)
    expect(text).toMatch(/storefront_cache_lookups_total\{cache="catalogue",result="hit"\} \d+/)
    expect(text).toMatch(/storefront_db_pool_connections\{state="in_use"\} 0/)
    expect(text).toMatch(/storefront_outbox_pending\{measure="count"\} \d+/)
    expect(text).toContain('# TYPE storefront_payment_webhooks_total counter')
    expect(text).toContain('storefront_process_resident_memory_bytes')
    expect(text).not.toMatch(/perPage/)
  })

  it('has no /metrics without a token configured', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ORDER_JOBS_INTERVAL_MS: '0' })
    const bare = await buildApp({ config, database })
    try {
      expect((await bare.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404)
    } finally {
      await bare.close()
    }
  })
})

describe.each(drivers)('a checkout in the log (%s)', (driver) => {
  const lines: string[] = []
  let k: Awaited<ReturnType<typeof startCheckoutApp>>
  beforeAll(async () => {
    k = await startCheckoutApp(driver, { LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } })
  })
  afterAll(() => k.t.close())

  it('carries the request id on every line of a request and no phone, name, address, email, token or cookie', async () => {
    const [pack] = k.sellable()
    const s = await k.shopperWithCart([pack], 1)
    const { res, order } = await k.place(s, 'cod', { notes: 'Call 9812345678 or asha@example.com' })
    expect(res.statusCode).toBe(200)
    const requestId = res.headers['x-request-id'] as string
    const parsed = lines.map((l) => JSON.parse(l) as { requestId?: string; msg?: string })
    const ofPlace = parsed.filter((l) => l.requestId === requestId)
    expect(ofPlace.map((l) => l.msg)).toEqual(['incoming request', 'request completed'])
    const log = lines.join('\n')
    expect(log).toContain('/s/api/checkout/place')
    expect(order.order_number).toMatch(/^OD/)
    const sid = /sid=([^;]+)/.exec(s.cookie)![1]
    for (const secret of [s.phone, '9876512345', 'Asha Rao', 'MG Road', '9812345678', 'asha@example.com', sid, s.xsrf])
      expect(log, `the log holds ${secret}`).not.toContain(secret)
  })
})
