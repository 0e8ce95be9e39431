import { existsSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, drivers, type TestApp } from '../test/app'

const MANIFEST = 'dist/client/.vite/manifest.json'
const built = existsSync('dist/server/entry-server.js') && existsSync(MANIFEST)
const chunk = (key: string) => (JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, { file: string }>)[key].file

describe.skipIf(!built).each(drivers)('server-rendered pages, first interaction (%s)', (driver) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(driver, {}, { web: true })
  })
  afterAll(() => t?.close())

  it.each([
    ['/', 'routes/home.tsx'],
    ['/products', 'routes/products.tsx'],
  ])("%s holds early taps from the head and preloads its route's chunk", async (url, route) => {
    const html = (await t.call({ method: 'GET', url })).body
    const head = html.slice(0, html.indexOf('</head>'))
    const early = head.indexOf(`<script src="/${chunk('early-taps.ts')}"></script>`)
    expect(early).toBeGreaterThan(0)
    expect(early).toBeLessThan(head.indexOf('<link rel="stylesheet"'))
    expect(head).toContain(`<link rel="modulepreload" crossorigin href="/${chunk(route)}">`)
  })

  it('sends a search with spaces around it on to /products?q={trimmed text}', async () => {
    const res = await t.call({ method: 'GET', url: '/products?q=++basmati+rice++' })
    expect([res.statusCode, res.headers.location]).toEqual([302, '/products?q=basmati%20rice'])
    expect((await t.call({ method: 'GET', url: '/products?q=basmati%20rice' })).statusCode).toBe(200)
  })
})
