export type LinkTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string } | { kind: 'none' }

const NONE: LinkTarget = { kind: 'none' }
const PROBE_ORIGIN = 'https://site.invalid'

/**
 * Spec §2 slide links: '/…' → same tab; http://, https:// or www. → new tab ('www.' gets https://); anything
 * else is not a link. SECURITY XS-06: '//host' and '/\host' also start with '/' but leave the site, so they are
 * not links. Tabs and newlines are dropped first because the URL parser drops them too ('/\t/evil' is '//evil').
 * The storefront follows only what this calls a link, and staff saves refuse anything else (server pages/safety).
 */
export function classifyLink(href: string | null | undefined): LinkTarget {
  if (typeof href !== 'string') return NONE
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the control characters browsers ignore in URLs
  const s = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
  if (s.startsWith('/')) {
    if (s[1] === '/' || s[1] === '\\') return NONE
    const url = parse(s, PROBE_ORIGIN)
    return url?.origin === PROBE_ORIGIN ? { kind: 'internal', to: s } : NONE
  }
  if (/^https?:\/\//i.test(s)) return external(s)
  if (/^www\./i.test(s)) return external(`https://${s}`)
  return NONE
}

function external(s: string): LinkTarget {
  const url = parse(s)
  return url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname && !/\s/.test(s) ? { kind: 'external', href: s } : NONE
}

function parse(s: string, base?: string): URL | null {
  try {
    return new URL(s, base)
  } catch {
    return null
  }
}
