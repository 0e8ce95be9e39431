import type { Cart } from '../../../common/contracts/cart'
import type { InitData, Website } from '../../../common/contracts/site-settings'
import type { RequestCtx } from '../../platform/request-context'
import * as catalogue from '../catalogue/service'
import * as delivery from '../delivery/service'
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

export async function init(ctx: RequestCtx, cart: Cart): Promise<InitData> {
  const settings = ctx.site.settings
  const meta = await catalogue.catalogueMeta(ctx)
  const themeName = settings.themes[ctx.site.theme] ? ctx.site.theme : 'light'
  return {
    user: ctx.user,
    web: toWebsite(ctx.site),
    pincode: delivery.currentPincode(ctx),
    categories: meta.tree,
    brands: meta.brands,
    webSeo: settings.webSeo,
    webAddress: settings.webAddress,
    popup: settings.popup,
    webPages: settings.webPages,
    navSetting: settings.navSetting,
    navs: withCategoryChildren(settings.navs, meta.tree),
    footers: settings.footers,
    cart,
    activeTheme: { name: themeName, colors: settings.themes[themeName] ?? {} },
  }
}
