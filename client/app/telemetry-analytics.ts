import posthog from 'posthog-js/dist/module.slim.no-external'

/** The proxy path on the product's own origin (server/features/analytics/routes.ts). */
export const INGEST_PATH = '/ingest'

/** posthog-js with exactly spec §9's settings; the rest keeps it to what the product asks for (no remote code). */
export const ANALYTICS_SETTINGS = {
  capture_pageview: false,
  person_profiles: 'identified_only',
  request_batching: true,
  request_queue_config: { flush_interval_ms: 3000 },
  session_idle_timeout_seconds: 1800,
} as const

export interface Analytics {
  pageview(url: string): void
  website(id: number, name: string): void
  user(id: string | null): void
}

/**
 * The website is the group of every event: `$groups` on each event and one `$groupidentify` with its name. Not
 * through posthog.group(): posthog-js processes a person for every event once a group is registered, and spec §9
 * wants person profiles only for signed-in shoppers.
 */
export function startAnalytics({ key }: { key: string }): Analytics {
  let groups: Record<string, string> | null = null
  posthog.init(key, {
    ...ANALYTICS_SETTINGS,
    api_host: `${window.location.origin}${INGEST_PATH}`,
    ui_host: null,
    autocapture: false,
    capture_pageleave: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_external_dependency_loading: true,
    advanced_disable_flags: true,
    persistence: 'localStorage+cookie',
    before_send: (event) => {
      if (event && groups) event.properties = { ...event.properties, $groups: groups }
      return event
    },
  })
  let group = ''
  let identified: string | null = null
  return {
    pageview: (url) => posthog.capture('$pageview', { $current_url: url, $pathname: new URL(url).pathname }),
    website(id, name) {
      const key = `${id}:${name}`
      if (key === group) return
      group = key
      groups = { website: String(id) }
      posthog.capture('$groupidentify', { $group_type: 'website', $group_key: String(id), $group_set: { name } })
    },
    user(id) {
      if (id && id !== identified) posthog.identify(id)
      else if (!id && identified) posthog.reset()
      identified = id
    },
  }
}
