import { sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import type { Lifecycle } from '../../platform/lifecycle'

/** A task's work ended by a reset before it was done: its row (if the reset left one) is let go. */
export class Interrupted extends Error {}

type Handler = (payload: Record<string, unknown>) => Promise<void>

/** Deferred work, by kind: run by a handler once due. */
export interface Tasks {
  handle(kind: string, handler: Handler): void
  /** a task outside any transaction (a webhook retry) */
  later(ms: number, kind: string, payload: Record<string, unknown>): Promise<void>
  /** after a transaction that added tasks (`addTask`) commits: look for them when they fall due */
  wake(ms: number): void
  /** forgets this process's timers (reset: the tasks themselves are deleted) */
  clearWakers(): void
  /** shutdown: no more runs; waits for the work under way */
  close(): Promise<void>
}
interface Task {
  id: number
  kind: string
  payload: Record<string, unknown>
}

const LEASE_MS = 30_000
const POLL_MS = 1000

/** Adds a task due in `ms`, on the database or inside a transaction (then it exists only if the transaction commits). */
export async function addTask(db: Db | Tx, ms: number, kind: string, payload: Record<string, unknown>) {
  await db.execute(
    sql`insert into payment_simulator.tasks (kind, payload, due_at) values (${kind}, ${JSON.stringify(payload)}::jsonb, now() + ${`${ms} milliseconds`}::interval)`,
  )
}

/**
 * The simulator's deferred work (late authorisations, refund settlement, webhook deliveries and retries), shared by
 * every process like the order outbox: a due task is claimed with a lease (`skip locked`), run, then deleted. The
 * process that made a task wakes itself when it falls due; every process also looks once a second, so a task whose
 * process died is run by another: when it was never claimed at once, when it was after its lease (at least once,
 * as the providers deliver webhooks).
 */
export function createTaskRunner(db: Db, lifecycle: Lifecycle, log: { warn(o: object, m: string): void }): Tasks {
  const handlers = new Map<string, Handler>()
  const wakers = new Set<NodeJS.Timeout>()
  const running = new Set<Promise<void>>()
  let draining: Promise<void> | null = null
  let again = false
  let closed = false

  async function claim(): Promise<Task | null> {
    const rows = rowsOf<Task>(
      await db.execute(sql`
        update payment_simulator.tasks set claimed_until = now() + ${`${LEASE_MS} milliseconds`}::interval
        where id = (
          select id from payment_simulator.tasks
          where due_at <= now() and (claimed_until is null or claimed_until < now())
          order by due_at, id limit 1 for update skip locked)
        returning id, kind, payload`),
    )
    return rows[0] ?? null
  }

  async function run(task: Task) {
    try {
      const handler = handlers.get(task.kind)
      if (!handler) throw new Error(`no handler for ${task.kind}`)
      await handler(task.payload)
      await db.execute(sql`delete from payment_simulator.tasks where id = ${task.id}`)
    } catch (err) {
      if (err instanceof Interrupted) await db.execute(sql`update payment_simulator.tasks set claimed_until = null where id = ${task.id}`).catch(() => {})
      else {
        log.warn({ err, task: task.kind }, 'payment simulator task failed')
        await db.execute(sql`delete from payment_simulator.tasks where id = ${task.id}`).catch(() => {})
      }
    }
  }

  /** runs every due task, each without waiting for the others (a slow webhook endpoint holds up nothing else) */
  function drain(): Promise<void> {
    if (closed || lifecycle.phase !== 'ready') return Promise.resolve()
    if (draining) {
      again = true
      return draining
    }
    draining = (async () => {
      do {
        again = false
        for (let task = await claim(); task && !closed; task = await claim()) {
          const work = run(task)
          running.add(work)
          void work.finally(() => running.delete(work))
        }
      } while (again && !closed)
    })()
      .catch((err) => log.warn({ err }, 'payment simulator tasks could not be claimed'))
      .finally(() => {
        draining = null
      })
    return draining
  }

  function wake(ms: number) {
    const timer = setTimeout(() => {
      wakers.delete(timer)
      void drain()
    }, ms)
    timer.unref()
    wakers.add(timer)
  }
  function clearWakers() {
    for (const timer of wakers) clearTimeout(timer)
    wakers.clear()
  }

  const poll = setInterval(() => void drain(), POLL_MS)
  poll.unref()

  return {
    handle(kind: string, handler: Handler) {
      handlers.set(kind, handler)
    },
    /** after a transaction that added tasks commits: look for them when they fall due */
    wake,
    /** a task outside any transaction (a webhook retry) */
    async later(ms: number, kind: string, payload: Record<string, unknown>) {
      await addTask(db, ms, kind, payload)
      wake(ms)
    },
    /** forgets the wake-ups of this process (reset: the tasks themselves are deleted) */
    clearWakers,
    /** shutdown: no more claims; waits for the tasks under way */
    async close() {
      closed = true
      clearInterval(poll)
      clearWakers()
      await draining
      while (running.size) await Promise.allSettled([...running])
    },
  }
}

/** PGlite mode (one process): tasks are timers in this process, as the simulator had before (decision 0039). */
export function createMemoryTasks(log: { warn(o: object, m: string): void }): Tasks {
  const handlers = new Map<string, Handler>()
  const timers = new Set<NodeJS.Timeout>()
  const running = new Set<Promise<void>>()
  let closed = false
  const clearWakers = () => {
    for (const timer of timers) clearTimeout(timer)
    timers.clear()
  }
  return {
    handle: (kind, handler) => void handlers.set(kind, handler),
    async later(ms, kind, payload) {
      if (closed) return
      const timer = setTimeout(() => {
        timers.delete(timer)
        const work = (handlers.get(kind)?.(payload) ?? Promise.reject(new Error(`no handler for ${kind}`))).catch((err) => {
          if (!(err instanceof Interrupted)) log.warn({ err, task: kind }, 'payment simulator task failed')
        })
        running.add(work)
        void work.finally(() => running.delete(work))
      }, ms)
      timer.unref()
      timers.add(timer)
    },
    wake() {},
    clearWakers,
    async close() {
      closed = true
      clearWakers()
      while (running.size) await Promise.allSettled([...running])
    },
  }
}
