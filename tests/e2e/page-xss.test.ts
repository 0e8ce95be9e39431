import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { executableForms } from '../fixtures/executable-html'
import { XSS_PAYLOADS } from '../fixtures/xss-payloads'
import { launchBrowser, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { signedIn, STAFF_CODE, SUPERADMIN } from './staff-session'

/**
 * Issue 12, "Must show": the XSS corpus placed in every text field, link, CSS and JSON-LD of a few published pages and
 * in the header and footer menus and the site SEO, then every affected storefront page opened in Chromium by a
 * visitor whose tab fails on any dialog, any payload that ran (the corpus sets `window.__xss`; alert, confirm,
 * prompt are recorded too) and any request to another origin; the server-rendered HTML holds nothing executable.
 * The server-level twin (each payload on its own page, every field) is server/web/page-xss.test.ts.
 */

let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE, PAGE_RATE_LIMIT_MAX: '1000000' }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

const PAGES = 8
const SAFE_LINK = '/products'
const isJson = (s: string) => {
  try {
    JSON.parse(s)
    return true
  } catch {
    return false
  }
}

interface Answer {
  status: number
  body: { errors?: Record<string, string> } & Record<string, unknown>
}

/** A staff call made by the signed-in admin's own tab, as the web client makes it (session cookie, XSRF header). */
function staffCall(admin: Page, method: string, url: string, body?: unknown): Promise<Answer> {
  return admin.evaluate(
    // no named functions inside: tsx would wrap them in a helper the page does not have
    async ({ method, url, body }) => {
      if (!/(^|; )XSRF-TOKEN=/.test(document.cookie)) await fetch('/s/api/cookie', { credentials: 'include', headers: { 'x-web-url': location.origin } })
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '')
      const headers: Record<string, string> = { 'x-web-url': location.origin, 'x-xsrf-token': xsrf }
      if (body !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(url, { method, credentials: 'include', headers, body: body === undefined ? undefined : JSON.stringify(body) })
      const text = await res.text()
      let parsed: unknown = {}
      try {
        parsed = JSON.parse(text)
      } catch {
        parsed = { text }
      }
      return { status: res.status, body: parsed as Answer['body'] }
    },
    { method, url, body },
  )
}

/** Sets `path` (`a.0.b`) of `value` to `to`. */
function setAt(value: unknown, path: string, to: unknown) {
  const keys = path.split('.')
  let at = value as Record<string, unknown>
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>
  at[keys.at(-1) as string] = to
}

/**
 * Saves `body`; each field the server refuses (422 on its path) is counted as blocked and replaced by a harmless value,
 * and the save is tried again. Answers the accepted save and how many fields were refused.
 */
async function saveRefusingFields(admin: Page, url: string, body: unknown, harmless: (path: string) => unknown) {
  let refused = 0
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await staffCall(admin, 'PUT', url, body)
    if (res.status !== 422) {
      assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body).slice(0, 500)}`)
      return { answer: res.body, refused }
    }
    const paths = Object.keys(res.body.errors ?? {})
    assert.ok(paths.length > 0, `${url}: 422 without field errors`)
    for (const p of paths) setAt(body, p, harmless(p))
    refused += paths.length
  }
  assert.fail(`${url}: still refused after replacing the refused fields`)
}

const pageUrl = (i: number) => `/xss-e2e-${i + 1}`

/** One page holding a share of the corpus in every text field, link, CSS and JSON-LD its blocks have. */
function hostilePage(url: string, ps: string[]) {
  const at = (i: number) => ps[i % ps.length]
  return {
    url,
    version: 0,
    components: [
      {
        name: at(0),
        type: 'hero_banner',
        data: { title: at(1), slides: ps.map((p) => ({ image: 'banners/x.webp', alt: p, link: p })) },
        settings: {},
      },
      ...ps.map((p) => ({ name: p, type: 'rich_text', data: { title: p, html: p } })),
      { name: at(2), type: 'supplier_tiles', data: { title: at(3), items: ps.map((p) => ({ name: p, title: p, link: p })) } },
      { name: at(4), type: 'product_carousel', data: { title: at(5), link: at(6) }, logicdata: { limit: 2 } },
      { name: at(7), type: 'category_carousel', data: { title: at(8) } },
      { name: at(9), type: 'brand_carousel', data: { title: at(10) } },
    ],
    css: ps.join('\n'),
    seo_title: at(0),
    seo_description: at(1),
    seo_keyword: at(2),
    schema_script: JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'WebPage', name: at(0), description: at(1), keywords: ps }, ...ps.filter(isJson).map((p) => JSON.parse(p))],
    }),
  }
}

const harmlessPageField = (path: string) => {
  if (path.endsWith('link')) return SAFE_LINK
  if (path === 'schema_script') return null
  if (path === 'css') return ''
  return 'refused'
}

interface MenuItem {
  group: number
  name: string
  icon: string | null
  show_icon: number
  link: string
  value: string | null
  image: string | null
  children: MenuItem[]
}
const strip = (items: (MenuItem & { slug?: string })[]): MenuItem[] =>
  items.map(({ slug: _, ...i }) => ({ ...i, children: i.value === '/categories' ? [] : strip(i.children) }))
const hostileItems = (ps: readonly string[]): MenuItem[] =>
  ps.map((p) => ({ group: 0, name: p, icon: null, show_icon: 0, link: p, value: null, image: null, children: [] }))

/** A visitor's tab whose every dialog, run payload, alert/confirm/prompt call and request to another origin is recorded. */
async function visitorTab(origin: string) {
  const opened = await openPage(browser)
  const ran: string[] = []
  const foreign: string[] = []
  opened.page.on('dialog', (d) => {
    ran.push(`dialog ${d.type()}: ${d.message()}`)
    void d.dismiss().catch(() => {})
  })
  opened.page.on('request', (r) => {
    const u = new URL(r.url())
    if (!['data:', 'blob:', 'about:'].includes(u.protocol) && u.origin !== origin) foreign.push(r.url())
  })
  await opened.page.exposeBinding('__xssRan', (_source, what: string) => {
    ran.push(what)
  })
  // a string, not a function: tsx's helpers do not exist in the page
  await opened.page.addInitScript(`(() => {
    const report = (what) => window.__xssRan(what)
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => undefined,
      set: (v) => report('window.__xss = ' + String(v) + ' at ' + location.href),
    })
    for (const name of ['alert', 'confirm', 'prompt']) {
      Object.defineProperty(window, name, {
        configurable: false,
        writable: false,
        value: (...args) => report(name + '(' + args.map(String).join(', ') + ') at ' + location.href),
      })
    }
  })()`)
  return { ...opened, ran, foreign }
}

describe('XSS corpus on published storefront pages, in Chromium', () => {
  it(`${XSS_PAYLOADS.length} payloads in every page field, menu and site SEO field never run, load another site or show unescaped`, {
    timeout: 300_000,
  }, async () => {
    assert.ok(XSS_PAYLOADS.length >= 100)
    const origin = server.origin
    const { context: staff, page: admin } = await signedIn(browser, origin, SUPERADMIN)
    await admin.goto(`${origin}/`)
    const blocked = { pageFields: 0, menuFields: 0, seoFields: 0 }

    // Pages: the corpus spread over PAGES pages, saved (refused fields replaced) and published.
    const chunk = Math.ceil(XSS_PAYLOADS.length / PAGES)
    for (let i = 0; i < PAGES; i++) {
      const ps = XSS_PAYLOADS.slice(i * chunk, (i + 1) * chunk)
      const { refused } = await saveRefusingFields(admin, '/s/api/admin/pages', hostilePage(pageUrl(i), ps), harmlessPageField)
      blocked.pageFields += refused
      const published = await staffCall(admin, 'POST', '/s/api/admin/pages/publish', { url: pageUrl(i) })
      assert.equal(published.status, 200, JSON.stringify(published.body))
    }

    // Site-wide: every payload as a header and a footer menu item's name and link, and in the site SEO and popup link.
    const BASE = '/s/api/admin/site-settings'
    const now = (await staffCall(admin, 'GET', BASE)).body as {
      versions: Record<string, number>
      menus: { navs: MenuItem[]; footers: MenuItem[] }
      popup_seo: { popup: Record<string, unknown>; webSeo: Record<string, unknown>; supplierTiles: unknown[] }
    }
    const menus = {
      version: now.versions.menus,
      navs: [...strip(now.menus.navs), ...hostileItems(XSS_PAYLOADS)],
      footers: [...strip(now.menus.footers), ...hostileItems(XSS_PAYLOADS)],
    }
    blocked.menuFields = (await saveRefusingFields(admin, `${BASE}/menus`, menus, (p) => (p.endsWith('link') ? SAFE_LINK : 'refused'))).refused
    const seo = {
      version: now.versions.popup_seo,
      ...now.popup_seo,
      popup: { ...now.popup_seo.popup, link: `javascript:window.__xss=1` },
      webSeo: {
        ...now.popup_seo.webSeo,
        og_title: `</title><script>window.__xss=1</script>`,
        og_description: `" onmouseover="window.__xss=1`,
        meta_keywords: `"><img src=x onerror=window.__xss=1>`,
      },
    }
    blocked.seoFields = (await saveRefusingFields(admin, `${BASE}/popup-seo`, seo, (p) => (p.endsWith('link') ? SAFE_LINK : null))).refused
    await staff.close()

    // Every affected page: the server-rendered HTML holds nothing that could run, and the page in Chromium runs nothing.
    const failures: string[] = []
    for (const path of [...Array.from({ length: PAGES }, (_, i) => pageUrl(i)), '/', '/products']) {
      const res = await fetch(`${origin}${path}`, { headers: { accept: 'text/html' } })
      assert.equal(res.status, 200, path)
      const html = await res.text()
      for (const f of executableForms(html)) failures.push(`${path} SSR: ${f}`)
      for (const p of XSS_PAYLOADS) if (p.includes('<') && html.includes(p)) failures.push(`${path} SSR holds unescaped ${JSON.stringify(p)}`)

      const visitor = await visitorTab(origin)
      await visitor.page.goto(`${origin}${path}`)
      await visitor.page.locator('header').first().waitFor()
      // the payloads reached the page as text: the first one is the first rich text's title, and a header menu item
      const shown = await visitor.page.evaluate((p) => document.body.textContent?.includes(p), XSS_PAYLOADS[0])
      if (!shown) failures.push(`${path} does not show ${JSON.stringify(XSS_PAYLOADS[0])} as text`)
      // what hover, focus and tap handlers would run on: move over and tap the page's content
      await visitor.page.mouse.move(400, 300)
      await visitor.page.keyboard.press('Tab')
      await visitor.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await visitor.page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {})
      for (const r of visitor.ran) failures.push(`${path} ran: ${r}`)
      for (const u of visitor.foreign) failures.push(`${path} requested another origin: ${u}`)
      await visitor.context.close()
    }
    assert.deepEqual(failures, [])
    // the payloads did reach the pages: a share was kept (escaped) rather than refused wholesale
    assert.ok(blocked.pageFields < XSS_PAYLOADS.length * 4, `page fields refused: ${blocked.pageFields}`)
    console.info('XSS corpus in Chromium: fields refused (422) per place', blocked)
  })
})
