import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Analytics, ClientErrorRow } from '../../../common/contracts/admin-analytics'
import { eq } from 'drizzle-orm'
import { websites } from '../../db/schema/sites'
import type { ResolveHost } from '../../platform/outbound'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { signIn, type SignedIn, websiteOf } from '../../test/shopper'
import { shop2OnlyAdmin, staffCall } from '../../test/staff'

const pageview = (url: string, distinct = 'anon-1') => ({
  event: '$pageview',
  properties: { distinct_id: distinct, $current_url: url, $pathname: new URL(url).pathname, $session_id: 's1', $process_person_profile: false },
  timestamp: new Date().toISOString(),
})

const envelope = (message: string) =>
  [
    JSON.stringify({ event_id: 'a'.repeat(32), dsn: 'https://local@localhost/0' }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({
      exception: {
        values: [{ type: 'TypeError', value: message, stacktrace: { frames: [{ filename: '/assets/app.js', function: 'boom', lineno: 1, colno: 2 }] } }],
      },
      environment: 'staging',
      request: { url: `${MAIN}/products` },
    }),
    JSON.stringify({ type: 'transaction' }),
    JSON.stringify({ type: 'transaction', spans: [] }),
  ].join('\n')

describe.each(drivers)('analytics and monitoring kept by the product (%s)', (driver) => {
  let t: TestApp
  let admin: SignedIn
  beforeAll(async () => {
    t = await buildTestApp(driver, { INGEST_RATE_LIMIT_MAX: 8 })
    admin = await signIn(t, '9876500001')
  })
  afterAll(() => t.close())

  const post = (url: string, body: string | Buffer, origin = MAIN, ip = '10.0.0.1', type = 'text/plain') =>
    t.app.inject({ method: 'POST', url, payload: body, headers: { host: new URL(origin).host, 'content-type': type }, remoteAddress: ip })

  it('stores the page views of a batch (JSON, gzip, base64 form) and shows them per day, top pages and searches', async () => {
    const batch = [pageview(`${MAIN}/products?q=Basmati`), pageview(`${MAIN}/products?q=basmati`, 'anon-2'), pageview(`${MAIN}/`)]
    expect((await post('/ingest/e/?ver=1', JSON.stringify(batch), MAIN, '10.0.0.2')).statusCode).toBe(200)
    const gz = await post('/ingest/e/?compression=gzip-js', gzipSync(JSON.stringify([pageview(`${MAIN}/about`)])), MAIN, '10.0.0.2')
    expect(gz.statusCode, gz.body).toBe(200)
    const form = `data=${encodeURIComponent(Buffer.from(JSON.stringify(pageview(`${MAIN}/about`))).toString('base64'))}`
    expect((await post('/ingest/e/?compression=base64', form, MAIN, '10.0.0.2', 'application/x-www-form-urlencoded')).statusCode).toBe(200)
    // another website's views are its own
    expect((await post('/ingest/batch/', JSON.stringify({ batch: [pageview(`${SHOP2}/`)] }), SHOP2, '10.0.0.2')).statusCode).toBe(200)

    const res = await staffCall(t, admin, 'GET', '/s/api/admin/analytics?days=7')
    expect(res.statusCode, res.body).toBe(200)
    const a = res.json() as Analytics
    expect(a.page_views).toHaveLength(7)
    expect(a.page_views.at(-1)).toMatchObject({ views: 5, visitors: 2 })
    expect(a.top_pages).toEqual([
      { path: '/about', views: 2 },
      { path: '/products', views: 2 },
      { path: '/', views: 1 },
    ])
    expect(a.top_searches).toEqual([{ search: 'basmati', count: 2 }])
    expect(a.stored).toBe(true)
  })

  it('answers 422 to garbage and 413 to a body too large, never 500', async () => {
    for (const body of ['not json', '{}', '[]', JSON.stringify([{ event: '$pageview' }]), JSON.stringify(Array(101).fill(pageview(`${MAIN}/`)))]) {
      const res = await post('/ingest/e/', body, MAIN, '10.0.0.3')
      expect(res.statusCode, body.slice(0, 40)).toBe(422)
    }
    expect((await post('/ingest/e/?compression=gzip-js', 'not gzip', MAIN, '10.0.0.4')).statusCode).toBe(422)
    expect((await post('/ingest/e/', 'x'.repeat(600 * 1024), MAIN, '10.0.0.4')).statusCode).toBe(413)
    expect((await post('/monitoring', 'garbage\nmore', MAIN, '10.0.0.4')).statusCode).toBe(422)
    expect((await post('/monitoring', 'x'.repeat(1100 * 1024), MAIN, '10.0.0.4')).statusCode).toBe(413)
    expect((await t.app.inject({ method: 'GET', url: '/ingest/flags/', headers: { host: 'localhost:3000' } })).statusCode).toBe(404)
  })

  it('keeps browser errors (not traces or replays) and lists them in administration', async () => {
    const res = await post('/monitoring', envelope('x is undefined'), MAIN, '10.0.0.5')
    expect(res.statusCode, res.body).toBe(200)
    const list = await staffCall(t, admin, 'GET', '/s/api/admin/client-errors')
    expect(list.statusCode, list.body).toBe(200)
    const errors = (list.json() as { errors: ClientErrorRow[] }).errors
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ message: 'x is undefined', type: 'TypeError', environment: 'staging', url: `${MAIN}/products` })
    expect(errors[0]!.stack).toContain('boom')
  })

  it('rate-limits each IP, on each path', async () => {
    for (const path of ['/ingest/e/', '/monitoring']) {
      const codes: number[] = []
      for (let i = 0; i < 10; i++) codes.push((await post(path, JSON.stringify([pageview(`${MAIN}/`)]), MAIN, '10.0.0.9')).statusCode)
      expect(
        codes.filter((c) => c === 429),
        path,
      ).toHaveLength(2)
    }
    expect((await post('/ingest/e/', JSON.stringify([pageview(`${MAIN}/`)]), MAIN, '10.0.0.10')).statusCode).toBe(200)
  })
})

describe.each(drivers)('a website’s monitoring DSN, set by its admin (%s)', (driver) => {
  let t: TestApp
  let admin: SignedIn
  beforeAll(async () => {
    t = await buildTestApp(driver, {}, { resolveHost: resolver({ 'o7.ingest.sentry.io': ['34.120.195.249'] }) })
    admin = await signIn(t, '9876500001')
  })
  afterAll(() => t.close())

  it('is null by default, refuses what is not a DSN (422), saves one and clears it, and pages carry it', async () => {
    const get = async () => (await staffCall(t, admin, 'GET', '/s/api/admin/monitoring')).json() as { dsn: string | null }
    expect(await get()).toEqual({ dsn: null })
    const bad = await staffCall(t, admin, 'PUT', '/s/api/admin/monitoring', { dsn: 'https://o7.ingest.sentry.io/7' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toHaveProperty('dsn')
    const ok = await staffCall(t, admin, 'PUT', '/s/api/admin/monitoring', { dsn: 'https://key@o7.ingest.sentry.io/7' })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await get()).toEqual({ dsn: 'https://key@o7.ingest.sentry.io/7' })
    expect((await staffCall(t, admin, 'PUT', '/s/api/admin/monitoring', { dsn: null })).statusCode).toBe(200)
    expect(await get()).toEqual({ dsn: null })
  })
})

/** DNS as a table (the app's outbound calls resolve names with it): each name to the addresses given. */
const resolver =
  (table: Record<string, string[]>): ResolveHost =>
  async (host) => {
    const found = table[host]
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

describe.each(drivers)('a website’s monitoring DSN never makes the server call into its own network (%s)', (driver) => {
  let t: TestApp
  let adminB: SignedIn
  let inside: Server
  let port: number
  const hits: string[] = []
  beforeAll(async () => {
    inside = createServer((req, res) => {
      hits.push(req.url ?? '')
      res.end('internal secret of the machine')
    })
    await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r))
    port = (inside.address() as AddressInfo).port
    // the operator lists 127.0.0.1 and localhost as hosts: still refused, being loopback
    t = await buildTestApp(
      driver,
      { OUTBOUND_ALLOW_HOSTS: '127.0.0.1,localhost' },
      { resolveHost: resolver({ 'o7.ingest.sentry.io': ['127.0.0.1'], localhost: ['127.0.0.1', '::1'], 'o1.ingest.sentry.io': ['34.120.195.249'] }) },
    )
    adminB = await shop2OnlyAdmin(t, SHOP2)
  })
  afterAll(async () => {
    await t.close()
    inside.close()
  })

  const save = (dsn: string) => staffCall(t, adminB, 'PUT', '/s/api/admin/monitoring', { dsn }, SHOP2)

  it('refuses to save a DSN on a loopback or private address, or a name resolving to one (422 on the field)', async () => {
    for (const dsn of [
      'http://k@127.0.0.1:39123/7',
      `http://k@127.0.0.1:${port}/7`,
      'https://k@10.0.0.8/7',
      'https://k@169.254.169.254/7',
      'http://k@[::1]:39123/7',
      'http://k@[::ffff:127.0.0.1]:39123/7',
      'https://k@o7.ingest.sentry.io/7',
      `http://k@localhost:${port}/7`,
    ]) {
      const res = await save(dsn)
      expect(res.statusCode, dsn).toBe(422)
      expect(res.json().errors.dsn, dsn).toBe('Use your Sentry project’s DSN: this address is not on the public internet')
    }
    const elsewhere = await save('https://k@errors.example.com/7')
    expect(elsewhere.statusCode).toBe(422)
    expect(elsewhere.json().errors.dsn).toMatch(/Sentry/)
    expect((await save('https://k@o1.ingest.sentry.io/7')).statusCode).toBe(200)
    expect(hits).toEqual([])
  })

  it('does not call a DSN stored for the website that points into the machine, and never shows its answer', async () => {
    const siteB = await websiteOf(t, SHOP2)
    for (const dsn of [`http://k@127.0.0.1:${port}/7`, `http://k@o7.ingest.sentry.io:${port}/7`, `http://k@localhost:${port}/7`]) {
      // stored without the save's check (an older save, or DNS that changed since)
      await t.app.deps.db.update(websites).set({ monitoringDsn: dsn }).where(eq(websites.id, siteB.id))
      await t.app.deps.caches.invalidateWebsite(siteB.id)
      const res = await t.app.inject({
        method: 'POST',
        url: '/monitoring',
        payload: envelope('boom'),
        headers: { host: new URL(SHOP2).host, 'content-type': 'text/plain' },
      })
      expect(res.statusCode, dsn).toBe(502)
      expect(res.json(), dsn).toEqual({ message: 'The error report could not be passed on' })
    }
    expect(hits).toEqual([])
  })
})

describe('analytics and monitoring forwarded to the configured hosts', () => {
  let t: TestApp
  let upstream: Server
  const seen: { url: string; body: string; type?: string }[] = []
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        seen.push({ url: req.url ?? '', body, type: req.headers['content-type'] })
        res.setHeader('content-type', 'application/json')
        res.end('{"status":1}')
      })
    })
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r))
    const host = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
    t = await buildTestApp('pglite', { POSTHOG_HOST: host, SENTRY_DSN: `http://pubkey@127.0.0.1:${(upstream.address() as AddressInfo).port}/42` })
  })
  afterAll(async () => {
    await t.close()
    upstream.close()
  })

  it('sends the body as it came to PostHog and to the DSN’s envelope endpoint', async () => {
    const body = JSON.stringify([pageview(`${MAIN}/`)])
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/e/?ver=1.2',
      payload: body,
      headers: { host: 'localhost:3000', 'content-type': 'text/plain' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(seen[0]).toEqual({ url: '/e/?ver=1.2', body, type: 'text/plain' })
    const env = envelope('boom')
    const m = await t.app.inject({ method: 'POST', url: '/monitoring', payload: env, headers: { host: 'localhost:3000', 'content-type': 'text/plain' } })
    expect(m.statusCode).toBe(200)
    expect(seen[1]).toMatchObject({ url: '/api/42/envelope/?sentry_key=pubkey&sentry_version=7', body: env })
    // the tunnel answers on its own: what the DSN's host said stays on the server
    expect(m.json()).toEqual({})
  })

  it('keeps every /ingest path on the PostHog host: a path naming another host does not reach it', async () => {
    const hits: string[] = []
    const elsewhere = createServer((req, res) => {
      hits.push(req.url ?? '')
      res.end('internal secret')
    })
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r))
    const other = `127.0.0.1:${(elsewhere.address() as AddressInfo).port}`
    try {
      for (const url of [`/ingest//${other}/x`, `/ingest/http://${other}/x`, `/ingest/http:%2F%2F${other}/x`, `/ingest/%5C%5C${other}/x`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } })
        expect(res.body, url).not.toContain('internal secret')
      }
      expect(hits).toEqual([])
    } finally {
      elsewhere.close()
    }
  })
})
