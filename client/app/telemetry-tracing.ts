import { browserTracingIntegration, replayIntegration } from '@sentry/browser'

/** Traces and replays: loaded only for a website with a DSN (telemetry-monitoring.ts). */
export const tracingIntegrations = () => [
  browserTracingIntegration(),
  // The replay's compression runs in a worker made from a blob:, which the pages' CSP refuses (script-src 'self').
  replayIntegration({ useCompression: false }),
]
