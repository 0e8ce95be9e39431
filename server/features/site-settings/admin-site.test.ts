import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SiteEditorAnswer } from '../../../common/contracts/admin-site'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import type { SignedIn } from '../../test/shopper'
import { auditOf, type Cast, cast, staffCall } from '../../test/staff'

const BASE = '/s/api/admin/site-settings'

describe.each(drivers)('website settings staff calls (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let admin: SignedIn
  const call = (method: 'GET' | 'PUT', url: string, payload?: unknown, session: SignedIn = admin, origin = MAIN) =>
    staffCall(t, session, method, url, payload, origin)
  const current = async (origin = MAIN) => SiteEditorAnswer.parse((await call('GET', BASE, undefined, origin === MAIN ? admin : who.adminShop2, origin)).json())
  const init = async (origin = MAIN) => (await t.call({ method: 'GET', url: '/s/api/init', origin })).json()
  const strip = (items: SiteEditorAnswer['menus']['navs']): unknown[] =>
    items.map(({ slug: _, ...i }) => ({ ...i, children: i.value === '/categories' ? [] : strip(i.children) }))
  const siteBody = (now: SiteEditorAnswer, over: object = {}) => {
    const { name, logo, favicon, description, show_cart, show_supplier_page, webAddress } = now.site
    return { version: now.versions.site, name, logo, favicon, description, font_family: 'Inter', show_cart, show_supplier_page, webAddress, ...over }
  }

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
    admin = who.admin
  })
  afterAll(() => t.close())

  it('answers every group the storefront reads, with a version per group', async () => {
    const now = await current()
    expect(now.versions).toEqual({ site: 1, theme: 1, navigation: 1, menus: 1, popup_seo: 1 })
    expect(now.site).toMatchObject({ name: 'Kirana Fresh', font_family: 'Inter', show_cart: true })
    expect(now.theme.active).toBe('light')
    expect(now.theme.themes.light.primary).toBe('#0c7a2a')
    expect(now.navigation.logo_settings).toMatchObject({ image_height: expect.any(Number), image_width: expect.any(Number) })
    expect(now.menus.navs.map((n) => n.name)).toContain('Categories')
    expect((await current(SHOP2)).site.name).toBe('Chai & Chakna Store')
  })

  it('refuses visitors, shoppers, agents and another website’s admin', async () => {
    expect((await staffCall(t, who.visitor, 'GET', BASE)).statusCode).toBe(401)
    for (const s of [who.shopper, who.agent, who.otherAdmin]) {
      expect((await call('GET', BASE, undefined, s)).statusCode).toBe(403)
      expect((await call('PUT', `${BASE}/theme`, { version: 1, active: 'light', themes: {} }, s)).statusCode).toBe(403)
    }
  })

  it('saves the site identity, audited, and the storefront shows it at once', async () => {
    const now = await current()
    const res = await call('PUT', `${BASE}/site`, siteBody(now, { name: 'Kirana Fresh Express', font_family: 'Nunito', show_supplier_page: true }))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().versions.site).toBe(2)
    const audit = await auditOf(t, res)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'site_settings.site', entity: 'site_settings', entityId: 'site' })
    expect((await init()).web).toMatchObject({ name: 'Kirana Fresh Express', font_family: 'Nunito', show_supplier_page: true })
    const back = await call('PUT', `${BASE}/site`, siteBody(await current(), { name: 'Kirana Fresh' }))
    expect(back.statusCode, back.body).toBe(200)
  })

  it('answers 422 per field: an unsafe link, a colour that is not one, an image that is not an upload, an unknown font', async () => {
    const now = await current()
    const menus = { version: now.versions.menus, navs: strip(now.menus.navs), footers: strip(now.menus.footers) }
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.test', '/\\evil.test', ' javascript:alert(1)']) {
      const navs = [...menus.navs, { group: 0, name: 'Bad', icon: null, show_icon: 0, link: bad, value: null, image: null, children: [] }]
      const res = await call('PUT', `${BASE}/menus`, { ...menus, navs })
      expect(res.statusCode, bad).toBe(422)
      expect(res.json().errors[`navs.${navs.length - 1}.link`], bad).toBe('Links must start with /, http://, https:// or www.')
    }
    const nested = strip(now.menus.navs) as { children: unknown[] }[]
    nested[1].children = [{ group: 0, name: 'Deep', icon: null, show_icon: 0, link: 'javascript:x', value: null, image: null, children: [] }]
    expect((await call('PUT', `${BASE}/menus`, { ...menus, navs: nested })).json().errors['navs.1.children.0.link']).toBeDefined()

    const theme = { version: now.versions.theme, ...now.theme, themes: { ...now.theme.themes, light: { ...now.theme.themes.light, text: 'red;}body{x' } } }
    const badTheme = await call('PUT', `${BASE}/theme`, theme)
    expect(badTheme.statusCode).toBe(422)
    expect(badTheme.json().errors['themes.light.text']).toBe('Not a colour: use #rrggbb')
    expect((await call('PUT', `${BASE}/theme`, { ...now.theme, version: now.versions.theme, active: 'missing' })).json().errors.active).toBe(
      'The active theme must be one of the themes',
    )

    const site = await call('PUT', `${BASE}/site`, siteBody(now, { logo: 'javascript:alert(1)', font_family: 'Comic Sans', name: '' }))
    expect(site.statusCode).toBe(422)
    expect(site.json().errors).toMatchObject({ logo: expect.stringMatching(/uploaded image/), font_family: expect.any(String), name: 'Enter the name' })

    const popup = await call('PUT', `${BASE}/popup-seo`, {
      version: now.versions.popup_seo,
      ...now.popup_seo,
      popup: { ...now.popup_seo.popup, link: 'javascript:alert(1)' },
      supplierTiles: [{ name: 'X', link: 'data:text/html,x', avatar: null, image: null, title: null }],
    })
    expect(popup.statusCode).toBe(422)
    expect(Object.keys(popup.json().errors).sort()).toEqual(['popup.link', 'supplierTiles.0.link'])
    expect((await current()).versions).toEqual(now.versions)
  })

  it('adds a header menu item: every storefront answer carries it, the /categories item keeps its category children', async () => {
    const now = await current()
    const item = { group: 0, name: 'Diwali Offers', icon: 'gift', show_icon: 1, link: '/diwali-offers', value: null, image: null, children: [] }
    const navs = [...strip(now.menus.navs), item]
    const res = await call('PUT', `${BASE}/menus`, { version: now.versions.menus, navs, footers: strip(now.menus.footers) })
    expect(res.statusCode, res.body).toBe(200)
    const shop = await init()
    expect(shop.navs.at(-1)).toMatchObject({ name: 'Diwali Offers', link: '/diwali-offers' })
    expect(shop.navs.find((n: { value: string }) => n.value === '/categories').children.length).toBeGreaterThan(5)
    expect((await init(SHOP2)).navs.some((n: { name: string }) => n.name === 'Diwali Offers')).toBe(false)
  })

  it('saves navigation settings (templates, logo settings as the spec’s JSON string) and the theme', async () => {
    const now = await current()
    const nav = await call('PUT', `${BASE}/navigation`, {
      ...now.navigation,
      version: now.versions.navigation,
      header_template: 3,
      navbar_template: 4,
      nav_alignment: 'center',
      logo_settings: { image_size: 'contain', image_height: 40, image_width: 120 },
    })
    expect(nav.statusCode, nav.body).toBe(200)
    const shop = await init()
    expect(shop.navSetting).toMatchObject({ header_template: 3, navbar_template: 4, nav_alignment: 'center' })
    expect(JSON.parse(shop.navSetting.logo_settings)).toEqual({ image_size: 'contain', image_height: 40, image_width: 120 })
    expect(shop.web.nav_alignment).toBe('center')

    const themes = { ...now.theme.themes, festive: { ...now.theme.themes.light, primary: '#b3261e' } }
    const theme = await call('PUT', `${BASE}/theme`, { version: now.versions.theme, active: 'festive', themes })
    expect(theme.statusCode, theme.body).toBe(200)
    expect((await init()).activeTheme).toMatchObject({ name: 'festive', colors: { primary: '#b3261e' } })
  })

  it('answers 409 with the current settings and what changed to a stale save, while other groups save freely', async () => {
    const seen = await current()
    const first = await call('PUT', `${BASE}/popup-seo`, {
      version: seen.versions.popup_seo,
      ...seen.popup_seo,
      webSeo: { ...seen.popup_seo.webSeo, og_title: 'Fresh groceries' },
    })
    expect(first.statusCode, first.body).toBe(200)
    const stale = await call('PUT', `${BASE}/popup-seo`, {
      version: seen.versions.popup_seo,
      ...seen.popup_seo,
      popup: { ...seen.popup_seo.popup, duration: 9 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'stale', changed: ['webSeo'], current: { popup_seo: { webSeo: { og_title: 'Fresh groceries' } } } })
    // the menus were read at the same time and are still current
    const menus = await call('PUT', `${BASE}/menus`, { version: seen.versions.menus, navs: strip(seen.menus.navs), footers: strip(seen.menus.footers) })
    expect(menus.statusCode, menus.body).toBe(200)
  })

  it('lets exactly one of many concurrent saves of one version through', async () => {
    const now = await current()
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('PUT', `${BASE}/navigation`, { ...now.navigation, version: now.versions.navigation, navbar_height: 50 + i })),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect((await current()).versions.navigation).toBe(now.versions.navigation + 1)
  })

  it('keeps one website’s settings away from another’s admin', async () => {
    const shop2Admin = who.adminShop2
    const now = await current(SHOP2)
    const res = await call('PUT', `${BASE}/site`, siteBody(now, { description: 'Tea and snacks' }), shop2Admin, SHOP2)
    expect(res.statusCode, res.body).toBe(200)
    expect((await init(SHOP2)).web.description).toBe('Tea and snacks')
    expect((await init()).web.description).not.toBe('Tea and snacks')
  })
})
