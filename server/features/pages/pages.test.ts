import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Brand, type CategoryNode, Product } from '../../../common/contracts/catalogue'
import { type PageComponent, PageData } from '../../../common/contracts/pages'
import { pages } from '../../db/schema/pages'
import { buildTestApp, drivers, SHOP2, type TestApp } from '../../test/app'

const HOSTILE_HTML =
  '<p>Hello <b>there</b></p><script>window.__xss=1</script><img src=x onerror="window.__xss=1">' +
  '<a href="javascript:window.__xss=1">click</a><a href="https://example.com/ok">fine</a>' +
  '<iframe src="//evil.test"></iframe><form action="//evil.test"><input name=otp></form><p onclick="x()">para</p>'

describe.each(drivers)('GET /s/api/page/data/* (%s)', (driver) => {
  let t: TestApp
  const page = async (path: string, origin?: string) => {
    const res = await t.call({ method: 'GET', url: `/s/api/page/data/${path}`, origin })
    expect(res.statusCode, path).toBe(200)
    return PageData.parse(res.json())
  }
  const init = async (origin?: string) =>
    (await t.call({ method: 'GET', url: '/s/api/init', origin })).json() as { web: { id: number }; categories: CategoryNode[]; brands: Brand[] }

  beforeAll(async () => {
    t = await buildTestApp(driver)
  })
  afterAll(() => t.close())

  it('answers the home page with its blocks ordered by `order` and SEO fields', async () => {
    const res = await t.call({ method: 'GET', url: '/s/api/page/data/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=30')
    expect(res.headers.vary).toMatch(/x-web-url/)
    const home = PageData.parse(res.json())
    expect(home).toMatchObject({
      url: '/',
      css: '',
      show_footer: true,
      show_navbar: true,
      show_sub_navbar: true,
      seo_title: null,
      seo_description: null,
      seo_keyword: null,
      schema_script: null,
    })
    expect(home.data.map((b) => b.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(home.data.map((b) => b.type)).toEqual([
      'hero_banner',
      'category_grid',
      'product_grid',
      'product_carousel',
      'product_carousel',
      'category_carousel',
      'brand_carousel',
      'supplier_tiles',
    ])
    expect(home.data[0].settings).toMatchObject({ aspect: '16/5', bgcolor: '#ffffff' })
    expect((home.data[0].data as { slides: unknown[] }).slides).toHaveLength(3)
  })

  it('fills product carousels and grids with products, category and brand blocks with the catalogue', async () => {
    const home = await page('')
    const { categories, brands } = await init()
    const carousels = home.data.filter((b) => b.type === 'product_carousel' || b.type === 'product_grid')
    expect(carousels.map((b) => b.name)).toEqual(['Best sellers', 'Top offers', 'Masalas & spices'])
    expect(carousels[0].response as Product[]).toHaveLength(12)
    for (const block of carousels) {
      const products = block.response as unknown[]
      expect(Array.isArray(products), block.name).toBe(true)
      expect(products.length, block.name).toBeGreaterThan(0)
      expect(products.length, block.name).toBeLessThanOrEqual(12)
      for (const p of products) expect(() => Product.parse(p)).not.toThrow()
    }
    const offers = (carousels[1].response as Product[]).map((p) => Math.max(...p.packs.map((k) => k.discount)))
    expect(offers).toEqual([...offers].sort((a, b) => b - a))
    const masalas = new Set(categories.find((c) => c.slug === 'masalas-spices')!.children.map((c) => c.slug))
    for (const p of carousels[2].response as Product[]) expect(masalas.has(p.category_slug), p.category_slug).toBe(true)
    expect(home.data.find((b) => b.type === 'category_grid')!.response).toEqual(categories)
    const snacks = categories.find((c) => c.slug === 'snacks-namkeen')!
    expect(home.data.find((b) => b.type === 'category_carousel')!.response).toEqual(snacks.children)
    expect(home.data.find((b) => b.type === 'brand_carousel')!.response).toEqual(brands)
  })

  it("answers shop2's home page from shop2's catalogue", async () => {
    const home = await page('', SHOP2)
    const { categories } = await init(SHOP2)
    expect(home.data.find((b) => b.type === 'category_grid')!.response).toEqual(categories)
    const teaTime = home.data.find((b) => b.name === 'Tea-time favourites')!
    const beverages = new Set(categories.find((c) => c.slug === 'beverages')!.children.map((c) => c.slug))
    for (const p of teaTime.response as Product[]) expect(beverages.has(p.category_slug)).toBe(true)
    expect(home.data.some((b) => b.name === 'Masalas & spices')).toBe(false)
  })

  it('answers about-us with rich text, SEO fields and a JSON-LD schema script', async () => {
    const about = await page('about-us')
    expect(about).toMatchObject({
      url: '/about-us',
      seo_title: 'About us | Kirana Fresh',
      seo_description: 'Who we are and how Kirana Fresh delivers your groceries.',
    })
    expect(about.data).toHaveLength(1)
    const html = (about.data[0].data as { html: string }).html
    expect(about.data[0].type).toBe('rich_text')
    expect(html).toContain('<h1>About Kirana Fresh</h1>')
    expect(html).toContain('<li>Fresh stock, checked every morning</li>')
    expect(JSON.parse(about.schema_script!)).toEqual({ '@context': 'https://schema.org', '@type': 'GroceryStore', name: 'Kirana Fresh' })
    expect((await page('about-us', SHOP2)).seo_title).toBe('About us | Chai & Chakna Store')
    expect((await page('terms')).show_sub_navbar).toBe(false)
  })

  it('normalises the path: trailing slash, case, repeated slashes', async () => {
    for (const path of ['about-us/', 'About-Us', '/about-us', 'about-us//']) expect((await page(path)).url, path).toBe('/about-us')
    const bare = await t.call({ method: 'GET', url: '/s/api/page/data' })
    expect(bare.statusCode).toBe(308)
    expect(bare.headers.location).toBe('/s/api/page/data/')
  })

  it('sanitises stored rich text when it renders, and orders stored blocks', async () => {
    const { web } = await init()
    const block = (order: number, name: string, html: string): PageComponent => ({ order, name, type: 'rich_text', data: { html }, settings: {} })
    await t.app.deps.db.insert(pages).values({
      websiteId: web.id,
      url: '/xss-probe',
      components: [block(2, 'last', '<p>third</p>'), block(0, 'first', HOSTILE_HTML), block(1, 'middle', '<p>second</p>')],
    })
    const probe = await page('xss-probe')
    expect(probe.data.map((b) => b.name)).toEqual(['first', 'middle', 'last'])
    const html = (probe.data[0].data as { html: string }).html
    expect(html).toContain('<p>Hello <b>there</b></p>')
    expect(html).toContain('<a href="https://example.com/ok" rel="noopener noreferrer nofollow">fine</a>')
    for (const bad of ['<script', '__xss', 'onerror', 'onclick', 'javascript:', '<iframe', '<form', '<input', 'evil.test']) expect(html, bad).not.toContain(bad)
    const elsewhere = await t.call({ method: 'GET', url: '/s/api/page/data/xss-probe', origin: SHOP2 })
    expect(elsewhere.statusCode).toBe(404)
  })

  it('answers unknown pages and path tricks with 404 (422 for text no page can hold), never 500', async () => {
    const tricks = [
      'no-such-page',
      '..%2F..%2Fetc%2Fpasswd',
      '..%2f..%2f..%2fetc%2fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      'about-us%3Bx%3D1',
      'http%3A%2F%2Fevil.test%2F',
      'http://evil.test/',
      '%5C%5Cevil.test',
      'a'.repeat(201),
      'x/'.repeat(300),
      'a'.repeat(1000),
      "about-us'%20or%20'1'%3D'1",
    ]
    for (const path of tricks) {
      const res = await t.call({ method: 'GET', url: `/s/api/page/data/${path}` })
      expect(res.statusCode, path).toBe(404)
      expect(res.json(), path).toEqual({ message: 'This page does not exist', code: 'not_found' })
    }
    // text no page address can hold is refused like any other input (issue 9); the web client shows it as not found
    for (const path of ['%00', 'about-us%00', '%2fabout-us%00.html']) {
      const res = await t.call({ method: 'GET', url: `/s/api/page/data/${path}` })
      expect(res.statusCode, path).toBe(422)
      expect(res.json().errors, path).toEqual({ '*': 'Page address contains characters that are not allowed' })
    }
  })

  it('answers paths that are not URLs at all with a client error, never 500', async () => {
    const traversal = await t.call({ method: 'GET', url: '/s/api/page/data/../../../etc/passwd' })
    expect(traversal.statusCode).toBe(404)
    expect(traversal.body).not.toContain('root:')
    const badEncoding = await t.call({ method: 'GET', url: '/s/api/page/data/%E0%A4%A' })
    expect(badEncoding.statusCode).toBe(400)
    expect(badEncoding.json()).toEqual({ message: 'The address is not valid' })
    const huge = await t.call({ method: 'GET', url: `/s/api/page/data/${'a'.repeat(5000)}` })
    expect(huge.statusCode).toBe(404)
  })
})
