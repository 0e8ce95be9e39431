import type { Cart } from '../../../common/contracts/cart'
import type { InitData, SiteSettings, Website } from '../../../common/contracts/site-settings'
import type { Db, Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import type { WebsiteFinder } from '../../platform/site-context'
import * as catalogue from '../catalogue/service'
import * as coupons from '../coupons/service'
import * as delivery from '../delivery/service'
import * as queries from './queries'
import type { WebsiteRow } from './queries'

export function toWebsite(row: WebsiteRow): Website {
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    description: row.description,
    theme: row.theme,
    favicon: row.favicon,
    show_supplier_page: row.showSupplierPage,
    show_cart: row.showCart,
    font_family: row.fontFamily,
    nav_alignment: row.navAlignment,
  }
}

/** The navigation item whose value is /categories receives the category tree as children (spec §3). */
function withCategoryChildren(items: InitData['navs'], categories: InitData['categories']): InitData['navs'] {
  const toNav = (c: InitData['categories'][number]): InitData['navs'][number] => ({
    group: 0,
    name: c.name,
    icon: null,
    show_icon: 0,
    link: `/products?c=${c.slug}`,
    value: null,
    image: c.avatar,
    slug: c.slug,
    children: c.children.map(toNav),
  })
  return items.map((item) =>
    item.value === '/categories' ? { ...item, children: categories.map(toNav) } : { ...item, children: withCategoryChildren(item.children, categories) },
  )
}

/** The popup, unless it promotes a coupon this signed-in shopper can no longer use (issue 18: WELCOME10 once used). */
async function popupFor(ctx: RequestCtx, popup: SiteSettings['popup']): Promise<SiteSettings['popup']> {
  if (!popup?.coupon || !ctx.user) return popup
  const coupon = await coupons.findCoupon(ctx, popup.coupon)
  return coupon && !(await coupons.usageProblemFor(ctx, coupon)) ? popup : null
}

/** The website's chosen theme when it has one by that name, else its light theme. */
export function activeTheme(site: { theme: string; settings: SiteSettings }): InitData['activeTheme'] {
  const name = site.settings.themes[site.theme] ? site.theme : 'light'
  return { name, colors: site.settings.themes[name] ?? {} }
}

export async function init(ctx: RequestCtx, cart: Cart): Promise<InitData> {
  const settings = ctx.site.settings
  const meta = await catalogue.catalogueMeta(ctx)
  return {
    user: ctx.user,
    web: toWebsite(ctx.site),
    pincode: delivery.currentPincode(ctx),
    categories: meta.tree,
    brands: meta.brands,
    webSeo: settings.webSeo,
    webAddress: settings.webAddress,
    popup: await popupFor(ctx, settings.popup),
    webPages: settings.webPages,
    navSetting: settings.navSetting,
    navs: withCategoryChildren(settings.navs, meta.tree),
    footers: settings.footers,
    cart,
    activeTheme: activeTheme(ctx.site),
  }
}

/** Websites by id, each with the origins it answers on (first the one to link to: a name before an IP address). */
export async function websitesWithOrigins(db: Db, ids: number[]): Promise<{ id: number; name: string; origins: string[] }[]> {
  const byId = new Map<number, { id: number; name: string; origins: string[] }>()
  for (const row of await queries.listWebsitesWithOrigins(db, ids)) {
    const site = byId.get(row.id) ?? { id: row.id, name: row.name, origins: [] }
    site.origins.push(row.origin)
    byId.set(row.id, site)
  }
  const isIp = (origin: string) => /^[a-z]+:\/\/(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:]+\])(:\d+)?$/i.test(origin)
  return [...byId.values()].map((s) => ({ ...s, origins: [...s.origins.filter((o) => !isIp(o)), ...s.origins.filter(isIp)] }))
}

/** A website's name (messages sent from background jobs name the shop), or null when it is gone. */
export const websiteName = (db: Db, id: number) => queries.findWebsiteName(db, id)

/** How the platform finds the website a request names (platform/site-context.ts). */
export const websiteFinder = (db: Db): WebsiteFinder => ({
  byOrigin: (origin) => queries.findWebsiteByOrigin(db, origin),
  byHost: (scheme, host) => queries.findWebsiteByHost(db, scheme, host),
  byDefault: () => queries.findDefaultWebsite(db),
})

export const originExists = (db: Db, origin: string) => queries.originExists(db, origin)
export const originsOf = (db: Db | Tx, websiteId: number) => queries.listOrigins(db, websiteId)
/** false when a website already answers there */
export const addOrigin = (db: Db | Tx, websiteId: number, origin: string) => queries.insertOrigin(db, websiteId, origin)
export const removeOrigin = (db: Db | Tx, websiteId: number, origin: string) => queries.deleteOrigin(db, websiteId, origin)

/** A label of a DNS host name as TLS names it (SNI): letters, digits and inner dashes. */
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

/** Whether a website answers at https://domain: the one question the TLS proxy may ask before getting a certificate. */
export async function answersOnDomain(db: Db, domain: string): Promise<boolean> {
  const host = domain.toLowerCase().replace(/\.$/, '')
  if (host.length > 253 || !host.split('.').every((label) => LABEL.test(label))) return false
  return queries.httpsHostExists(db, host)
}

export const setPlatformPayments = (tx: Tx, websiteId: number, allowed: boolean) => queries.setPlatformPayments(tx, websiteId, allowed)

export const anyWebsite = async (db: Db | Tx) => (await queries.countWebsites(db)) > 0

/** A new website answering on one origin; the caller adds its pages and staff in the same transaction. */
export function createWebsite(
  tx: Tx,
  input: { name: string; description: string; theme: string; settings: SiteSettings; origin: string },
): Promise<WebsiteRow> {
  return queries.insertWebsite(tx, { name: input.name, description: input.description, theme: input.theme, settings: input.settings }, input.origin)
}
