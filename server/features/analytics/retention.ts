import type { Db } from '../../db/client'
import type { ScheduledJob, Step } from '../../platform/scheduled-job'
import * as q from './queries'

const DAY_MS = 24 * 60 * 60 * 1000
/** rows per delete: each is a short transaction that neither holds locks long nor bloats the WAL in one go */
export const RETENTION_BATCH = 5000
/** a run deletes at most this many batches per table and website; the rest waits for the next run */
const MAX_BATCHES = 200

/**
 * Deletes the analytics events and browser errors each website keeps longer than its retention (decision 0037),
 * in batches. What it deleted, per table.
 */
export async function pruneAnalytics(db: Db, step: Step, now = new Date(), batch = RETENTION_BATCH) {
  const deleted = { events: 0, errors: 0 }
  for (const site of await q.retentionOfEveryWebsite(db)) {
    const tables = [
      { key: 'events', days: site.events_days, remove: q.deleteEventsBefore },
      { key: 'errors', days: site.errors_days, remove: q.deleteClientErrorsBefore },
    ] as const
    for (const table of tables) {
      const before = new Date(now.getTime() - table.days * DAY_MS)
      for (let i = 0; i < MAX_BATCHES; i++) {
        const n = await step(() => table.remove(db, site.websiteId, before, batch))
        if (n === undefined) return deleted
        deleted[table.key] += n
        if (n < batch) break
      }
    }
  }
  return deleted
}

/** Once an hour across every process. */
export const retentionJob = (db: Db, log: { info(o: object, m: string): void }): ScheduledJob => ({
  name: 'analytics_retention',
  everyMs: 60 * 60 * 1000,
  async run(step) {
    const deleted = await pruneAnalytics(db, step)
    if (deleted.events || deleted.errors) log.info({ deleted }, 'old analytics events and browser errors deleted')
  },
})
