import { describe, expect, it } from 'vitest'
import { ANALYTICS_SETTINGS } from './telemetry-analytics'
import { MONITORING_SETTINGS, monitoringOptions } from './telemetry-monitoring'

describe('spec §9 settings', () => {
  it('analytics: no automatic page view, person profiles only for identified users, 3,000 ms batches, 1,800 s sessions', () => {
    expect(ANALYTICS_SETTINGS).toEqual({
      capture_pageview: false,
      person_profiles: 'identified_only',
      request_batching: true,
      request_queue_config: { flush_interval_ms: 3000 },
      session_idle_timeout_seconds: 1800,
    })
  })

  it('monitoring: traces 100 %, replays of 10 % of sessions and 100 % of sessions with an error', () => {
    expect(MONITORING_SETTINGS).toEqual({ tracesSampleRate: 1.0, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1.0 })
  })

  it('monitoring with a DSN: those settings, the environment given, through the tunnel', () => {
    const dsn = 'https://key@errors.example.com/7'
    expect(monitoringOptions({ dsn, environment: 'staging', location: { protocol: 'https:', host: 'shop.example' } })).toEqual({
      dsn,
      tunnel: '/monitoring',
      environment: 'staging',
      tracesSampleRate: 1.0,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1.0,
    })
  })

  it('monitoring without a DSN: errors only (no trace or replay sampling), kept by the product', () => {
    expect(monitoringOptions({ environment: 'local', location: { protocol: 'https:', host: 'shop.example' } })).toEqual({
      dsn: 'https://local@shop.example/0',
      tunnel: '/monitoring',
      environment: 'local',
    })
  })
})
