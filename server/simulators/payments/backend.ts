import type { FastifyBaseLogger } from 'fastify'
import { type Database, openDb } from '../../db/client'
import type { Lifecycle } from '../../platform/lifecycle'
import { forgetEverything, memoryRows, type Rows, sqlRows } from './store'
import { createTables } from './tables'
import { addTask, createMemoryTasks, createTaskRunner, type Tasks } from './tasks'

type Later = (ms: number, kind: string, payload: Record<string, unknown>) => Promise<void>

/** Where the simulator keeps its records and deferred work (decision 0039). */
export interface SimBackend {
  rows: Rows
  tasks: Tasks
  /** runs work on the rows of one transaction; `later` adds a task that exists once the work commits */
  transaction<T>(work: (rows: Rows, later: Later) => Promise<T>): Promise<T>
  /** every record and task (`POST /__sim/reset`) */
  forget(): Promise<void>
  close(): Promise<void>
}

/**
 * On PostgreSQL: the app's database, in tables the simulator makes (tables.ts), through a small pool of the
 * simulator's own. The app calls a provider while holding a transaction (checkout/pay.ts keeps the order's row lock
 * while it creates the provider order); on the app's pool, concurrent calls would each hold a connection and wait for
 * the simulator, which waits for one.
 */
export async function postgresBackend(url: string, lifecycle: Lifecycle, log: FastifyBaseLogger): Promise<SimBackend> {
  const { db, close } = await openDb({ url, poolSize: 4, migrate: false })
  await createTables(db)
  const tasks = createTaskRunner(db, lifecycle, log)
  return {
    rows: sqlRows(db),
    tasks,
    async transaction(work) {
      const due: number[] = []
      const result = await db.transaction((tx) =>
        work(sqlRows(tx), async (ms, kind, payload) => {
          await addTask(tx, ms, kind, payload)
          due.push(ms)
        }),
      )
      for (const ms of due) tasks.wake(ms)
      return result
    },
    forget: () => forgetEverything(db),
    async close() {
      await tasks.close()
      await close()
    },
  }
}

/**
 * On PGlite: this process's memory. PGlite has one connection, which the app's transaction holds while it calls
 * the simulator (above): the simulator's own queries would wait for it until the call timed out. A PGlite
 * database is one process's anyway (its data directory is locked), so there is nothing to share. Work runs one at
 * a time, which makes each piece atomic as a transaction is.
 */
export function memoryBackend(log: FastifyBaseLogger): SimBackend {
  const rows = memoryRows()
  const tasks = createMemoryTasks(log)
  let queue: Promise<unknown> = Promise.resolve()
  return {
    rows,
    tasks,
    transaction<T>(work: (rows: Rows, later: Later) => Promise<T>) {
      const run = queue.then(async () => {
        const due: Parameters<Later>[] = []
        const result = await work(rows, async (...task) => void due.push(task))
        for (const task of due) await tasks.later(...task)
        return result
      })
      queue = run.catch(() => {})
      return run
    },
    async forget() {
      rows.clear()
    },
    close: () => tasks.close(),
  }
}

/** The backend for the app's database. */
export const simBackend = (database: Database, lifecycle: Lifecycle, log: FastifyBaseLogger) =>
  database.kind === 'postgres' && database.url ? postgresBackend(database.url, lifecycle, log) : Promise.resolve(memoryBackend(log))
