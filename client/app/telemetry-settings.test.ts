import { describe, expect, it } from 'vitest'
import { ANALYTICS_SETTINGS } from './telemetry-analytics'
import { MONITORING_SETTINGS } from './telemetry-monitoring'

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
})
