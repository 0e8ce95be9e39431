import { createHash } from 'node:crypto'
import { COLOUR_PATTERN, type SiteSettings } from '../../common/contracts/site-settings'
import { APP_ICON_SIZES, type AppIconLook } from '../features/media/app-icon'
import { activeTheme } from '../features/site-settings/service'

/** What the manifest, the icons and the offline page read of a website. */
export interface InstallableSite {
  name: string
  description: string
  theme: string
  settings: SiteSettings
}

const DEFAULT_PRIMARY = '#0c7a2a'

/** a theme colour as stored, when it is one (it goes into CSS, SVG and JSON), else the default */
const colour = (value: string | undefined, fallback: string) => (value && COLOUR_PATTERN.test(value) ? value : fallback)

/** The website's icon look: its initials in its theme's on-primary colour on its primary colour. */
export function appLook(site: InstallableSite): AppIconLook & { page: string; text: string } {
  const colours = activeTheme(site).colors
  return {
    name: site.name,
    background: colour(colours.primary, DEFAULT_PRIMARY),
    foreground: colour(colours['on-primary'], '#ffffff'),
    page: colour(colours.background, '#ffffff'),
    text: colour(colours.text, '#1b1f23'),
  }
}

/** A short name for the home screen (about 12 letters show under an icon): the name, else its first words that fit. */
export function shortName(name: string, max = 15): string {
  const words = name.trim().split(/\s+/)
  while (words.length > 1 && words.join(' ').length > max) words.pop()
  const short = words.join(' ').replace(/[\s&,.:;+-]+$/, '')
  return short.length <= max ? short : short.slice(0, max).trimEnd()
}

/** Changes when the look does, so that a new theme colour or name is a new icon address. */
export const lookVersion = (look: AppIconLook) => createHash('sha256').update(`${look.name}\n${look.background}\n${look.foreground}`).digest('hex').slice(0, 10)

/** The website's web app manifest (W3C Web Application Manifest): its own name, colours and icons. */
export function appManifest(site: InstallableSite) {
  const look = appLook(site)
  const v = lookVersion(look)
  const icon = (size: number, purpose: 'any' | 'maskable') => ({ src: `/app-icon-${size}.png?v=${v}`, sizes: `${size}x${size}`, type: 'image/png', purpose })
  return {
    id: '/',
    name: site.name,
    short_name: shortName(site.name),
    description: site.description || `Shop at ${site.name}`,
    lang: 'en-IN',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: look.page,
    theme_color: look.background,
    icons: [...APP_ICON_SIZES.map((size) => icon(size, 'any')), icon(512, 'maskable')],
  }
}
