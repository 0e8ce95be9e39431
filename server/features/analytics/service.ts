import type { Analytics, ClientErrorRow, DataRetention, MonitoringSettings } from '../../../common/contracts/admin-analytics'
import { SENTRY_HOSTS } from '../../platform/error-report'
import { AppError } from '../../platform/errors'
import type { Outbound, Refusal } from '../../platform/outbound'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as q from './queries'

const DAY_MS = 24 * 60 * 60 * 1000
const indiaDate = (d: Date) => new Date(d.getTime() + 330 * 60 * 1000).toISOString().slice(0, 10)

/** Page views per India day (every day of the range, 0 when none), top pages and searches. */
export async function analyticsReport(ctx: StaffCtx, days = 30, now = new Date()): Promise<Analytics> {
  const websiteId = ctx.site.id
  const firstDay = indiaDate(new Date(now.getTime() - (days - 1) * DAY_MS))
  const since = new Date(`${firstDay}T00:00:00+05:30`)
  const [perDay, pages, searches] = await Promise.all([
    q.pageViewsPerDay(ctx.db, websiteId, since),
    q.topPages(ctx.db, websiteId, since),
    q.topSearches(ctx.db, websiteId, since),
  ])
  const byDate = new Map(perDay.map((r) => [r.date, r]))
  const page_views = Array.from({ length: days }, (_, i) => {
    const date = indiaDate(new Date(since.getTime() + i * DAY_MS + 12 * 60 * 60 * 1000))
    const row = byDate.get(date)
    return { date, views: row?.views ?? 0, visitors: row?.visitors ?? 0 }
  })
  return { page_views, top_pages: pages, top_searches: searches, stored: !ctx.config.POSTHOG_HOST }
}

export async function clientErrorList(ctx: StaffCtx): Promise<{ errors: ClientErrorRow[] }> {
  const rows = await q.latestClientErrors(ctx.db, ctx.site.id)
  return {
    errors: rows.map((r) => ({ id: r.id, at: r.at.toISOString(), message: r.message, type: r.type, url: r.url, environment: r.environment, stack: r.stack })),
  }
}

export const monitoringSettings = async (ctx: StaffCtx): Promise<MonitoringSettings> => ({ dsn: await q.monitoringDsnOf(ctx.db, ctx.site.id) })

const DSN_REFUSED: Record<Refusal, string> = {
  scheme: 'Use your Sentry project’s DSN: it starts with https://',
  host: 'Use your Sentry project’s DSN (https://KEY@….ingest.sentry.io/PROJECT): this shop sends errors to Sentry only',
  not_public: 'Use your Sentry project’s DSN: this address is not on the public internet',
}

/**
 * The website's DSN: its browser and error reports go there through /monitoring from the next page load on. Only
 * to Sentry (and the hosts the operator allows), on the public internet: the server posts to it (decision 0042).
 */
export async function saveMonitoringSettings(ctx: StaffWriteCtx, input: MonitoringSettings, outbound: Outbound): Promise<MonitoringSettings> {
  const refused = input.dsn ? await outbound.refusal(input.dsn, { hosts: SENTRY_HOSTS }) : null
  if (refused) throw new AppError('invalid', DSN_REFUSED[refused], { dsn: DSN_REFUSED[refused] })
  return staffWrite(ctx, { action: 'update', entity: 'monitoring', changesStorefront: true }, async (tx) => {
    const before = await q.monitoringDsnOf(tx, ctx.site.id)
    await q.setMonitoringDsn(tx, ctx.site.id, input.dsn)
    return { result: { dsn: input.dsn }, id: ctx.site.id, before: { dsn: before }, after: { dsn: input.dsn } }
  })
}

export async function retentionSettings(ctx: StaffCtx): Promise<DataRetention> {
  const r = await q.retentionOf(ctx.db, ctx.site.id)
  if (!r) throw new Error('the website is gone')
  return r
}

/** Days the website's events and browser errors are kept: the hourly job deletes older ones from its next run. */
export function saveRetentionSettings(ctx: StaffWriteCtx, input: DataRetention): Promise<DataRetention> {
  return staffWrite(ctx, { action: 'analytics_retention.update', entity: 'analytics_retention' }, async (tx) => {
    const before = await q.retentionOf(tx, ctx.site.id)
    await q.setRetention(tx, ctx.site.id, input)
    const after = { events_days: input.events_days, errors_days: input.errors_days }
    return { result: after, id: ctx.site.id, before, after }
  })
}
