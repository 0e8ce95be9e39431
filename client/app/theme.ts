import { Colour, FontFamily, type InitData } from '../../common/contracts/site-settings'

/** The active theme's colour map as CSS variables, and the site font (spec §2). Values are re-checked: they end up in CSS. */
export function themeCss(init: InitData): string {
  const vars = Object.entries(init.activeTheme.colors)
    .filter(([name, value]) => /^[a-z][a-z0-9-]{0,30}$/.test(name) && Colour.safeParse(value).success)
    .map(([name, value]) => `--color-${name}:${value}`)
  const font = FontFamily.safeParse(init.web.font_family)
  const family = font.success && font.data !== 'Inter' ? `"${font.data}", "Inter Variable"` : '"Inter Variable"'
  vars.push(`--site-font:${family}`)
  if (init.activeTheme.name === 'dark') vars.push('color-scheme:dark')
  return `:root{${vars.join(';')}}`
}
