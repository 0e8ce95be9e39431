import * as z from 'zod/mini'
import { User } from './user'
import { Cart } from './cart'
import { Brand, Category } from './catalogue'
import { defineContract } from './http'
import { COLOUR_PATTERN } from '../rules/colour'

const int = () => z.number().check(z.int())
const text = (max: number) => z.string().check(z.maxLength(max))

/** Only http(s) URLs and same-site paths; never //host, /\host, javascript: or data: (SECURITY XS-06). */
export const SafeLink = z.string().check(
  z.maxLength(500),
  z.refine(
    (s) => s === '' || /^\/(?![/\\])/.test(s) || /^https?:\/\/[^\s]+$/i.test(s) || /^www\.[^\s]+$/i.test(s),
    'Link must be a site path or an http(s) address',
  ),
)

/** Colour values that become CSS variables (SECURITY XS-07). */
export { COLOUR_PATTERN }
export const Colour = z.string().check(z.regex(COLOUR_PATTERN, 'Not a colour'))
export const ThemeColours = z.record(z.string().check(z.regex(/^[a-z][a-z0-9-]{0,30}$/)), Colour)
export const FontFamily = z.string().check(z.regex(/^[A-Za-z0-9 -]{1,40}$/))

export interface NavItemNode {
  group: number
  name: string
  icon: string | null
  show_icon: number
  link: string
  value: string | null
  image: string | null
  slug: string | null
  children: NavItemNode[]
}
export const NavItem: z.ZodMiniType<NavItemNode> = z.object({
  group: int(),
  name: text(80),
  icon: z.nullable(text(40)),
  show_icon: int(),
  link: SafeLink,
  value: z.nullable(text(200)),
  image: z.nullable(text(300)),
  slug: z.nullable(text(120)),
  get children() {
    return z.array(NavItem)
  },
})

export const NavSetting = z.object({
  nav_alignment: z.enum(['left', 'center', 'right']),
  /** JSON string: { image_size, image_height, image_width } */
  logo_settings: z.string(),
  search_setting: z.object({ width: z.number().check(z.gte(10), z.lte(100)) }),
  navbar_height: int().check(z.gte(40), z.lte(160)),
  sub_navbar_height: int().check(z.gte(24), z.lte(120)),
  navbar_template: int().check(z.gte(1), z.lte(5)),
  header_template: int().check(z.gte(1), z.lte(4)),
  footer_name: text(80),
  show_cart_icon: z.boolean(),
  show_pincode: z.boolean(),
  show_login: z.boolean(),
  show_account: z.boolean(),
  show_logo: z.boolean(),
  show_register: z.boolean(),
  show_search_bar: z.boolean(),
})
export type NavSetting = z.infer<typeof NavSetting>

export const WebSeo = z.object({
  og_title: z.nullable(text(200)),
  og_description: z.nullable(text(400)),
  meta_keywords: z.nullable(text(400)),
  og_image: z.nullable(text(300)),
})
export type WebSeo = z.infer<typeof WebSeo>

export const WebAddress = z.object({ address: text(300), phone: text(20), email: text(120) })

export const Popup = z.object({
  image: z.nullable(text(300)),
  duration: z._default(int().check(z.gte(1), z.lte(120)), 5),
  link: z.nullable(SafeLink),
  once: z.boolean(),
  /** the coupon the popup promotes (new field): a signed-in shopper who can no longer use it is not shown the popup */
  coupon: z.optional(z.nullable(text(32))),
})
export type Popup = z.infer<typeof Popup>

export const WebPage = z.object({ name: z.string(), url: z.string() })

export const Theme = z.object({ name: z.string(), colors: ThemeColours })

export const PAYMENT_METHODS = ['cod', 'razorpay', 'cashfree'] as const

/** Stored per website (websites.settings) */
export const SiteSettings = z.object({
  navSetting: NavSetting,
  navs: z.array(NavItem),
  footers: z.array(NavItem),
  webSeo: WebSeo,
  webAddress: WebAddress,
  popup: z.nullable(Popup),
  webPages: z.array(WebPage),
  themes: z.record(z.string(), ThemeColours),
  delivery: z.object({ chargePaise: int().check(z.gte(0)), freeAbovePaise: int().check(z.gte(0)) }),
  /** supplier tiles of the site (the page builder's Popup & SEO screen) */
  supplierTiles: z.optional(
    z.array(z.object({ name: z.string(), link: z.string(), avatar: z.nullable(z.string()), image: z.nullable(z.string()), title: z.nullable(z.string()) })),
  ),
  /** offered at checkout, in this order (the cart's paymentMethods); all when absent */
  paymentMethods: z.optional(z.array(z.enum(PAYMENT_METHODS))),
})
export type SiteSettings = z.infer<typeof SiteSettings>

export const Website = z.object({
  id: int(),
  name: z.string(),
  logo: z.nullable(z.string()),
  description: z.string(),
  theme: z.string(),
  favicon: z.nullable(z.string()),
  show_supplier_page: z.boolean(),
  show_cart: z.boolean(),
  font_family: z.string(),
  nav_alignment: z.string(),
})
export type Website = z.infer<typeof Website>

export const InitData = z.object({
  user: z.nullable(User),
  web: Website,
  pincode: z.nullable(z.string()),
  categories: z.array(Category),
  brands: z.array(Brand),
  webSeo: WebSeo,
  webAddress: WebAddress,
  popup: z.nullable(Popup),
  webPages: z.array(WebPage),
  navSetting: NavSetting,
  navs: z.array(NavItem),
  footers: z.array(NavItem),
  cart: Cart,
  activeTheme: Theme,
})
export type InitData = z.infer<typeof InitData>

export const getInit = defineContract({
  method: 'GET',
  path: '/api/init',
  summary: 'Everything the storefront needs at start: user, website, settings, navigation, categories, brands, cart, theme',
  response: InitData,
})
