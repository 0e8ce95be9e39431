import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, drivers, listRoutes, type RouteEntry, type TestApp, type TestSession } from '../test/app'

const XSRF_REFUSED = {
  message: 'Missing or invalid XSRF token: call GET /s/api/cookie and send the XSRF-TOKEN cookie back in the X-XSRF-TOKEN header',
  code: 'forbidden',
}
const NOWHERE = 'http://nowhere.test'
const fill = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*/g, 'x')
const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0')

interface Variant {
  url: string
  /** the router decodes it back to the canonical path, so the real route must answer exactly as it does there */
  same: boolean
}

/**
 * Spellings of one API path a client or proxy could send (SECURITY AZ-14): one character percent-encoded in
 * /s, in api and in the route's own segments, in upper- and lower-case hex; double encoding; an encoded or
 * doubled slash; dot segments; a trailing slash; a `;` parameter; other letter case.
 */
function variants(path: string): Variant[] {
  const out = new Map<string, boolean>()
  const positions = new Set<number>([1, 3, 5]) // s, a, i of /s/api
  path.split('/').reduce((at, seg) => {
    if (seg && at > 6) positions.add(at).add(at + seg.length - 1)
    return at + seg.length + 1
  }, 0)
  for (const i of positions) {
    const code = hex(path[i])
    for (const enc of [`%${code.toUpperCase()}`, `%${code}`]) out.set(path.slice(0, i) + enc + path.slice(i + 1), true)
    out.set(`${path.slice(0, i)}%25${code}${path.slice(i + 1)}`, false)
  }
  const rest = path.slice('/s/api/'.length)
  for (const url of [
    `/s%2Fapi/${rest}`,
    `/s/api%2f${rest}`,
    `/s/api%2F${rest}`,
    `//s/api/${rest}`,
    `/s//api/${rest}`,
    `/s/api//${rest}`,
    `/s/./api/${rest}`,
    `/s/api/x/../${rest}`,
    `/s/api/%2e%2e/api/${rest}`,
    `/s/%2561%2570%2569/${rest}`,
    `${path}/`,
    `${path};x=1`,
    `${path}%3Bx=1`,
    `/S/API/${rest}`,
    `/s/api/${rest.toUpperCase()}`,
  ])
    out.set(url, false)
  out.delete(path)
  return [...out].map(([url, same]) => ({ url, same }))
}

const isUnknownCall = (res: LightMyRequestResponse) => res.statusCode === 404 && /^No such call: /.test(res.json().message)
const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body })

describe.each(drivers)('percent-encoded API paths (%s)', (driver) => {
  let t: TestApp
  let routes: RouteEntry[]
  let visitor: TestSession
  const log: string[] = []
  // The cookie without the X-XSRF-TOKEN header: a write that reaches its route must be refused by the hook.
  const send = (r: RouteEntry, url: string, origin?: string) =>
    t.call({
      method: r.method as 'GET',
      url,
      origin,
      headers: { cookie: visitor.cookie, 'content-type': 'application/json' },
      payload: r.method === 'GET' ? undefined : '{}',
    })

  beforeAll(async () => {
    t = await buildTestApp(driver, { LOG_LEVEL: 'warn' }, { logStream: { write: (line: string) => void log.push(line) } })
    await t.app.ready()
    routes = listRoutes(t.app).filter((r) => r.url.startsWith('/s/api/') && r.method !== 'HEAD')
    visitor = await t.visitor()
  })
  afterAll(() => t.close())

  // providers' webhooks carry no XSRF token: they are checked by signature (a GET is Meta's verification handshake)
  const WEBHOOK = /^\/s\/api\/(payments|messages)\/webhooks\//

  it('answers every variant of every API route with 404 or the real route after its hooks, never 500', { timeout: 300_000 }, async () => {
    let count = 0
    let real = 0
    for (const r of routes) {
      const path = fill(r.url)
      const canonical = answer(await send(r, path))
      const canonicalNowhere = answer(await send(r, path, NOWHERE))
      const write = !['GET', 'HEAD', 'OPTIONS'].includes(r.method) || canonical.status === 403
      for (const v of variants(path)) {
        count++
        const where = `${r.method} ${v.url}`
        // The website is resolved for every call that reaches a route: an unknown one is refused as on the canonical path.
        const nowhere = await send(r, v.url, NOWHERE)
        if (!isUnknownCall(nowhere)) expect(answer(nowhere), where).toEqual(canonicalNowhere)
        const res = await send(r, v.url)
        expect(res.statusCode, where).not.toBe(500)
        if (isUnknownCall(res)) continue
        real++
        if (write && !WEBHOOK.test(r.url)) expect(answer(res), where).toEqual({ status: 403, body: JSON.stringify(XSRF_REFUSED) })
        if (v.same) expect(answer(res), where).toEqual(canonical)
      }
    }
    expect(count).toBeGreaterThanOrEqual(160)
    expect(real, 'variants that reached a real route').toBeGreaterThanOrEqual(160)
    const errors = log.filter((line) => JSON.parse(line).level >= 50 || line.includes('"stack"'))
    expect(errors).toEqual([])
  })

  it('counts encoded spellings and unknown calls toward the rate limit', async () => {
    const limited = await buildTestApp(driver, { RATE_LIMIT_MAX: 3 })
    try {
      const codes = []
      for (const url of ['/s/%61pi/init', '/s/api/%69nit', '/s/api/init', '/s/%61pi/init', '/s/api/nothing-here'])
        codes.push((await limited.call({ method: 'GET', url })).statusCode)
      expect(codes).toEqual([200, 200, 200, 429, 429])
    } finally {
      await limited.close()
    }
  })

  it('marks an encoded call for a signed-in session private, as on the canonical path', async () => {
    const res = await t.call({ method: 'GET', url: '/s/%61pi/init', session: visitor })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers.vary).toBe('x-web-url, Cookie')
  })
})
