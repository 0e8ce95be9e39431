import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CategoryNode } from '../../../common/contracts/catalogue'
import { InitData, type NavItemNode } from '../../../common/contracts/site-settings'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'

const SPEC_FIELDS = [
  'user',
  'web',
  'pincode',
  'categories',
  'brands',
  'webSeo',
  'webAddress',
  'popup',
  'webPages',
  'navSetting',
  'navs',
  'footers',
  'cart',
  'activeTheme',
]
const SHOP2_TOP_CATEGORIES = ['snacks-namkeen', 'beverages', 'biscuits-chocolates', 'instant-food', 'dairy-breakfast']

/** What the navigation item valued '/categories' must carry: the category tree as links to the product list. */
const asNav = (c: CategoryNode): Pick<NavItemNode, 'name' | 'link' | 'slug'> & { children: unknown[] } => ({
  name: c.name,
  link: `/products?c=${c.slug}`,
  slug: c.slug,
  children: c.children.map(asNav),
})
const navShape = (n: NavItemNode): ReturnType<typeof asNav> => ({ name: n.name, link: n.link, slug: n.slug, children: n.children.map(navShape) })

describe.each(drivers)('GET /s/api/init (%s)', (driver) => {
  let t: TestApp
  let main: InitData
  let shop2: InitData
  beforeAll(async () => {
    t = await buildTestApp(driver)
    main = (await t.call({ method: 'GET', url: '/s/api/init' })).json()
    shop2 = (await t.call({ method: 'GET', url: '/s/api/init', origin: SHOP2 })).json()
  })
  afterAll(() => t.close())

  it('answers a visitor with every field of spec §7, in the contract shape', async () => {
    const res = await t.call({ method: 'GET', url: '/s/api/init' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual([...SPEC_FIELDS].sort())
    expect(() => InitData.parse(body)).not.toThrow()
    expect(body.user).toBeNull()
    expect(body.pincode).toBeNull()
  })

  it('describes the main website: name, SEO, address, popup, navigation settings, theme', () => {
    expect(main.web).toMatchObject({ name: 'Kirana Fresh', theme: 'light', font_family: 'Inter', show_cart: true, logo: 'demo/logos/main.webp' })
    expect(main.webSeo.og_title).toBe('Kirana Fresh: groceries delivered in Bengaluru')
    expect(main.webAddress).toEqual({ address: '12, 4th Cross, Indiranagar, Bengaluru 560038', phone: '+91 80 4000 1234', email: 'hello@kiranafresh.test' })
    expect(main.popup).toEqual({ image: 'demo/popups/main.webp', duration: 5, link: '/products?s=discount', once: false, coupon: 'WELCOME10' })
    expect(main.webPages).toEqual([])
    expect(main.navSetting).toMatchObject({ footer_name: 'Kirana Fresh', show_pincode: true, show_search_bar: true, navbar_template: 1 })
    expect(main.activeTheme.name).toBe('light')
    expect(main.activeTheme.colors).toMatchObject({ primary: '#0c7a2a', 'on-primary': '#ffffff', background: '#f6f7f8', text: '#1b1f23' })
    for (const colour of Object.values(main.activeTheme.colors)) expect(colour).toMatch(/^#[0-9a-f]{6}$/i)
  })

  it('has a category tree whose every top-level category has subcategories, and the brands', () => {
    expect(main.categories.length).toBeGreaterThanOrEqual(8)
    for (const top of main.categories) {
      expect(top.children.length, top.slug).toBeGreaterThan(0)
      expect(top.avatar).toBe(`demo/categories/${top.slug}.webp`)
      for (const sub of top.children) expect(sub.children).toEqual([])
    }
    expect(main.categories[0]).toMatchObject({ name: 'Atta, Rice & Dals', slug: 'atta-rice-dals' })
    expect(main.categories[0].children.map((c) => c.slug)).toEqual(['atta-flours', 'rice', 'dals-pulses'])
    expect(main.brands.length).toBeGreaterThanOrEqual(15)
    expect(main.brands.map((b) => b.name)).toEqual([...main.brands.map((b) => b.name)].sort())
    expect(main.brands).toContainEqual({ name: 'Kesar Valley', slug: 'kesar-valley', logo: expect.any(String) })
  })

  it("gives the navigation item valued '/categories' the category tree, linking to /products?c={slug}", () => {
    const item = main.navs.find((n) => n.value === '/categories')!
    expect(item).toMatchObject({ name: 'Categories', link: '/products' })
    expect(item.children.map(navShape)).toEqual(main.categories.map(asNav))
    expect(item.children[0].children[1]).toMatchObject({ name: 'Rice', link: '/products?c=rice', slug: 'rice' })
    const others = main.navs.filter((n) => n.value !== '/categories')
    expect(others.map((n) => n.link)).toEqual(['/products', '/products?s=discount', '/products?s=newest', '/about-us'])
    for (const n of others) expect(n.children).toEqual([])
  })

  it('has footer columns with links and an empty cart', () => {
    expect(main.footers.map((f) => f.name)).toEqual(['Shop', 'Company', 'Help'])
    expect(main.footers[1].children.map((l) => l.link)).toEqual(['/about-us', '/contact', '/delivery-areas'])
    expect(main.cart).toMatchObject({ items: [], quantity: 0, total: 0, amount: 0, offercode: null, discount: 0 })
  })

  it('gives the shop2 origin its own name, theme, navigation and catalogue subset', () => {
    expect(shop2.web.name).toBe('Chai & Chakna Store')
    expect(shop2.web.id).not.toBe(main.web.id)
    expect(shop2.activeTheme).toMatchObject({ name: 'light', colors: { primary: '#b4410f', background: '#fbf6f1' } })
    expect(shop2.webAddress.email).toBe('namaste@chaichakna.test')
    expect(shop2.popup).toMatchObject({ duration: 8, once: true })
    expect(shop2.navSetting).toMatchObject({ footer_name: 'Chai & Chakna', header_template: 2, show_register: true })
    expect(shop2.categories.map((c) => c.slug).sort()).toEqual([...SHOP2_TOP_CATEGORIES].sort())
    expect(shop2.categories.some((c) => c.name.startsWith('Atta'))).toBe(false)
    expect(shop2.brands.length).toBeLessThan(main.brands.length)
    const item = shop2.navs.find((n) => n.value === '/categories')!
    expect(item.name).toBe('Shop by Category')
    expect(item.children.map(navShape)).toEqual(shop2.categories.map(asNav))
  })

  it('maps the development ports of localhost and shop2.localhost to their demo websites', async () => {
    for (const [origin, name] of [
      ['http://localhost:5173', 'Kirana Fresh'],
      ['http://127.0.0.1:3000', 'Kirana Fresh'],
      ['http://shop2.localhost:5173', 'Chai & Chakna Store'],
      [`${MAIN}/products?q=x`, 'Kirana Fresh'],
    ]) {
      const res = await t.call({ method: 'GET', url: '/s/api/init', origin })
      expect(res.statusCode, origin).toBe(200)
      expect(res.json().web.name, origin).toBe(name)
    }
  })

  it('answers an unknown origin with 404 and a clear message, never a default website', async () => {
    for (const origin of ['http://evil.test', 'https://localhost.evil.test', 'http://shop3.localhost:3000']) {
      const res = await t.call({ method: 'GET', url: '/s/api/init', origin })
      expect(res.statusCode, origin).toBe(404)
      expect(res.json()).toEqual({ message: `No website is configured for ${new URL(origin).origin}`, code: 'not_found' })
    }
  })

  it('uses the Host header when x-web-url is absent, and still refuses an unknown host', async () => {
    const viaHost = await t.app.inject({ method: 'GET', url: '/s/api/init', headers: { host: 'shop2.localhost:3000' } })
    expect(viaHost.statusCode).toBe(200)
    expect(viaHost.json().web.name).toBe('Chai & Chakna Store')
    const unknown = await t.app.inject({ method: 'GET', url: '/s/api/init', headers: { host: 'evil.test' } })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('No website is configured for http://evil.test')
  })

  it('answers a malformed x-web-url with 422', async () => {
    for (const origin of ['javascript:alert(1)', 'not a url', 'file:///etc/passwd', 'data:text/html,x', 'ftp://localhost:3000']) {
      const res = await t.call({ method: 'GET', url: '/s/api/init', origin })
      expect(res.statusCode, origin).toBe(422)
      expect(res.json()).toEqual({ message: 'x-web-url must be the site origin, e.g. https://shop.example', code: 'invalid' })
    }
  })

  it('marks the public answer as varying by x-web-url, and a session-bound one as private', async () => {
    const anonymous = await t.call({ method: 'GET', url: '/s/api/init' })
    expect(anonymous.headers.vary).toMatch(/(^|,\s*)x-web-url(\s*,|$)/i)
    expect(anonymous.headers['cache-control']).toBe('public, max-age=30')
    expect(anonymous.headers['set-cookie']).toBeUndefined()
    const session = await t.visitor()
    const withSession = await t.call({ method: 'GET', url: '/s/api/init', session })
    expect(withSession.statusCode).toBe(200)
    expect(withSession.headers['cache-control']).toBe('private, no-store')
    expect(withSession.headers.vary).toMatch(/x-web-url/i)
    const unknown = await t.call({ method: 'GET', url: '/s/api/init', origin: 'http://evil.test' })
    expect(unknown.headers['cache-control']).toBe('no-store')
  })
})
