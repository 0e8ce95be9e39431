import { SHARED_PAGE } from '../platform/cache-headers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminProduct } from '../../common/contracts/admin-catalogue'
import type { SiteEditorAnswer } from '../../common/contracts/admin-site'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../test/app'
import { signIn } from '../test/shopper'
import { until } from '../test/wait'
import { cast, staffCall } from '../test/staff'
import type { RequestCtx } from '../platform/request-context'
import { renderedPageCache } from './page-cache'
import { eq } from 'drizzle-orm'
import { websites } from '../db/schema/sites'

// Rendered pages kept for visitors with no session (server/web/page-cache.ts). Run `npm run build` first.
// A render stamps each query it hands the browser with the time it was read (dataUpdatedAt): a page rendered
// again a few milliseconds later differs, a kept one is sent byte for byte.

const hostOf = (origin: string) => new URL(origin).host

const page = (t: TestApp, url: string, { origin = MAIN, cookie }: { origin?: string; cookie?: string } = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress: '10.0.1.1', headers: { host: hostOf(origin), accept: 'text/html', ...(cookie ? { cookie } : {}) } })

/** Once the clock has moved on from now: a page rendered after that carries another time than one rendered before. */
async function clockMoves() {
  const now = Date.now()
  await until(() => Date.now() > now)
}

/** Two loads of `url`, at different times by the clock. */
async function twice(t: TestApp, url: string, options: { origin?: string; cookie?: string } = {}) {
  const first = await page(t, url, options)
  await clockMoves()
  return [first, await page(t, url, options)] as const
}

describe.each(drivers)('rendered pages kept for visitors (%s)', (driver) => {
  let t: TestApp
  let product: { product_id: number; slug: string; product_name: string }
  beforeAll(async () => {
    t = await buildTestApp(driver, { PAGE_RATE_LIMIT_MAX: 1000 }, { web: true })
    const list = await t.call({ method: 'GET', url: '/s/api/products?perPage=1', origin: MAIN })
    product = (list.json() as { data: { product_id: number; slug: string; product_name: string }[] }).data[0]
  })
  afterAll(() => t.close())

  it('sends a visitor’s second load of the home page and of a product page as kept, with the same headers', { timeout: 60_000 }, async () => {
    for (const url of ['/', `/products/${product.slug}`]) {
      const [first, second] = await twice(t, url)
      expect(first.statusCode).toBe(200)
      expect(first.body).toContain('"dataUpdatedAt":')
      expect(second.statusCode).toBe(200)
      expect(second.body).toBe(first.body)
      expect(second.headers['cache-control']).toBe(SHARED_PAGE)
      expect(second.headers.vary).toBe('Host, Cookie')
      expect(second.headers['set-cookie']).toBeUndefined()
      expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
    }
    // Each website its own page.
    const other = await page(t, '/products', { origin: SHOP2 })
    const main = await page(t, '/products')
    expect(other.body).toContain('Chai &amp; Chakna')
    expect(main.body).not.toContain('Chai &amp; Chakna')
  })

  it('shows a staff rename on the next load of a kept page', { timeout: 60_000 }, async () => {
    const url = `/products/${product.slug}`
    const [, kept] = await twice(t, url)
    expect(kept.body).toContain(product.product_name.replace(/&/g, '&amp;'))
    const { admin } = await cast(t)
    const path = `/s/api/admin/products/${product.product_id}`
    const { version } = (await staffCall(t, admin, 'GET', path)).json() as AdminProduct
    const renamed = await staffCall(t, admin, 'PATCH', path, { version, product_name: 'Renamed Kept Poha' })
    expect(renamed.statusCode).toBe(200)
    expect((await page(t, url)).body).toContain('Renamed Kept Poha')
  })

  it('shows a staff change to the shop’s name, header menu and footer on the next load of every kept page', { timeout: 90_000 }, async () => {
    const urls = ['/products', '/products?c=beverages', `/products/${product.slug}`]
    for (const url of urls) {
      const [, kept] = await twice(t, url)
      expect(kept.body).not.toContain('Shell Renamed Mart')
    }
    const { admin } = await cast(t)
    const now = (await staffCall(t, admin, 'GET', '/s/api/admin/site-settings')).json() as SiteEditorAnswer
    const { name: _, ...site } = now.site
    const renamed = await staffCall(t, admin, 'PUT', '/s/api/admin/site-settings/site', { ...site, name: 'Shell Renamed Mart', version: now.versions.site })
    expect(renamed.statusCode).toBe(200)
    type Item = SiteEditorAnswer['menus']['navs'][number]
    const strip = (items: Item[]): unknown[] => items.map(({ slug: _, ...i }) => ({ ...i, children: i.value === '/categories' ? [] : strip(i.children) }))
    const [firstNav, ...navs] = now.menus.navs
    const [firstFooter, ...footers] = now.menus.footers
    const menus = await staffCall(t, admin, 'PUT', '/s/api/admin/site-settings/menus', {
      version: now.versions.menus,
      navs: strip([{ ...firstNav!, name: 'Shell Menu Item' }, ...navs]),
      footers: strip([{ ...firstFooter!, name: 'Shell Footer Column' }, ...footers]),
    })
    expect(menus.statusCode).toBe(200)
    for (const url of urls) {
      const next = (await page(t, url)).body
      for (const text of ['Shell Renamed Mart', 'Shell Menu Item', 'Shell Footer Column']) expect(next, `${url}: ${text}`).toContain(text)
    }
  })

  it('never sends a kept page to a session or a signed-in person, nor keeps theirs for visitors', { timeout: 60_000 }, async () => {
    const me = await signIn(t, '9876500003')
    const session = await t.visitor()
    for (const [who, cookie] of [
      ['me', me.cookie],
      ['session', session.cookie],
    ]) {
      // Rendered three times: a page with a query string is kept from its second render.
      const url = `/?from=${who}`
      const [a, b] = await twice(t, url, { cookie })
      await clockMoves()
      const c = await page(t, url, { cookie })
      expect(new Set([a.body, b.body, c.body]).size).toBe(3)
      expect(c.headers['cache-control']).toBe('private, no-store')
      if (who === 'me') expect(c.body).toContain('9876500003')
      const visitor = await page(t, url)
      expect(visitor.body).not.toContain('9876500003')
      expect(visitor.headers['cache-control']).toBe(SHARED_PAGE)
    }
    // A page kept for visitors is not what a signed-in person gets.
    const [, kept] = await twice(t, '/')
    expect((await page(t, '/', { cookie: me.cookie })).body).not.toBe(kept.body)
  })

  it('makes one render for visitors asking for the same page at once, and a new one after it', { timeout: 60_000 }, async () => {
    const { db, config, caches } = t.app.deps
    const websiteId = (await t.call({ method: 'GET', url: '/s/api/init' })).json().web.id
    const [site] = await db.select().from(websites).where(eq(websites.id, websiteId))
    const visitorCtx = { db, config, caches, site: site!, session: null, user: null } as unknown as RequestCtx
    const cache = (await renderedPageCache(visitorCtx, MAIN, '/offers'))!
    let renders = 0
    const finishes: (() => void)[] = []
    /** a render that ends when the test says so */
    const render = async () => {
      renders++
      await new Promise<void>((finish) => finishes.push(finish))
      return `render ${renders}`
    }
    const finishAll = () => finishes.splice(0).forEach((finish) => finish())
    const asked = Array.from({ length: 5 }, () => cache.once(render))
    finishAll() // all five asked while the first render was under way
    expect(await Promise.all(asked)).toEqual(Array(5).fill('render 1'))
    const after = cache.once(render)
    finishAll()
    expect(await after).toBe('render 2')
  })
})
