import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, drivers, type TestApp, type TestSession } from '../test/app'

const built = existsSync('dist/server/entry-server.js')
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const UNKNOWN = ['/s/api/nothing-here', '/s/api/products/1/extra', '/s/%61pi/nothing-here', '/s/api/', '/s/other']

/** Finding 10 of issue 9: an unknown call is a JSON 404 whatever its method, and never the storefront's page. */
describe.each(drivers.flatMap((driver) => [false, true].map((web) => [driver, web] as const)))('unknown API calls (%s, web %s)', (driver, web) => {
  let t: TestApp
  let visitor: TestSession

  beforeAll(async () => {
    if (web && !built) return
    t = await buildTestApp(driver, {}, { web })
    visitor = await t.visitor()
  })
  afterAll(() => t?.close())

  it.skipIf(web && !built)('answers 404 JSON to every method, with or without a session and XSRF token', async () => {
    for (const url of UNKNOWN) {
      for (const method of METHODS) {
        for (const session of [undefined, visitor]) {
          const res = await t.call({ method, url: `${url}?x=1`, session, ...(method === 'GET' ? {} : { payload: {} }) })
          const where = `${method} ${url} ${session ? 'with' : 'without'} a session`
          expect(res.statusCode, where).toBe(404)
          expect(res.headers['content-type'], where).toBe('application/json; charset=utf-8')
          expect(res.json(), where).toEqual({ message: `No such call: ${method} ${url}` })
        }
      }
    }
  })

  it.skipIf(web && !built)('still answers the known calls and, with the web client, its pages', async () => {
    expect((await t.call({ method: 'GET', url: '/s/api/products?perPage=1' })).statusCode).toBe(200)
    if (!web) return
    const page = await t.call({ method: 'GET', url: '/about-nothing' })
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect((await t.call({ method: 'GET', url: '/' })).statusCode).toBe(200)
  })
})
