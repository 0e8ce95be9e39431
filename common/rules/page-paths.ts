/**
 * Addresses the app answers itself (client/app/routes.ts and the server's own paths): a page built in the page
 * builder cannot take them, or it would hide or be hidden by the shop's own screens. `/` is the home page, which
 * is a built page.
 */
export const APP_PATHS = [
  'products',
  'account',
  'auth',
  'checkout',
  'order',
  'bos',
  's',
  'pos',
  'page-builder',
  'cdn',
  'sim',
  'assets',
  'api',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
] as const

/** '/checkout' and '/checkout/anything' are the app's; '/checkout-offers' is free. */
export function isAppPath(url: string): boolean {
  const first = url.replace(/^\/+/, '').split('/')[0].toLowerCase()
  return (APP_PATHS as readonly string[]).includes(first)
}

/** A page address: '/', or '/' and lowercase letters, digits, '-', '_' in segments separated by '/'. */
export const PAGE_URL = /^\/(?:[a-z0-9_-]+(?:\/[a-z0-9_-]+)*)?$/

/**
 * The app's own screens whose page settings come from a page row (spec §3: show_navbar, show_sub_navbar,
 * show_footer, SEO, schema): the page builder edits those settings, never blocks, and cannot take them down.
 */
export const APP_PAGES = ['/products'] as const
export const isAppPage = (url: string): boolean => (APP_PAGES as readonly string[]).includes(url)
