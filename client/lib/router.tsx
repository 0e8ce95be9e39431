/**
 * The router, on wouter (1.5 KB) rather than React Router (13 KB gzip): the shopper's first load has a
 * 120 KB budget (docs/decisions/0005-shopper-first-load-budget.md). This module gives the rest of the client the few familiar names it needs.
 */
import { type AnchorHTMLAttributes, type ReactNode, useMemo, useState, useSyncExternalStore } from 'react'
import { parse } from 'regexparam'
import { Link as WouterLink, matchRoute, Router, useLocation as useWouterLocation, useSearch } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

export { Route, Switch, useParams } from 'wouter'

export interface Location {
  pathname: string
  /** '' or '?…' */
  search: string
  hash: string
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation()
  const search = useSearch()
  const hash = typeof window === 'undefined' ? '' : window.location.hash
  return useMemo(() => ({ pathname, search: search ? `?${search}` : '', hash }), [pathname, search, hash])
}

export interface NavigateOptions {
  replace?: boolean
  /** keep the scroll position (filters, sort) instead of going to the top */
  preventScrollReset?: boolean
}

export function useNavigate() {
  const [, navigate] = useWouterLocation()
  return (to: string, options: NavigateOptions = {}) => navigate(to, { replace: options.replace, state: options.preventScrollReset ? { keepScroll: true } : null })
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: NavigateOptions) => void] {
  const search = useSearch()
  const navigate = useNavigate()
  const [pathname] = useWouterLocation()
  const params = useMemo(() => new URLSearchParams(search), [search])
  const set = (next: URLSearchParams, options?: NavigateOptions) => {
    const qs = next.toString()
    navigate(pathname + (qs ? `?${qs}` : ''), options)
  }
  return [params, set]
}

/** '/products/:slug' against '/products/atta' → { params: { slug: 'atta' } }; '*' matches anything. */
export function matchPath(pattern: string, pathname: string): { params: Record<string, string> } | null {
  const [matched, params] = matchRoute(parse as never, pattern, pathname)
  return matched ? { params: Object.fromEntries(Object.entries(params ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string')) } : null
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE'
let lastNavigation: NavigationType = 'POP'
const navigationListeners = new Set<() => void>()
if (typeof window !== 'undefined') {
  // wouter announces its own history calls with these events.
  const track = (type: NavigationType) => () => {
    lastNavigation = type
    navigationListeners.forEach((l) => l())
  }
  window.addEventListener('popstate', track('POP'))
  window.addEventListener('pushState', track('PUSH'))
  window.addEventListener('replaceState', track('REPLACE'))
}

export function useNavigationType(): NavigationType {
  return useSyncExternalStore(
    (l) => {
      navigationListeners.add(l)
      return () => navigationListeners.delete(l)
    },
    () => lastNavigation,
    () => 'POP',
  )
}

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string
  /** a full page load (staff tools that open in a new tab) */
  reloadDocument?: boolean
}

/** Internal links navigate without a full reload (spec §2). */
export function Link({ to, reloadDocument, ...props }: LinkProps) {
  if (reloadDocument || props.target === '_blank') return <a href={to} {...props} />
  return <WouterLink href={to} {...props} />
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router>{children}</Router>
}

/** Server rendering: a fixed location. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const [path, search = ''] = location.split('?')
  return (
    <Router ssrPath={path} ssrSearch={search}>
      {children}
    </Router>
  )
}

/** Tests: an in-memory history starting at the first entry. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  if (typeof window === 'undefined') return <StaticRouter location={initialEntries[0]}>{children}</StaticRouter>
  return <InMemory entry={initialEntries[0]}>{children}</InMemory>
}

function InMemory({ entry, children }: { entry: string; children: ReactNode }) {
  const [memory] = useState(() => memoryLocation({ path: entry, record: true }))
  return (
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {children}
    </Router>
  )
}
