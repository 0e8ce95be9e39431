import type { QueryClient } from '@tanstack/react-query'
import type { InitData } from '../../common/contracts/site-settings'
import { NAVIGATIONS } from '../lib/router'
import { routeFor } from './routes'
import { startAnalytics } from './telemetry-analytics'
import { startMonitoring } from './telemetry-monitoring'

/**
 * Analytics and monitoring of spec §9 (docs/decisions/0037-analytics-and-monitoring.md), loaded by
 * client/entry-client.tsx with import() 2.5 s after the page is interactive: nothing here is part of a first load.
 * One page view per address the router shows (path and query; staff screens are not shop traffic), the first load
 * and those the entry noted before this code arrived included, in order.
 */
export function startTelemetry(queryClient: QueryClient, noted: string[], noting: () => void) {
  // The counter sells offline for hours: its traces and replays would fail every send, and it is not shop traffic.
  if (/^\/pos(\/|$)/.test(window.location.pathname)) return
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined
  // the shop works without its monitoring
  startMonitoring({ dsn: meta('monitoring-dsn'), environment: meta('environment') ?? 'local' }).catch(() => {})
  const analytics = startAnalytics({ key: meta('analytics-key') ?? 'phc_storefront_local' })
  const init = () => queryClient.getQueryData<InitData>(['init'])

  const sync = () => {
    const data = init()
    analytics.user(data?.user ? String(data.user.id) : null)
    if (data) analytics.website(data.web.id, data.web.name)
  }
  let last = ''
  const view = (url: string) => {
    if (url === last) return
    last = url
    if (routeFor(new URL(url).pathname).route.shell === 'staff') return
    sync()
    analytics.pageview(url)
  }
  for (const type of NAVIGATIONS) removeEventListener(type, noting)
  for (const url of noted) view(url)
  for (const type of NAVIGATIONS) addEventListener(type, () => view(window.location.href))
  // signing in or out changes init's user
  queryClient.getQueryCache().subscribe((e) => {
    if (e.query.queryKey[0] === 'init' && e.type === 'updated') sync()
  })
}
