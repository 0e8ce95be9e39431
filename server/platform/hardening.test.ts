import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, drivers, listRoutes, type RouteEntry, type TestApp, type TestSession } from '../test/app'

const XSRF_REFUSED = {
  message: 'Missing or invalid XSRF token: call GET /s/api/cookie and send the XSRF-TOKEN cookie back in the X-XSRF-TOKEN header',
  code: 'forbidden',
}
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])
const PROBE = '/s/api/test-probe'
const fill = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*/g, 'x')

/** Error bodies say what went wrong for a shopper, never how the server is built (SECURITY PR-04). */
function expectCleanError(res: LightMyRequestResponse) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400)
  expect(res.body).not.toMatch(/stack|\n\s+at |node_modules|\.ts:\d+|password|select .* from/i)
  expect(typeof res.json().message).toBe('string')
}

describe.each(drivers)('request hardening (%s)', (driver) => {
  let t: TestApp
  let routes: RouteEntry[]
  let probeHits = 0
  let session: TestSession
  const post = (opts: { url?: string; session?: TestSession; headers?: Record<string, string>; payload?: string }) =>
    t.call({
      method: 'POST',
      url: opts.url ?? PROBE,
      session: opts.session,
      headers: { 'content-type': 'application/json', ...opts.headers },
      payload: opts.payload ?? '{"a":1}',
    })

  beforeAll(async () => {
    t = await buildTestApp(driver)
    // A state-changing call like the ones to come (cart, wishlist, …), and one that fails inside.
    t.app.post(PROBE, async (req) => {
      probeHits++
      return { received: req.body }
    })
    t.app.get('/s/api/test-boom', async () => {
      throw new Error('connect ECONNREFUSED password=hunter2 select * from users')
    })
    await t.app.ready()
    routes = listRoutes(t.app)
    session = await t.visitor()
  })
  afterAll(() => t.close())

  it('reads the route table', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/s/api/init' },
        { method: 'GET', url: '/s/api/products/:id' },
        { method: 'GET', url: '/s/api/page/data/*' },
        { method: 'GET', url: '/s/api/check/pincode/:pincode' },
        { method: 'GET', url: '/cdn/*' },
        { method: 'POST', url: PROBE },
      ]),
    )
  })

  it('refuses every non-GET call in the route table without X-XSRF-TOKEN (CS-01)', async () => {
    // Payment and message webhooks are server to server and checked by signature or token instead (checkout/webhooks.ts,
    // issue #5; messages/webhook-routes.ts, issue #32).
    const webhook = (url: string) => url.startsWith('/s/api/payments/webhooks/') || url.startsWith('/s/api/messages/webhooks/')
    const unsafe = routes.filter((r) => !SAFE.has(r.method) && r.url.startsWith('/s/api/') && !webhook(r.url))
    expect(unsafe.length).toBeGreaterThan(0)
    for (const r of unsafe) {
      const url = fill(r.url)
      for (const headers of [{}, { cookie: session.cookie }, { cookie: session.cookie, 'x-xsrf-token': '' }]) {
        const res = await t.call({ method: r.method as 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: '{}' })
        expect(res.statusCode, `${r.method} ${url}`).toBe(403)
        expect(res.json()).toEqual(XSRF_REFUSED)
      }
    }
    expect(probeHits).toBe(0)
  })

  it('runs a JSON call with the session-bound token, and refuses Sec-Fetch-Site: cross-site', async () => {
    const ok = await post({ session })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ received: { a: 1 } })
    expect(probeHits).toBe(1)
    const crossSite = await post({ session, headers: { 'sec-fetch-site': 'cross-site' } })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.json()).toEqual({ message: 'Cross-site requests are not allowed', code: 'forbidden' })
    expect(probeHits).toBe(1)
  })

  it('answers unknown /s/api calls with 404 JSON, with or without the XSRF token', async () => {
    for (const res of [await post({ url: '/s/api/nothing-here' }), await post({ url: '/s/api/nothing-here', session })]) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'No such call: POST /s/api/nothing-here' })
    }
    const get = await t.call({ method: 'GET', url: '/s/api/nothing-here?x=1' })
    expect(get.statusCode).toBe(404)
    expect(get.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(get.json()).toEqual({ message: 'No such call: GET /s/api/nothing-here' })
    expect((await t.call({ method: 'GET', url: '/nothing-here' })).json()).toEqual({ message: 'No such call: GET /nothing-here' })
  })

  it('sets the XSRF-TOKEN and sid cookies on GET /s/api/cookie, never the token in the body (CS-07)', async () => {
    const res = await t.call({ method: 'GET', url: '/s/api/cookie' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    expect(res.headers['cache-control']).toBe('private, no-store')
    const cookies = res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; domain?: string }[]
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!
    const sid = cookies.find((c) => c.name === 'sid')!
    expect(xsrf).toMatchObject({ path: '/', sameSite: 'Lax' })
    expect(xsrf.httpOnly).toBeFalsy()
    expect(xsrf.domain).toBeUndefined()
    expect(sid).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: true })
    expect(sid.domain).toBeUndefined()
    expect(xsrf.value).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(res.body).not.toContain(xsrf.value)
    expect(res.body).not.toContain(sid.value)
    // asked again with the session: the same token, and no new session
    const again = await t.call({ method: 'GET', url: '/s/api/cookie', headers: { cookie: `sid=${sid.value}` } })
    const again2 = again.cookies as { name: string; value: string }[]
    expect(again2.find((c) => c.name === 'XSRF-TOKEN')?.value).toBe(xsrf.value)
    expect(again2.find((c) => c.name === 'sid')).toBeUndefined()
  })

  it('refuses a planted XSRF-TOKEN cookie with a matching header but no real session (CS-03)', async () => {
    for (const cookie of ['XSRF-TOKEN=planted-by-a-sibling', 'sid=made-up; XSRF-TOKEN=planted-by-a-sibling']) {
      const res = await post({ headers: { cookie, 'x-xsrf-token': 'planted-by-a-sibling' } })
      expect(res.statusCode, cookie).toBe(403)
      expect(res.json()).toEqual(XSRF_REFUSED)
    }
    const other = await t.visitor()
    expect((await post({ session: { cookie: session.cookie, xsrf: other.xsrf } })).statusCode).toBe(403)
    expect(probeHits).toBe(1)
  })

  it('never processes a text/plain, form or multipart body (CS-05)', async () => {
    const before = probeHits
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const noToken = await post({ headers: { 'content-type': type } })
      expect(noToken.statusCode, type).toBe(403)
      const withToken = await post({ session, headers: { 'content-type': type } })
      expect(withToken.statusCode, type).toBe(415)
      expect(withToken.json()).toMatchObject({ message: 'Send the request body as application/json' })
    }
    expect(probeHits).toBe(before)
  })

  it('does not echo Access-Control-Allow-Origin to a foreign Origin (CS-06)', async () => {
    const headers = { origin: 'https://evil.test' }
    for (const res of [
      await t.call({ method: 'GET', url: '/s/api/init', headers }),
      await t.call({ method: 'GET', url: '/s/api/cookie', headers }),
      await t.call({
        method: 'OPTIONS',
        url: '/s/api/init',
        headers: { ...headers, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-xsrf-token' },
      }),
      await t.call({ method: 'OPTIONS', url: PROBE, headers: { ...headers, 'access-control-request-method': 'POST' } }),
    ]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
      expect(res.headers['access-control-allow-credentials']).toBeUndefined()
    }
  })

  it('refuses prototype-polluting JSON before any logic (IN-07)', async () => {
    const before = probeHits
    for (const payload of ['{"__proto__":{"polluted":"yes"}}', '{"a":{"__proto__":{"polluted":"yes"}}}', '{"constructor":{"prototype":{"polluted":"yes"}}}']) {
      const res = await post({ session, payload })
      expect(res.statusCode, payload).toBe(400)
      expect(res.json()).toMatchObject({ message: 'The request body is not valid JSON' })
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined()
    }
    expect(probeHits).toBe(before)
  })

  it('answers malformed and oversized bodies with clean 4xx errors', async () => {
    const bad = await post({ session, payload: '{"a":' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ message: 'The request body is not valid JSON' })
    const big = await post({ session, payload: JSON.stringify({ a: 'x'.repeat(300 * 1024) }) })
    expect(big.statusCode).toBe(413)
    expect(big.json()).toMatchObject({ message: 'The request body is too large' })
    for (const res of [bad, big]) expectCleanError(res)
  })

  it('hides the cause of an unexpected failure: 500 with a generic message', async () => {
    const res = await t.call({ method: 'GET', url: '/s/api/test-boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ message: 'Something went wrong' })
    expectCleanError(res)
  })

  it('never puts a stack trace in an error body', async () => {
    const errors = await Promise.all([
      t.call({ method: 'GET', url: '/s/api/products?page=0' }),
      t.call({ method: 'GET', url: '/s/api/products/no-such-product' }),
      t.call({ method: 'GET', url: '/s/api/products/1%20OR%201%3D1' }),
      t.call({ method: 'GET', url: '/s/api/init', origin: 'http://evil.test' }),
      t.call({ method: 'GET', url: '/s/api/init', origin: 'javascript:alert(1)' }),
      t.call({ method: 'GET', url: '/s/api/check/pincode/560001' }),
      t.call({ method: 'GET', url: '/s/api/page/data/..%2F..%2Fetc%2Fpasswd' }),
      t.call({ method: 'GET', url: '/s/api/nope' }),
      post({}),
    ])
    for (const res of errors) expectCleanError(res)
  })

  it('sends security headers on API answers, errors and images', async () => {
    for (const url of ['/s/api/init', '/s/api/nope', '/cdn/small/missing.webp']) {
      const res = await t.call({ method: 'GET', url })
      const csp = String(res.headers['content-security-policy'])
      for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'", "script-src 'self'"])
        expect(csp, url).toContain(directive)
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN')
      expect(res.headers['x-powered-by'], url).toBeUndefined()
    }
  })

  it('lets only the shop counter (/pos) compile WebAssembly (its camera barcode reader), never eval JavaScript', async () => {
    const scriptSrc = async (url: string) => {
      const csp = String((await t.call({ method: 'GET', url })).headers['content-security-policy'])
      return csp.split(/;\s*/).find((d) => d.startsWith('script-src '))
    }
    expect(await scriptSrc('/pos')).toBe("script-src 'self' 'wasm-unsafe-eval'")
    expect(await scriptSrc('/pos?x=1')).toBe("script-src 'self' 'wasm-unsafe-eval'")
    for (const url of ['/', '/posters', '/products', '/bos/admin', '/s/api/init']) expect(await scriptSrc(url), url).toBe("script-src 'self'")
  })

  it('describes the API as an OpenAPI 3 document', async () => {
    const res = await t.call({ method: 'GET', url: '/s/api/docs' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> }
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.info.title).toBe('Storefront API')
    for (const path of ['/s/api/products', '/s/api/init', '/s/api/products/{id}', '/s/api/check/pincode/{pincode}'])
      expect(doc.paths[path]?.get, path).toBeDefined()
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/s/api/page/data/'))).toBe(true)
    expect(Object.keys(doc.paths)).not.toContain('/s/api/docs')
  })
})
