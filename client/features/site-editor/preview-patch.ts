import { safeParse } from 'zod/v4/core'
import type { SiteGroup } from '../../../common/contracts/admin-site'
import type { InitData, NavItemNode } from '../../../common/contracts/site-settings'
import { SAVE_CALLS } from './api'

type Body = Record<string, unknown>
type Item = Omit<NavItemNode, 'slug' | 'children'> & { slug?: string | null; children?: Item[] }

const toNav = (items: Item[]): NavItemNode[] =>
  items.map((i) => ({
    group: i.group,
    name: i.name,
    icon: i.icon ?? null,
    show_icon: i.show_icon,
    link: i.link,
    value: i.value ?? null,
    image: i.image ?? null,
    slug: i.slug ?? null,
    children: toNav(i.children ?? []),
  }))

/**
 * What the storefront's GET /api/init would answer for a group once saved, as a patch of that answer, or null
 * while the group's save schema (the server's own check) refuses it: the preview never shows what a save would
 * refuse. Mirrors server/features/site-settings/admin.ts (how each group is stored) and service.ts (how it is answered).
 */
export function previewPatch(group: SiteGroup, body: Body): (Partial<Omit<InitData, 'web'>> & { web?: Partial<InitData['web']> }) | null {
  const parsed = safeParse(SAVE_CALLS[group].body, { ...body, version: 1 })
  if (!parsed.success) return null
  const v = parsed.data as Body
  switch (group) {
    case 'site': {
      const { name, logo, favicon, description, font_family, show_cart, show_supplier_page, webAddress } = v as Body & { webAddress: InitData['webAddress'] }
      return {
        web: { name, logo, favicon, description, font_family, show_cart, show_supplier_page } as Partial<InitData['web']>,
        webAddress,
      }
    }
    case 'theme': {
      const { active, themes } = v as { active: string; themes: Record<string, Record<string, string>> }
      return { web: { theme: active }, activeTheme: { name: active, colors: themes[active] ?? {} } }
    }
    case 'navigation': {
      const { version: _, logo_settings, ...rest } = v as Body & InitData['navSetting'] & { logo_settings: object }
      return { navSetting: { ...rest, logo_settings: JSON.stringify(logo_settings) } as InitData['navSetting'], web: { nav_alignment: rest.nav_alignment } }
    }
    case 'menus': {
      const { navs, footers } = v as { navs: Item[]; footers: Item[] }
      return { navs: toNav(navs), footers: toNav(footers) }
    }
    case 'popup_seo': {
      const { popup, webSeo } = v as { popup: NonNullable<InitData['popup']>; webSeo: InitData['webSeo'] }
      return { popup: { ...popup, image: popup.image || null, link: popup.link || null }, webSeo: { ...webSeo, og_image: webSeo.og_image || null } }
    }
  }
}
