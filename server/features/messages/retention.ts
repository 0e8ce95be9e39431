import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import type { ScheduledJob } from '../../platform/scheduled-job'
import { deleteOlderThan } from './queries/messages'

const DAY = 86_400_000

/** The message log keeps MESSAGES_RETENTION_DAYS (like analytics' retention): older rows are deleted once a day. */
export function messageRetentionJob(db: Db, log: Pick<FastifyBaseLogger, 'info'>, days: number): ScheduledJob {
  return {
    name: 'messages_retention',
    everyMs: DAY,
    async run(step) {
      const cutoff = new Date(Date.now() - days * DAY)
      await step(() => deleteOlderThan(db, cutoff))
      log.info(`message log: rows older than ${days} days deleted`)
    },
  }
}
