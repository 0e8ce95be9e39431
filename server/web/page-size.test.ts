import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, drivers, MAIN, type TestApp } from '../test/app'

// The HTML of a list page as served (uncompressed). Issue 30 asks for under 60 KB; the first demo store's /products
// was 124.8 KB, and is 65.6 KB since its cards, filters and state were made lean (bench/README.md "Pages (issue 30)").
// This ceiling keeps what was won; lower it as the page gets lighter. Run `npm run build` first.
const CEILING = 68 * 1024
const GOAL = 60 * 1024

describe('the HTML of a list page', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(drivers[0], {}, { web: true })
  })
  afterAll(() => t.close())

  it.each(['/products', '/products?c=beverages'])('%s stays under its ceiling', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: new URL(MAIN).host, accept: 'text/html' } })
    expect(res.statusCode).toBe(200)
    const bytes = Buffer.byteLength(res.body)
    console.info(`${url}: ${(bytes / 1024).toFixed(1)} KB of HTML (goal ${GOAL / 1024} KB)`)
    expect(res.body).toContain('data-testid="result-count"')
    expect(bytes).toBeLessThan(CEILING)
  })
})
