import { readdirSync } from 'node:fs'
import type { InjectOptions } from 'fastify'
import { PRIVATE_NO_STORE, SHARED_PAGE } from '../platform/cache-headers'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../test/app'
import { signIn } from '../test/shopper'
import { fullState } from '../../common/page-state'

// Server-rendered pages: the app is built with the web client (run `npm run build` first).

const hostOf = (origin: string) => new URL(origin).host

/** A page load as a browser at `address` makes it. */
const page = (t: TestApp, url: string, { address = '10.0.0.9', origin = MAIN, cookie }: { address?: string; origin?: string; cookie?: string } = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress: address, headers: { host: hostOf(origin), accept: 'text/html', ...(cookie ? { cookie } : {}) } })

/** An API call from `address`. */
const apiCall = (t: TestApp, url: string, address: string, origin = MAIN, extra: Partial<InjectOptions> = {}) =>
  t.call({ method: 'GET', url, origin, remoteAddress: address, ...extra })

/** The query cache the page hands to the browser, as the browser makes it whole: query key (as JSON) → data. */
function dehydrated(html: string): Map<string, unknown> {
  const json = /<script type="application\/json" id="__STATE__">(.*?)<\/script>/s.exec(html)?.[1]
  if (!json) throw new Error('no __STATE__ in the page')
  const state = fullState(JSON.parse(json))
  return new Map(state.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]))
}

/** A list's products as the page hands them over: without the texts no list shows (client/app/page-state.ts). */
const asCards = (list: { data: Record<string, unknown>[] }) => ({
  ...list,
  data: list.data.map(({ product_description: _d, product_info: _i, ...card }) => card),
})

describe.each(drivers)('page loads per client (%s)', (driver) => {
  let t: TestApp
  // Small limits keep the test fast: 20 page loads and 40 API calls per minute and IP address.
  beforeAll(async () => {
    t = await buildTestApp(driver, { RATE_LIMIT_MAX: 40, PAGE_RATE_LIMIT_MAX: 20 }, { web: true })
  })
  afterAll(() => t.close())

  it('answers a client over its page limit 429 with a small page, and every other client as before', { timeout: 120_000 }, async () => {
    const slug = ((await apiCall(t, '/s/api/products', '10.0.0.50')).json() as { data: { slug: string }[] }).data[0].slug
    const urls = ['/', '/products', `/products/${slug}`, '/products?c=beverages']
    const loads = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => page(t, urls[i % urls.length], { address: '10.0.0.1' })))
    const within = await loads(20)
    expect(within.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([])

    // 300 more from the same address: every one a 429 page, none a 500.
    const over = (await Promise.all([0, 1, 2].map(() => loads(100)))).flat()
    expect(new Set(over.map((r) => r.statusCode))).toEqual(new Set([429]))
    const [first] = over
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(first.body).toContain('<h1>Too many requests</h1>')
    expect((await page(t, '/', { address: '10.0.0.1', origin: SHOP2 })).statusCode).toBe(429)

    // Another client: pages on both websites and the API, untouched.
    const home = await page(t, '/', { address: '10.0.0.2' })
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain('Kirana Fresh')
    const shop2 = await page(t, '/products', { address: '10.0.0.2', origin: SHOP2 })
    expect(shop2.statusCode).toBe(200)
    expect(shop2.body).toContain('Chai &amp; Chakna')
    expect((await apiCall(t, '/s/api/init', '10.0.0.2')).statusCode).toBe(200)

    // The 20 rendered pages cost the API's bucket of 10.0.0.1 nothing: its first API call has 39 left.
    const api = await apiCall(t, '/s/api/init', '10.0.0.1')
    expect(api.statusCode).toBe(200)
    expect(api.headers['x-ratelimit-remaining']).toBe('39')
    // Assets are not page loads.
    const asset = readdirSync('dist/client/assets').find((f) => f.endsWith('.css'))!
    expect((await t.app.inject({ method: 'GET', url: `/assets/${asset}`, remoteAddress: '10.0.0.1' })).statusCode).toBe(200)
  })
})

describe.each(drivers)('pages read their data from the services (%s)', (driver) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(driver, { RATE_LIMIT_MAX: 3 }, { web: true })
  })
  afterAll(() => t.close())

  it('renders with no HTTP call of its own: right while the API limit of every address involved is spent', { timeout: 60_000 }, async () => {
    const answers = {
      init: (await apiCall(t, '/s/api/init', '10.0.0.60')).json(),
      list: (await apiCall(t, '/s/api/products?perPage=24', '10.0.0.61')).json() as { data: { slug: string; name: string }[] & Record<string, unknown>[] },
      products: (await apiCall(t, '/s/api/page/data/products', '10.0.0.62')).json(),
    }
    const [first] = answers.list.data
    const product = (await apiCall(t, `/s/api/products/${first.slug}`, '10.0.0.63')).json()
    // Spend the API limit of the page's client and of the loopback address in-process requests come from.
    for (const address of ['10.0.0.3', '127.0.0.1']) {
      for (let i = 0; i < 3; i++) expect((await apiCall(t, '/s/api/init', address)).statusCode).toBe(200)
      expect((await apiCall(t, '/s/api/init', address)).statusCode).toBe(429)
    }
    const inject = vi.spyOn(t.app, 'inject')

    const list = await page(t, '/products', { address: '10.0.0.3' })
    expect(list.statusCode).toBe(200)
    expect(list.body).toContain(`href="/products/${first.slug}"`)
    // The browser finds the API's own answers under the keys its queries use.
    const listState = dehydrated(list.body)
    expect(listState.get('["init"]')).toEqual(answers.init)
    expect(listState.get('["catalogue","list",{"perPage":24}]')).toEqual(asCards(answers.list))
    expect(listState.get('["pages","/products"]')).toEqual(answers.products)

    const one = await page(t, `/products/${first.slug}`, { address: '10.0.0.3' })
    expect(one.statusCode).toBe(200)
    expect(dehydrated(one.body).get(JSON.stringify(['catalogue', 'product', first.slug]))).toEqual(product)
    expect((await page(t, '/products/no-such-product', { address: '10.0.0.3' })).statusCode).toBe(404)
    expect((await page(t, '/products/Not_A_Slug', { address: '10.0.0.3' })).statusCode).toBe(404)
    expect((await page(t, '/no-such-page', { address: '10.0.0.3' })).statusCode).toBe(404)

    // The only in-process requests were this test's own five page loads.
    expect(inject).toHaveBeenCalledTimes(5)
  })
})

describe.each(drivers)('caching of pages (%s)', (driver) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(driver, {}, { web: true })
  })
  afterAll(() => t.close())

  it('keeps crawlers out of the private areas, the staff app included (robots.txt)', async () => {
    const res = await page(t, '/robots.txt', { address: '10.0.0.77' })
    expect(res.statusCode).toBe(200)
    for (const area of ['/checkout', '/account', '/auth', '/bos', '/pos', '/page-builder']) expect(res.body.split('\n')).toContain(`Disallow: ${area}`)
  })

  it('serves the counter’s service worker: script, revalidated, keeping only /pos and the hashed assets', async () => {
    const res = await page(t, '/pos-sw.js', { address: '10.0.0.78' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/javascript/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toContain("url.pathname === '/pos'")
    expect(res.body).toContain("url.pathname.startsWith('/assets/')")
  })

  it('keeps a signed-in person’s page private and unstored; a visitor’s page stays cacheable with revalidation', { timeout: 60_000 }, async () => {
    const me = await signIn(t, '9876500003')
    const mine = await page(t, '/', { cookie: me.cookie })
    expect(mine.statusCode).toBe(200)
    expect(mine.body).toContain('9876500003')
    expect(mine.headers['cache-control']).toBe('private, no-store')
    expect(mine.headers.vary).toBe('Host, Cookie')

    const visitor = await page(t, '/')
    expect(visitor.statusCode).toBe(200)
    expect(visitor.body).not.toContain('9876500003')
    expect(visitor.headers['cache-control']).toBe(SHARED_PAGE)
    // a shared cache (a CDN) may keep it, a browser revalidates it, and each website and cookie gets its own copy
    expect(visitor.headers['cache-control']).toMatch(/\bpublic\b.*\bmax-age=0\b.*\bs-maxage=\d+\b.*\bstale-while-revalidate=\d+\b/)
    expect(visitor.headers.vary).toBe('Host, Cookie')
    expect(mine.headers['cache-control']).not.toMatch(/s-maxage|public|stale-while-revalidate/)
    for (const url of ['/products', '/products?c=beverages']) {
      const anonymous = await page(t, url)
      expect(anonymous.headers['cache-control']).toBe(SHARED_PAGE)
      expect(anonymous.headers.vary).toBe('Host, Cookie')
      expect((await page(t, url, { cookie: me.cookie })).headers['cache-control']).toBe(PRIVATE_NO_STORE)
    }

    // The API's rule exactly: a page tied to a session (a visitor's cart) is private too.
    const session = await t.visitor()
    const withCart = await page(t, '/products', { cookie: session.cookie })
    expect(withCart.headers['cache-control']).toBe('private, no-store')
    expect((await t.call({ method: 'GET', url: '/s/api/init', session })).headers['cache-control']).toBe('private, no-store')
  })
})
