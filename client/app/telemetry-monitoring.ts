import { type BrowserOptions, captureException, init } from '@sentry/browser'

/** The tunnel on the product's own origin (server/features/analytics/routes.ts): forwarded to the website's DSN, or kept. */
export const MONITORING_PATH = '/monitoring'

/** Spec §9's settings, exactly: with a DSN. */
export const MONITORING_SETTINGS = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const

/**
 * With a DSN: spec §9's settings. Without one the product keeps only errors (the tunnel stores them and would drop
 * traces and replays), so the browser sends only errors, to a stand-in DSN on our own host, and loads no tracing or
 * replay code.
 */
export function monitoringOptions({ dsn, environment, location }: { dsn?: string; environment: string; location: Pick<Location, 'protocol' | 'host'> }) {
  const options = { tunnel: MONITORING_PATH, environment } satisfies BrowserOptions
  if (!dsn) return { ...options, dsn: `${location.protocol}//local@${location.host}/0` }
  return { ...options, ...MONITORING_SETTINGS, dsn }
}

/** The build's name (scripts/build-web.sh): each event names it, and so do its source maps (docs/operations.md). */
declare const __STOREFRONT_RELEASE__: string

export async function startMonitoring({ dsn, environment }: { dsn?: string; environment: string }) {
  const tracing = dsn ? (await import('./telemetry-tracing')).tracingIntegrations() : []
  init({
    ...monitoringOptions({ dsn, environment, location: window.location }),
    release: __STOREFRONT_RELEASE__,
    // with a release the SDK also sends sessions: without a DSN the tunnel keeps errors only, so none are sent
    integrations: (defaults) => [...(dsn ? defaults : defaults.filter((i) => i.name !== 'BrowserSession')), ...tracing],
  })
  // what was thrown before this code arrived (client/early-taps.ts queues it from the page's first moment); from now
  // on Sentry's own handlers see each error
  const early = (window as Window & { __earlyErrors?: { take(): unknown[] } }).__earlyErrors
  for (const error of early?.take() ?? []) captureException(error, { mechanism: { type: 'onerror', handled: false } })
}
