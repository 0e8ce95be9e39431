import type { Db } from '../../db/client'
import type { ScheduledJob, Step } from '../../platform/scheduled-job'
import { deleteExpiredSessions } from './queries'

/** rows per delete: each a short transaction that neither holds locks long nor bloats the WAL in one go */
export const EXPIRED_BATCH = 5000
/** a run deletes at most this many batches; the rest waits for the next run */
const MAX_BATCHES = 200

/**
 * Deletes the sessions past their expiry (no request finds them any more: `findSession` asks for a live one), in
 * batches. How many it deleted.
 */
export async function deleteExpired(db: Db, step: Step, now = new Date(), batch = EXPIRED_BATCH) {
  let deleted = 0
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await step(() => deleteExpiredSessions(db, now, batch))
    if (n === undefined) break
    deleted += n
    if (n < batch) break
  }
  return deleted
}

/** Once an hour across every process. */
export const expiredSessionsJob = (db: Db, log: { info(o: object, m: string): void }): ScheduledJob => ({
  name: 'expired_sessions',
  everyMs: 60 * 60 * 1000,
  async run(step) {
    const deleted = await deleteExpired(db, step)
    if (deleted) log.info({ deleted }, 'expired sessions deleted')
  },
})
