import { browserTracingIntegration, init, replayIntegration } from '@sentry/browser'

/** The tunnel on the product's own origin (server/features/analytics/routes.ts): forwarded to the website's DSN, or kept. */
export const MONITORING_PATH = '/monitoring'

/** Spec §9's settings, exactly. */
export const MONITORING_SETTINGS = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const

export function startMonitoring({ dsn, environment }: { dsn?: string; environment: string }) {
  init({
    ...MONITORING_SETTINGS,
    // Without a DSN the product itself stands in for it: the tunnel keeps the errors.
    dsn: dsn ?? `${window.location.protocol}//local@${window.location.host}/0`,
    tunnel: MONITORING_PATH,
    environment,
    // The replay's compression runs in a worker made from a blob:, which the pages' CSP refuses (script-src 'self').
    integrations: [browserTracingIntegration(), replayIntegration({ useCompression: false })],
  })
}
