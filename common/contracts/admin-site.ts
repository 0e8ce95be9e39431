import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { classifyLink } from '../rules/links'
import { staleBody, Version } from './admin'
import { defineContract } from './http'
import { IMAGE_MESSAGE, LINK_MESSAGE } from './page-blocks'
import { COLOUR_PATTERN, NavItem, NavSetting, Popup, WebAddress, WebSeo } from './site-settings'
import { text } from './text'

/**
 * Staff calls of a website's settings (docs/decisions/0029-site-editor.md): the page builder's Site, Theme,
 * Navigation, Menus and Popup & SEO screens. One read answers every group with a version per group; each group is
 * saved on its own with the version the editor read (409 `stale` when someone saved that group in between), so two
 * people editing the theme and the menus do not get in each other's way.
 */

const int = () => z.number({ error: 'Must be a number' }).check(z.int('Must be a whole number'))
const Name = (label: string, max: number, min = 0) =>
  text(label, [z.trim(), ...(min ? [z.minLength(min, `Enter the ${label.toLowerCase()}`)] : []), z.maxLength(max, `${label} is at most ${max} characters`)])

/** A link a shopper may follow (spec §2): `/…`, `http(s)://…` or `www.…`; never `javascript:`, `data:`, `//host`. */
const isLink = (s: string) => s === '' || classifyLink(s).kind !== 'none'
export const LinkField = text('Link', [z.trim(), z.maxLength(500, 'Link is at most 500 characters'), z.refine(isLink, LINK_MESSAGE)])

/** An uploaded image's key (`logos/shop.webp`), or `/…` or http(s). */
const MEDIA_KEY = /^[a-z0-9][a-z0-9_./-]*$/i
export const isImageRef = (s: string) => (MEDIA_KEY.test(s) && !s.includes('..')) || (!/^www\./i.test(s) && classifyLink(s).kind !== 'none')
export const ImageField = text('Image', [z.trim(), z.maxLength(500, 'Image is at most 500 characters'), z.refine(isImageRef, IMAGE_MESSAGE)])
const OptionalImage = z.nullable(ImageField)

/** The fonts the product serves itself (client/index.css, @fontsource-variable, Latin, weights 400–800). */
export const FONT_FAMILIES = ['Inter', 'Nunito', 'Open Sans', 'Manrope'] as const

/* ---------- the groups ---------- */

export const SiteIdentity = z.strictObject({
  name: Name('Name', 80, 1),
  logo: OptionalImage,
  favicon: OptionalImage,
  description: Name('Description', 500),
  font_family: z.enum(FONT_FAMILIES, { error: `Choose one of ${FONT_FAMILIES.join(', ')}` }),
  show_cart: z.boolean(),
  show_supplier_page: z.boolean(),
  webAddress: z.strictObject({
    address: Name('Address', 300),
    phone: text('Phone', [
      z.trim(),
      z.maxLength(20, 'Phone is at most 20 characters'),
      z.regex(/^[+\d][\d\s-]*$|^$/, 'A phone number has digits, spaces, - and + only'),
    ]),
    email: text('Email', [z.trim(), z.maxLength(120, 'Email is at most 120 characters'), z.regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an email address')]),
  }),
})
export type SiteIdentity = z.infer<typeof SiteIdentity>

export const THEME_NAME = /^[a-z][a-z0-9-]{0,30}$/
/** The colours the storefront reads (client/index.css @theme); a theme may hold more. */
export const THEME_COLOURS = ['primary', 'on-primary', 'accent', 'background', 'surface', 'text', 'muted', 'border', 'danger', 'success'] as const
const ThemeName = text('Theme name', [z.regex(THEME_NAME, 'A theme name is lower-case letters, digits and -, starting with a letter')])
const ColourValue = text('Colour', [z.trim(), z.regex(COLOUR_PATTERN, 'Not a colour: use #rrggbb')])
const ColourName = text('Colour name', [z.regex(THEME_NAME, 'A colour name is lower-case letters, digits and -')])

const ThemeShape = {
  active: ThemeName,
  themes: z.record(ThemeName, z.record(ColourName, ColourValue)),
}
type ThemeValue = { active: string; themes: Record<string, Record<string, string>> }
const themeChecks = [
  z.refine<ThemeValue>((v) => Object.hasOwn(v.themes, v.active), { message: 'The active theme must be one of the themes', path: ['active'] }),
  z.refine<ThemeValue>((v) => Object.keys(v.themes).length >= 1 && Object.keys(v.themes).length <= 12, {
    message: 'Keep between 1 and 12 themes',
    path: ['themes'],
  }),
]
export const ThemeSettings = z.strictObject(ThemeShape).check(...themeChecks)
export type ThemeSettings = z.infer<typeof ThemeSettings>

export const LogoSettings = z.strictObject({
  image_size: z.enum(['contain', 'cover']),
  image_height: int().check(z.gte(16, 'At least 16 px'), z.lte(160, 'At most 160 px')),
  image_width: int().check(z.gte(16, 'At least 16 px'), z.lte(320, 'At most 320 px')),
})
export type LogoSettings = z.infer<typeof LogoSettings>

/** Navigation settings as the editor sends them: logo_settings as an object (stored as the spec's JSON string). */
export const NavigationSettings = z.strictObject({
  nav_alignment: z.enum(['left', 'center', 'right']),
  logo_settings: LogoSettings,
  search_setting: z.strictObject({ width: z.number().check(z.gte(10, 'At least 10%'), z.lte(100, 'At most 100%')) }),
  navbar_height: int().check(z.gte(40, 'At least 40 px'), z.lte(160, 'At most 160 px')),
  sub_navbar_height: int().check(z.gte(24, 'At least 24 px'), z.lte(120, 'At most 120 px')),
  navbar_template: int().check(z.gte(1, 'Templates 1 to 5'), z.lte(5, 'Templates 1 to 5')),
  header_template: int().check(z.gte(1, 'Templates 1 to 4'), z.lte(4, 'Templates 1 to 4')),
  footer_name: Name('Footer name', 80),
  show_cart_icon: z.boolean(),
  show_pincode: z.boolean(),
  show_login: z.boolean(),
  show_account: z.boolean(),
  show_logo: z.boolean(),
  show_register: z.boolean(),
  show_search_bar: z.boolean(),
})
export type NavigationSettings = z.infer<typeof NavigationSettings>

export interface MenuItemNode {
  group: number
  name: string
  icon: string | null
  show_icon: number
  link: string
  value: string | null
  image: string | null
  children: MenuItemNode[]
}
export const MENU_DEPTH = 3
export const MENU_ITEMS_MAX = 200
const itemFields = {
  group: int().check(z.gte(0, 'Group is 0 or more'), z.lte(99, 'Group is at most 99')),
  name: Name('Name', 80, 1),
  icon: z.nullable(
    text('Icon', [z.trim(), z.maxLength(40, 'Icon is at most 40 characters'), z.regex(/^[a-z0-9-]*$/, 'An icon name is lower-case letters, digits and -')]),
  ),
  show_icon: int().check(z.gte(0), z.lte(1)),
  link: LinkField,
  /** '/categories': the storefront gives this item the category tree as children */
  value: z.nullable(text('Value', [z.trim(), z.maxLength(200, 'Value is at most 200 characters')])),
  image: OptionalImage,
}
/** Three levels (spelled out rather than recursive, so every string of the input is seen to be checked). */
const TooDeep = z.array(z.strictObject({})).check(z.maxLength(0, `Menu items nest at most ${MENU_DEPTH} levels deep`))
const Level3 = z.strictObject({ ...itemFields, children: TooDeep })
const Level2 = z.strictObject({ ...itemFields, children: z.array(Level3) })
export const MenuItem = z.strictObject({ ...itemFields, children: z.array(Level2) })

const count = (items: MenuItemNode[]): number => items.reduce((n, i) => n + 1 + count(i.children), 0)
const MenuList = (label: string) =>
  z.array(MenuItem).check(z.refine((v) => count(v as MenuItemNode[]) <= MENU_ITEMS_MAX, `${label}: at most ${MENU_ITEMS_MAX} items`))
export const Menus = z.strictObject({ navs: MenuList('Header menu'), footers: MenuList('Footer menu') })
export type Menus = z.infer<typeof Menus>

export const SupplierTile = z.strictObject({
  name: Name('Name', 120, 1),
  link: LinkField,
  avatar: OptionalImage,
  image: OptionalImage,
  title: z.nullable(Name('Title', 200)),
})
export type SupplierTile = z.infer<typeof SupplierTile>

export const PopupSeo = z.strictObject({
  popup: z.strictObject({
    image: OptionalImage,
    duration: int().check(z.gte(1, 'At least 1 second'), z.lte(120, 'At most 120 seconds')),
    link: z.nullable(LinkField),
    once: z.boolean(),
    /** the coupon code the popup promotes: hidden from a signed-in shopper who can no longer use it */
    coupon: z.optional(z.nullable(Name('Coupon', 32))),
  }),
  webSeo: z.strictObject({
    og_title: z.nullable(Name('Title', 200)),
    og_description: z.nullable(Name('Description', 400)),
    meta_keywords: z.nullable(Name('Keywords', 400)),
    og_image: OptionalImage,
  }),
  supplierTiles: z.array(SupplierTile).check(z.maxLength(48, 'At most 48 supplier tiles')),
})
export type PopupSeo = z.infer<typeof PopupSeo>

/* ---------- the answer and the calls ---------- */

export const SITE_GROUPS = ['site', 'theme', 'navigation', 'menus', 'popup_seo'] as const
export type SiteGroup = (typeof SITE_GROUPS)[number]

const GroupVersions = z.object({ site: int(), theme: int(), navigation: int(), menus: int(), popup_seo: int() })

export const SiteEditorAnswer = z.object({
  versions: GroupVersions,
  site: z.object({
    name: z.string(),
    logo: z.nullable(z.string()),
    favicon: z.nullable(z.string()),
    description: z.string(),
    font_family: z.string(),
    show_cart: z.boolean(),
    show_supplier_page: z.boolean(),
    webAddress: WebAddress,
  }),
  theme: z.object({ active: z.string(), themes: z.record(z.string(), z.record(z.string(), z.string())) }),
  navigation: z.object({ ...NavSetting.shape, logo_settings: LogoSettings }),
  menus: z.object({ navs: z.array(NavItem), footers: z.array(NavItem) }),
  popup_seo: z.object({
    popup: Popup,
    webSeo: WebSeo,
    supplierTiles: z.array(
      z.object({ name: z.string(), link: z.string(), avatar: z.nullable(z.string()), image: z.nullable(z.string()), title: z.nullable(z.string()) }),
    ),
  }),
  /** where the storefront answers (the preview links open it) */
  origin: z.string(),
})
export type SiteEditorAnswer = z.infer<typeof SiteEditorAnswer>

export const getSiteEditor = defineContract({
  method: 'GET',
  path: '/api/admin/site-settings',
  summary: 'Admin: every website setting the storefront reads (site, theme, navigation, menus, popup, SEO, supplier tiles), with a version per group',
  response: SiteEditorAnswer,
})

const saveSummary = (what: string) =>
  `Admin: saves ${what} (send the group's \`version\`; 409 \`stale\` when someone saved it in between). Shows on the storefront at once.`

export const SiteIdentityInput = z.strictObject({ ...SiteIdentity.shape, version: Version })
export type SiteIdentityInput = z.infer<typeof SiteIdentityInput>
export type ThemeInput = z.infer<typeof ThemeInput>
export const ThemeInput = z.strictObject({ ...ThemeShape, version: Version }).check(...themeChecks)
export type NavigationInput = z.infer<typeof NavigationInput>
export const NavigationInput = z.strictObject({ ...NavigationSettings.shape, version: Version })
export type MenusInput = z.infer<typeof MenusInput>
export const MenusInput = z.strictObject({ ...Menus.shape, version: Version })
export type PopupSeoInput = z.infer<typeof PopupSeoInput>
export const PopupSeoInput = z.strictObject({ ...PopupSeo.shape, version: Version })

const save = <B extends $ZodType>(path: string, body: B, what: string) =>
  defineContract({
    method: 'PUT',
    path: `/api/admin/site-settings/${path}`,
    summary: saveSummary(what),
    body,
    response: SiteEditorAnswer,
    stale: staleBody(SiteEditorAnswer),
  })

export const saveSiteIdentity = save('site', SiteIdentityInput, 'the site identity: name, logo, favicon, description, font, cart, supplier page, address')
export const saveTheme = save('theme', ThemeInput, 'the named colour themes and which one is active')
export const saveNavigation = save('navigation', NavigationInput, 'the navigation settings: templates, slots, heights, logo, search width, alignment')
export const saveMenus = save('menus', MenusInput, 'the header and footer menus (nested items)')
export const savePopupSeo = save('popup-seo', PopupSeoInput, 'the popup, the site SEO and the supplier tiles')
