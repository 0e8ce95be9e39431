import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { type Db, rowsOf } from '../db/client'

/**
 * Claims this period's run of the job `name`: true for exactly one caller across every app process, then false
 * until `everyMs` has passed. One statement: when two processes race, PostgreSQL locks the row and the second one's
 * `where` sees the first one's new `due_at`.
 */
export async function claimRun(db: Db, name: string, everyMs: number): Promise<boolean> {
  const next = sql`now() + ${`${everyMs} milliseconds`}::interval`
  const rows = await db.execute(sql`
    insert into scheduled_jobs (name, due_at, last_run_at) values (${name}, ${next}, now())
    on conflict (name) do update set due_at = excluded.due_at, last_run_at = now()
    where scheduled_jobs.due_at <= now()
    returning name`)
  return rowsOf(rows).length === 1
}

/** A piece of work that runs unless the process drains (undefined then: stop). */
export type Step = <T>(work: () => Promise<T>) => Promise<T | undefined>

export interface ScheduledJob {
  name: string
  /** at most one run per period across every process */
  everyMs: number
  /** bounded pieces through `step`, so shutdown waits for one piece, never for the whole job */
  run(step: Step): Promise<void>
}

/** Runs the job here when it is due and this process claims it; true when it ran. */
export async function runIfDue(app: FastifyInstance, job: ScheduledJob): Promise<boolean> {
  if (app.lifecycle.phase !== 'ready' || !(await claimRun(app.deps.db, job.name, job.everyMs))) return false
  await job.run((work) => app.lifecycle.run(work))
  return true
}

/** Checks every `checkMs` (0: never) whether the job is due. */
export function scheduleJob(app: FastifyInstance, job: ScheduledJob, checkMs: number) {
  if (checkMs === 0) return
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      await runIfDue(app, job)
    } catch (err) {
      app.log.error({ err, job: job.name }, 'scheduled job failed')
      void app.reportError(err, { job: job.name })
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void tick(), checkMs)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
