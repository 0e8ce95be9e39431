import type { NavItemNode, SiteSettings } from '../../../common/contracts/site-settings'

/** White or near-black text, whichever reads better on the brand colour (WCAG relative luminance). */
function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#111111' : '#ffffff'
}

const link = (name: string, href: string, value: string | null = null, group = 0): NavItemNode => ({
  group,
  name,
  icon: null,
  show_icon: 0,
  link: href,
  value,
  image: null,
  slug: null,
  children: [],
})

/** The standard header: every slot shown, template 1, the spec's default sizes. */
export const DEFAULT_NAV_SETTING: SiteSettings['navSetting'] = {
  nav_alignment: 'left',
  logo_settings: JSON.stringify({ image_size: 'contain', image_height: 56, image_width: 56 }),
  search_setting: { width: 100 },
  navbar_height: 56,
  sub_navbar_height: 40,
  navbar_template: 1,
  header_template: 1,
  footer_name: '',
  show_cart_icon: true,
  show_pincode: true,
  show_login: true,
  show_account: true,
  show_logo: true,
  show_register: false,
  show_search_bar: true,
}

/** What a new website starts with: the standard header, a categories menu, a footer, both themes, the demo delivery rule. */
export function newWebsiteSettings(name: string, description: string, primary: string): SiteSettings {
  return {
    navSetting: { ...DEFAULT_NAV_SETTING, footer_name: name },
    navs: [link('Categories', '/products', '/categories'), link('All Products', '/products')],
    footers: [{ ...link('Shop', ''), group: 1, children: [link('All Products', '/products', null, 1)] }],
    webSeo: { og_title: name, og_description: description || null, meta_keywords: null, og_image: null },
    webAddress: { address: '', phone: '', email: '' },
    popup: null,
    webPages: [],
    themes: {
      light: {
        primary,
        'on-primary': textOn(primary),
        accent: '#f8c400',
        background: '#f6f7f8',
        surface: '#ffffff',
        text: '#1b1f23',
        muted: '#5b6470',
        border: '#e2e5e9',
      },
      dark: {
        primary,
        'on-primary': textOn(primary),
        accent: '#f8c400',
        background: '#101214',
        surface: '#1a1d21',
        text: '#eef1f4',
        muted: '#a3abb5',
        border: '#2c3137',
      },
    },
    delivery: { chargePaise: 3000, freeAbovePaise: 49900 },
  }
}
