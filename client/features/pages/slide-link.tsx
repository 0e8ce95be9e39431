import type { ReactNode } from 'react'
import { Link } from '../../lib/router'

export type LinkTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string } | { kind: 'none' }

const NONE: LinkTarget = { kind: 'none' }
const PROBE_ORIGIN = 'https://site.invalid'

/**
 * Spec §2 slide links: '/…' → same tab; http://, https:// or www. → new tab ('www.' gets https://); anything
 * else is not a link. SECURITY XS-06: '//host' and '/\host' also start with '/' but leave the site, so they are
 * not links. Tabs and newlines are dropped first because the URL parser drops them too ('/\t/evil' is '//evil').
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

export interface SlideLinkProps {
  href: string | null | undefined
  className?: string
  children: ReactNode
  'aria-label'?: string
}

/** Wraps a slide or tile in the right kind of link, or in a plain block when the link is not followable. */
export function SlideLink({ href, className, children, 'aria-label': ariaLabel }: SlideLinkProps) {
  const target = classifyLink(href)
  if (target.kind === 'internal') {
    return (
      <Link to={target.to} className={className} aria-label={ariaLabel}>
        {children}
      </Link>
    )
  }
  if (target.kind === 'external') {
    return (
      <a
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        aria-label={ariaLabel ? `${ariaLabel} (opens in a new tab)` : undefined}
      >
        {children}
        {!ariaLabel && <span className="sr-only"> (opens in a new tab)</span>}
      </a>
    )
  }
  return <div className={className}>{children}</div>
}
