import * as z from 'zod/mini'
import { defineContract } from './http'
import { text } from './text'

/** Administration's view of the analytics and browser errors the product keeps itself (spec §9, decision 0037). */

const int = () => z.number().check(z.int())

export const Analytics = z.object({
  /** India's calendar days, oldest first, the last `days` of them (days without a view are 0) */
  page_views: z.array(z.object({ date: z.string(), views: int(), visitors: int() })),
  top_pages: z.array(z.object({ path: z.string(), views: int() })),
  top_searches: z.array(z.object({ search: z.string(), count: int() })),
  /** false when events go to a PostHog host: the product keeps none, and the figures are there */
  stored: z.boolean(),
})
export type Analytics = z.infer<typeof Analytics>

export const getAnalytics = defineContract({
  method: 'GET',
  path: '/api/admin/analytics',
  summary: 'Admin: page views per day, top pages and top searches of this website (the last 30 days)',
  query: z.object({ days: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(90))) }),
  response: Analytics,
})

export const ClientErrorRow = z.object({
  id: int(),
  at: z.string(),
  message: z.string(),
  type: z.nullable(z.string()),
  url: z.nullable(z.string()),
  environment: z.nullable(z.string()),
  stack: z.nullable(z.string()),
})
export type ClientErrorRow = z.infer<typeof ClientErrorRow>

export const listClientErrors = defineContract({
  method: 'GET',
  path: '/api/admin/client-errors',
  summary: 'Admin: the latest browser errors of this website (kept when it has no monitoring DSN)',
  response: z.object({ errors: z.array(ClientErrorRow) }),
})

/** A Sentry-compatible DSN: https://KEY@HOST/PROJECT */
const Dsn = text('DSN', [
  z.trim(),
  z.maxLength(500, 'DSN is at most 500 characters'),
  z.refine((v) => /^https?:\/\/[^@/\s]+@[^/\s]+\/(?:[^\s]*\/)?\d+$/.test(v), 'Enter a DSN like https://KEY@HOST/PROJECT'),
])
export const MonitoringSettings = z.object({ dsn: z.nullable(Dsn) })
export type MonitoringSettings = z.infer<typeof MonitoringSettings>

export const getMonitoring = defineContract({
  method: 'GET',
  path: '/api/admin/monitoring',
  summary: 'Admin: the website’s monitoring DSN (null: browser errors are kept by the product)',
  response: MonitoringSettings,
})

export const saveMonitoring = defineContract({
  method: 'PUT',
  path: '/api/admin/monitoring',
  summary: 'Admin: set or clear the website’s Sentry-compatible monitoring DSN',
  body: MonitoringSettings,
  response: MonitoringSettings,
})

const days = (label: string) =>
  z
    .number({ error: `${label} must be a number of days` })
    .check(z.int(`${label} must be whole days`), z.gte(1, `${label} must be kept 1 day or more`), z.lte(3650, `${label} are kept at most 3,650 days`))

/** How long the product keeps what it stores itself (no PostHog host, no DSN); older rows are deleted hourly. */
export const DataRetention = z.object({ events_days: days('Analytics events'), errors_days: days('Browser errors') })
export type DataRetention = z.infer<typeof DataRetention>

export const getRetention = defineContract({
  method: 'GET',
  path: '/api/admin/analytics/retention',
  summary: 'Admin: how many days this website’s analytics events and browser errors are kept',
  response: DataRetention,
})

export const saveRetention = defineContract({
  method: 'PUT',
  path: '/api/admin/analytics/retention',
  summary: 'Admin: set how many days this website’s analytics events and browser errors are kept',
  body: DataRetention,
  response: DataRetention,
})
