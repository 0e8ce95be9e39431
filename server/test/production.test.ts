import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { type Database, openDb } from '../db/client'
import { startCheckoutApp } from '../features/checkout/test-kit'
import { buildTestApp, drivers, type TestApp } from './app'
import { freePort, until } from './process'
import { createLifecycle } from '../platform/lifecycle'
import { watchedRedis } from '../platform/redis'

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
    // the embedded database's statements are counted too (query, exec, and a transaction's own with its BEGIN and COMMIT)
    const statements = Number(/^storefront_db_query_duration_seconds_count\{outcome="ok"\} (\d+)$/m.exec(text)?.[1])
    expect(statements).toBeGreaterThan(2)
    expect(text).toContain('# TYPE storefront_http_rate_limited_total counter')
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

/**
 * Issue 27: Redis down (REDIS_URL set, nothing answering). The process stays ready (the database answers) and says it
 * is degraded; /metrics has storefront_redis_up 0; the API's per-address limit counts in the process instead of not
 * at all; ioredis's complaints are JSON log lines, not text on stderr.
 */
describe.each(drivers)('Redis unreachable (%s)', (driver) => {
  let t: TestApp
  const lines: string[] = []
  const stderr = vi.spyOn(console, 'error')
  beforeAll(async () => {
    const REDIS_URL = `redis://127.0.0.1:${await freePort()}`
    t = await buildTestApp(
      driver,
      { REDIS_URL, RATE_LIMIT_MAX: 3, METRICS_TOKEN: TOKEN, LOG_LEVEL: 'warn' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    )
  })
  afterAll(async () => {
    await t.close()
    stderr.mockRestore()
  })
  const redisLines = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => /Redis/.test(l.msg))

  it('stays ready, says it is degraded, and /metrics has storefront_redis_up 0', async () => {
    await until('the Redis line in the log', () => redisLines().length > 0)
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({ status: 'ready', degraded: expect.arrayContaining(['redis unreachable']) })
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(metrics.body).toMatch(/^storefront_redis_up 0$/m)
    expect(metrics.body).toMatch(/^storefront_cache_bus_up [01]$/m)
  })

  it('still answers 429 after the per-address limit, counted in the process', async () => {
    const init = (remoteAddress: string) => t.call({ method: 'GET', url: '/s/api/init', remoteAddress })
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await init('203.0.113.21')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    expect((await init('203.0.113.22')).statusCode, 'another address has its own count').toBe(200)
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(metrics.body).toMatch(/^storefront_http_rate_limited_total\{route="\/s\/api\/init"\} 2$/m)
  })

  it("logs ioredis's errors as JSON lines, once per outage, not as text on stderr", () => {
    expect(redisLines()).toEqual([
      expect.objectContaining({ level: 40, msg: 'Redis is unreachable: rate limits count in each process alone until it answers' }),
    ])
    expect(stderr.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringContaining('[ioredis]'))
  })
})

describe('a watched Redis connection', () => {
  it('says it is down, logs one line per minute of retries, and one when it answers again', async () => {
    const logged: string[] = []
    const log = { warn: (_: object, msg: string) => void logged.push(msg), info: (_: object, msg: string) => void logged.push(msg) }
    const redis = watchedRedis(`redis://127.0.0.1:${await freePort()}`, log, 'limits count per process')
    try {
      await until('the first failed connection', () => logged.length > 0)
      expect(redis.up()).toBe(false)
      for (let i = 0; i < 5; i++) redis.client.emit('error', new Error('connect ECONNREFUSED'))
      expect(logged).toEqual(['Redis is unreachable: limits count per process'])
      redis.client.emit('ready')
      expect(logged.at(-1)).toBe('Redis answers again')
    } finally {
      await redis.close()
    }
  })
})

describe.runIf(process.env.TEST_REDIS_URL)('Redis answering (pglite)', () => {
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    const config = { REDIS_URL: process.env.TEST_REDIS_URL, RATE_LIMIT_MAX: 3 }
    ;[a, b] = await Promise.all([buildTestApp('pglite', config), buildTestApp('pglite', config)])
  })
  afterAll(() => Promise.all([a?.close(), b?.close()]))

  it('shares the per-address count between app processes, and says nothing is degraded', async () => {
    for (const t of [a, b]) await until('Redis ready', async () => !(await t.app.inject({ method: 'GET', url: '/readyz' })).json().degraded)
    expect((await a.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' })
    const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` // a fresh count in the shared Redis
    const init = (t: TestApp) => t.call({ method: 'GET', url: '/s/api/init', remoteAddress: address }).then((r) => r.statusCode)
    expect([await init(a), await init(b), await init(a), await init(b)]).toEqual([200, 200, 200, 429])
  })
})
