/**
 * The router, on wouter (1.5 KB) rather than React Router (13 KB gzip): the shopper's first load has a
 * 120 KB budget (docs/decisions/0005-shopper-first-load-budget.md). This module gives the rest of the client the few familiar names it needs.
 */
import { type AnchorHTMLAttributes, type ReactNode, useMemo, useState, useSyncExternalStore } from 'react'
import { parse } from 'regexparam'
import { Link as WouterLink, matchRoute, Router, useLocation as useWouterLocation, useSearch } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { navigate as browserNavigate, useBrowserLocation } from 'wouter/use-browser-location'

export { Route, useParams } from 'wouter'

/** The window events by which wouter's browser location announces a change of address. */
export const NAVIGATIONS = ['popstate', 'pushState', 'replaceState']

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
  /** go even while a page blocks leaving (it has just saved, say) */
  force?: boolean
}

export function useNavigate() {
  const [, navigate] = useWouterLocation()
  return (to: string, options: NavigateOptions = {}) =>
    navigate(to, { replace: options.replace, state: options.preventScrollReset ? { keepScroll: true } : null, force: options.force } as Parameters<
      typeof navigate
    >[1])
}

/**
 * A page that must not be left without asking (a form with unsaved edits) blocks navigation: links and
 * navigate() calls wait for `ask`, and so does the browser's Back/Forward, whose address is put back first.
 * One at a time; the function returned lifts it.
 */
let blocker: { ask: () => Promise<boolean>; here: string } | null = null
let leaving = false

export function blockNavigation(ask: () => Promise<boolean>): () => void {
  const own = { ask, here: typeof window === 'undefined' ? '' : window.location.pathname + window.location.search + window.location.hash }
  blocker = own
  return () => {
    if (blocker === own) blocker = null
  }
}

type NavigateFn = (to: string, options?: { replace?: boolean; state?: unknown; force?: boolean }) => void
function guarded(navigate: NavigateFn): NavigateFn {
  return (to, options) => {
    const current = blocker
    if (!current || options?.force) return navigate(to, options)
    void current.ask().then((leave) => {
      if (!leave) return
      if (blocker === current) blocker = null
      navigate(to, options)
    })
  }
}
const guardedBrowserNavigate = guarded(browserNavigate as NavigateFn)
const useGuardedBrowserLocation = (options: Parameters<typeof useBrowserLocation>[0]) =>
  [useBrowserLocation(options)[0], guardedBrowserNavigate] as ReturnType<typeof useBrowserLocation>

if (typeof window !== 'undefined') {
  // Registered when this module loads, before the router subscribes: the address is back before it looks.
  window.addEventListener('popstate', () => {
    const current = blocker
    const here = window.location.pathname + window.location.search + window.location.hash
    if (!current || leaving || here === current.here) {
      leaving = false
      return
    }
    window.history.pushState(window.history.state, '', current.here)
    void current.ask().then((leave) => {
      if (!leave) return
      if (blocker === current) blocker = null
      leaving = true
      window.history.back()
    })
  })
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
  return <Router hook={useGuardedBrowserLocation}>{children}</Router>
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
  const [memory] = useState(() => {
    const location = memoryLocation({ path: entry, record: true })
    const navigate = guarded(location.navigate as NavigateFn)
    return { hook: () => [location.hook()[0], navigate] as ReturnType<typeof location.hook>, searchHook: location.searchHook }
  })
  return (
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {children}
    </Router>
  )
}
