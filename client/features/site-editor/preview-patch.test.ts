import { describe, expect, it } from 'vitest'
import { previewPatch } from './preview-patch'

const logo = { image_size: 'contain', image_height: 40, image_width: 120 }
const nav = {
  nav_alignment: 'center',
  logo_settings: logo,
  search_setting: { width: 60 },
  navbar_height: 64,
  sub_navbar_height: 40,
  navbar_template: 2,
  header_template: 3,
  footer_name: 'Shop',
  show_cart_icon: true,
  show_pincode: true,
  show_login: true,
  show_account: true,
  show_logo: true,
  show_register: true,
  show_search_bar: true,
}
const item = (name: string, link: string, value: string | null = null) => ({ group: 0, name, icon: null, show_icon: 0, link, value, image: null, children: [] })

describe('the site preview patch (unsaved settings as GET /api/init would answer them)', () => {
  it('maps the theme to the active theme and the website’s theme name', () => {
    expect(previewPatch('theme', { active: 'festive', themes: { light: { primary: '#0c7a2a' }, festive: { primary: '#7b1fa2' } } })).toEqual({
      web: { theme: 'festive' },
      activeTheme: { name: 'festive', colors: { primary: '#7b1fa2' } },
    })
  })

  it('stores logo settings as the spec’s JSON string and copies nav_alignment to the website', () => {
    const patch = previewPatch('navigation', nav)
    expect(patch?.navSetting).toMatchObject({ header_template: 3, navbar_template: 2, logo_settings: JSON.stringify(logo) })
    expect(patch?.web).toEqual({ nav_alignment: 'center' })
  })

  it('gives menus the stored shape (slug, children) and is null while the save schema refuses the values', () => {
    expect(previewPatch('menus', { navs: [item('Offers', '/offers')], footers: [] })?.navs).toEqual([{ ...item('Offers', '/offers'), slug: null }])
    expect(previewPatch('menus', { navs: [item('Bad', 'javascript:alert(1)')], footers: [] }), 'a refused link is never previewed').toBeNull()
    expect(previewPatch('theme', { active: 'festive', themes: { festive: { primary: 'red;}body{x' } } })).toBeNull()
    expect(previewPatch('navigation', { ...nav, header_template: 9 })).toBeNull()
  })
})
