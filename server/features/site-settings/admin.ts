import type {
  MenuItemNode,
  MenusInput,
  NavigationInput,
  PopupSeoInput,
  SiteEditorAnswer,
  SiteGroup,
  SiteIdentityInput,
  ThemeInput,
} from '../../../common/contracts/admin-site'
import type { LogoSettings } from '../../../common/contracts/admin-site'
import type { NavItemNode, SiteSettings } from '../../../common/contracts/site-settings'
import type { Tx } from '../../db/client'
import { notFound } from '../../platform/errors'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import { expectVersion } from '../../platform/versioned'
import * as q from './admin-queries'
import type { WebsiteRow } from './queries'

/**
 * Staff calls of a website's settings (docs/decisions/0029-site-editor.md). Each group (site, theme, navigation,
 * menus, popup_seo) carries its own version: a save of a group someone else saved since is 409 with the current
 * settings and the fields that changed. Every save writes an audit row and is `changesStorefront`, so every app
 * process drops the website's cached answers once it commits.
 */

const ENTITY = 'site_settings'
const LABEL: Record<SiteGroup, string> = {
  site: 'The site settings',
  theme: 'The theme',
  navigation: 'The navigation settings',
  menus: 'The menus',
  popup_seo: 'The popup and SEO settings',
}

const DEFAULT_LOGO: LogoSettings = { image_size: 'contain', image_height: 56, image_width: 56 }

function parseLogoSettings(raw: string): LogoSettings {
  try {
    const v = JSON.parse(raw) as Partial<LogoSettings>
    if (!v || typeof v !== 'object') return DEFAULT_LOGO
    const num = (n: unknown, d: number) => (typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : d)
    return {
      image_size: v.image_size === 'cover' ? 'cover' : 'contain',
      image_height: num(v.image_height, DEFAULT_LOGO.image_height),
      image_width: num(v.image_width, DEFAULT_LOGO.image_width),
    }
  } catch {
    return DEFAULT_LOGO
  }
}

/** Menu items as stored: the storefront's NavItem shape (slug kept for the items that had one). */
function toStored(items: MenuItemNode[], before: NavItemNode[] = []): NavItemNode[] {
  return items.map((item, i) => ({
    group: item.group,
    name: item.name,
    icon: item.icon || null,
    show_icon: item.show_icon,
    link: item.link,
    value: item.value || null,
    image: item.image || null,
    slug: before[i]?.name === item.name ? before[i].slug : null,
    // the /categories item's children come from the catalogue on every answer: nothing to keep
    children: item.value === '/categories' ? [] : toStored(item.children, before[i]?.children),
  }))
}

const versionsOf = (row: WebsiteRow): SiteEditorAnswer['versions'] => {
  const v = row.settingsVersions ?? {}
  return { site: v.site ?? 1, theme: v.theme ?? 1, navigation: v.navigation ?? 1, menus: v.menus ?? 1, popup_seo: v.popup_seo ?? 1 }
}

export function answerOf(row: WebsiteRow, origin: string): SiteEditorAnswer {
  const s = row.settings
  return {
    versions: versionsOf(row),
    site: {
      name: row.name,
      logo: row.logo,
      favicon: row.favicon,
      description: row.description,
      font_family: row.fontFamily,
      show_cart: row.showCart,
      show_supplier_page: row.showSupplierPage,
      webAddress: s.webAddress,
    },
    theme: { active: row.theme, themes: s.themes },
    navigation: { ...s.navSetting, nav_alignment: s.navSetting.nav_alignment, logo_settings: parseLogoSettings(s.navSetting.logo_settings) },
    menus: { navs: s.navs, footers: s.footers },
    popup_seo: {
      popup: s.popup ?? { image: null, duration: 5, link: null, once: false },
      webSeo: s.webSeo,
      supplierTiles: s.supplierTiles ?? [],
    },
    origin,
  }
}

/** The group's data as audit rows keep it (and stale saves are compared with). */
function recordOf(group: SiteGroup, a: SiteEditorAnswer): Record<string, unknown> {
  return { ...(a[group] as Record<string, unknown>), version: a.versions[group] }
}

export async function getSiteEditor(ctx: StaffCtx, origin: string): Promise<SiteEditorAnswer> {
  const row = await q.findWebsite(ctx.db, ctx.site.id)
  if (!row) throw notFound('This website does not exist')
  return answerOf(row, origin)
}

type Change = { website?: Partial<q.WebsiteUpdate>; settings?: Partial<SiteSettings> }

async function saveGroup(ctx: StaffWriteCtx, group: SiteGroup, seen: number, origin: string, change: (row: WebsiteRow) => Change): Promise<SiteEditorAnswer> {
  const row = await q.lockWebsite(ctx.db, ctx.site.id)
  if (!row) throw notFound('This website does not exist')
  const before = answerOf(row, origin)
  await expectVersion(
    ctx,
    { entity: ENTITY, id: group, label: LABEL[group] },
    seen,
    { version: before.versions[group], record: recordOf(group, before) },
    before,
  )
  return staffWrite(ctx, { action: `site_settings.${group}`, entity: ENTITY, changesStorefront: true }, async (tx: Tx) => {
    const { website = {}, settings = {} } = change(row)
    const versions = { ...row.settingsVersions, [group]: before.versions[group] + 1 }
    const saved = await q.updateWebsite(tx, row.id, { ...website, settings: { ...row.settings, ...settings }, settingsVersions: versions })
    const after = answerOf(saved, origin)
    return { result: after, id: group, before: recordOf(group, before), after: recordOf(group, after) }
  })
}

export function saveSiteIdentity(ctx: StaffWriteCtx, input: SiteIdentityInput, origin: string) {
  return saveGroup(ctx, 'site', input.version, origin, () => ({
    website: {
      name: input.name,
      logo: input.logo || null,
      favicon: input.favicon || null,
      description: input.description,
      fontFamily: input.font_family,
      showCart: input.show_cart,
      showSupplierPage: input.show_supplier_page,
    },
    settings: { webAddress: input.webAddress },
  }))
}

export function saveTheme(ctx: StaffWriteCtx, input: ThemeInput, origin: string) {
  return saveGroup(ctx, 'theme', input.version, origin, () => ({ website: { theme: input.active }, settings: { themes: input.themes } }))
}

export function saveNavigation(ctx: StaffWriteCtx, input: NavigationInput, origin: string) {
  const { version: _, logo_settings, ...rest } = input
  return saveGroup(ctx, 'navigation', input.version, origin, () => ({
    // nav_alignment is also a column the storefront's Website answer carries (spec §3): both say the same
    website: { navAlignment: input.nav_alignment },
    settings: { navSetting: { ...rest, logo_settings: JSON.stringify(logo_settings) } },
  }))
}

export function saveMenus(ctx: StaffWriteCtx, input: MenusInput, origin: string) {
  return saveGroup(ctx, 'menus', input.version, origin, (row) => ({
    settings: { navs: toStored(input.navs, row.settings.navs), footers: toStored(input.footers, row.settings.footers) },
  }))
}

export function savePopupSeo(ctx: StaffWriteCtx, input: PopupSeoInput, origin: string) {
  return saveGroup(ctx, 'popup_seo', input.version, origin, () => ({
    settings: {
      popup: { ...input.popup, image: input.popup.image || null, link: input.popup.link || null, coupon: input.popup.coupon?.toUpperCase() || null },
      webSeo: { ...input.webSeo, og_image: input.webSeo.og_image || null },
      supplierTiles: input.supplierTiles.map((t) => ({ ...t, avatar: t.avatar || null, image: t.image || null, title: t.title || null })),
    },
  }))
}
