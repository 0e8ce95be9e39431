import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { getTableName, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema/index'
import { StartError } from '../platform/start-error'
import { lockDataDir } from './data-dir-lock'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Rows of a raw `db.execute(sql…)`; both drivers answer with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/**
 * A column named with its table, for correlated subqueries in a select list: there drizzle writes a one-table
 * query's columns bare (`"id"`), which inside `(select … from order_items where order_id = "id")` means the
 * subquery's own `id`.
 */
export const outer = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** the PostgreSQL connection string (null for PGlite): what other connections to the same database need */
  url: string | null
  /** applies the migrations not yet applied (openDb does unless told `migrate: false`); one process at a time; a restore
   * names a folder with the first of them only (server/db/backup) */
  migrate(migrationsFolder?: string): Promise<void>
  /** answers when the database does, or throws (readiness) */
  ping(timeoutMs?: number): Promise<void>
  /** connections in use, idle and waited for (PostgreSQL's pool; PGlite has one connection) */
  poolStats(): { total: number; idle: number; waiting: number }
  close(): Promise<void>
  /** the embedded database itself (its data directory is what a backup of it copies) */
  pglite?: PGlite
  /** tells this listener too of every statement sent from now on, on either driver, with its time and whether it failed (metrics) */
  meter(listener: QueryListener): void
}

/** seconds a statement took, and whether it failed */
export type QueryListener = (seconds: number, failed: boolean) => void

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle')

export interface OpenDbOptions {
  /** postgres://… or postgresql://… selects PostgreSQL; `memory://` an in-memory PGlite; `pglite` or unset → PGlite in dataDir */
  url?: string
  dataDir?: string
  /** a tarball made by dumpDataDir, used when the PGlite database is new */
  template?: string
  poolSize?: number
  /**
   * PostgreSQL behind a transaction pooler (PgBouncer, `url` its address): a direct address of the same database for
   * what needs a session of its own, the migration lock and LISTEN (decision 0057). The pooled connections then carry
   * no startup settings (a pooler refuses them): the pooler sets the time limits (deploy/pgbouncer.ini).
   */
  sessionUrl?: string
  /** apply the migrations before answering (default); main.ts migrates later, once it answers health checks */
  migrate?: boolean
  /** PostgreSQL: the longest a statement runs, and waits for a lock (0: no limit); past either it fails, and its
   * transaction rolls back: the API answers 503 with Retry-After (platform/errors.ts) */
  timeouts?: { statementMs?: number; lockMs?: number }
}

/**
 * PostgreSQL's limits on one statement and on one wait for a lock. The lock wait is the shorter: a request queued on
 * a hot row (a pack's stock row under a burst of checkouts and counter sales) gives up, and answers 503 "try again
 * in a moment", before its statement would.
 */
export const DEFAULT_TIMEOUTS = { statementMs: 10_000, lockMs: 5_000 }

const timeoutsOf = (given: OpenDbOptions['timeouts'] = {}) => ({
  statementMs: given.statementMs ?? DEFAULT_TIMEOUTS.statementMs,
  lockMs: given.lockMs ?? DEFAULT_TIMEOUTS.lockMs,
})

export async function openDb(options: OpenDbOptions): Promise<Database> {
  const url = options.url ?? 'pglite'
  let database: Database
  if (/^postgres(ql)?:\/\//.test(url)) database = openPostgres(url, options.poolSize ?? 10, timeoutsOf(options.timeouts), options.sessionUrl)
  else if (url === 'memory://') database = await openPglite(undefined, options.template)
  else if (url === 'pglite') database = await openPglite(path.resolve(options.dataDir ?? './data', 'pglite'), options.template)
  // never the embedded database for a mistyped URL: it would start empty (config.ts refuses such a DATABASE_URL first)
  else throw new StartError('DATABASE_URL must be postgres://… or postgresql://…, pglite or memory://')
  if (options.migrate !== false) await database.migrate()
  return database
}

/** Any number, the same in every process: the advisory lock that lets one process at a time migrate. */
const MIGRATION_LOCK = 7_316_001

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function openPostgres(url: string, max: number, timeouts: typeof DEFAULT_TIMEOUTS, sessionUrl?: string): Database {
  const pooled = sessionUrl !== undefined && sessionUrl !== url
  // No JIT: compiling a query the planner thinks costly (a staff sort over every stock row) took about a second,
  // far more than running it; the app's queries are short. Through a pooler the pooler's connect_query says so.
  const settings = pooled ? {} : { statement_timeout: timeouts.statementMs, lock_timeout: timeouts.lockMs, options: '-c jit=off' }
  const pool = new pg.Pool({ connectionString: url, max, ...settings })
  // An idle connection killed by the server (restart, failover, pg_terminate_backend, DROP DATABASE … FORCE)
  // is reported here; the pool has already dropped it and opens a new one on demand. Without a listener
  // node-postgres rethrows it as an uncaught exception and the process dies (SECURITY RE-01).
  pool.on('error', () => {})
  const listeners = queryListeners()
  pool.on('connect', (client) => meterClient(client, listeners.current))
  const db = drizzlePg(pool, { schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    // what another connection of its own needs (LISTEN): the direct address when the pool goes through a pooler
    url: sessionUrl ?? url,
    // Several app processes may start at once on a new database: the first migrates, the others wait for it and
    // then find nothing left to do. The lock is a session's: on the direct address behind a pooler.
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      const direct = pooled ? new pg.Client({ connectionString: sessionUrl }) : null
      if (direct) await direct.connect()
      const client = direct ?? (await pool.connect())
      try {
        // No lock limit here: a process waits for the one migrating before it, a migration for the tables it changes.
        await client.query('set lock_timeout = 0')
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        await migratePg(drizzlePg(client), { migrationsFolder })
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
        // back in the pool with the connection's own lock timeout
        await client.query('reset lock_timeout').catch(() => {})
        if (direct) await direct.end().catch(() => {})
        else (client as pg.PoolClient).release()
      }
    },
    ping: async (timeoutMs = 1000) => {
      await withTimeout(pool.query('select 1'), timeoutMs, 'database')
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
    meter: listeners.add,
  }
}

/** The listeners of one database; `current` is undefined while there are none (then nothing is timed). */
function queryListeners() {
  const list: QueryListener[] = []
  const all: QueryListener = (seconds, failed) => {
    for (const listener of list) listener(seconds, failed)
  }
  return {
    add: (listener: QueryListener) => {
      list.push(listener)
    },
    current: () => (list.length ? all : undefined),
  }
}

type Callback = (err: unknown, result: unknown) => void

/**
 * Times every statement of a pooled connection, in each of node-postgres's forms: the promise drizzle's transactions
 * use, and the callback pool.query() passes, which is how every statement outside a transaction is sent (timing the
 * promise form alone counted 7 statements after thousands of requests).
 */
function meterClient(client: pg.PoolClient, listener: () => QueryListener | undefined) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  ;(client as { query: unknown }).query = (...args: unknown[]) => {
    const heard = listener()
    if (!heard) return query(...args)
    const started = performance.now()
    const done = (failed: boolean) => heard((performance.now() - started) / 1000, failed)
    const last = args.length - 1
    const callback = args[last]
    if (typeof callback === 'function') {
      args[last] = ((err, result) => {
        done(Boolean(err))
        ;(callback as Callback)(err, result)
      }) satisfies Callback
      return query(...args)
    }
    const config = args[0] as { callback?: Callback; submit?: unknown; once?: (event: string, fn: () => void) => void } | null
    if (config && typeof config.submit === 'function' && config.once) {
      // a cursor or stream: one statement, over when it ends
      config.once('end', () => done(false))
      config.once('error', () => done(true))
    } else if (config && typeof config.callback === 'function') {
      const given = config.callback
      config.callback = (err, result) => {
        done(Boolean(err))
        given(err, result)
      }
    }
    const result = query(...args)
    if (result instanceof Promise)
      result.then(
        () => done(false),
        () => done(true),
      )
    return result
  }
}

/**
 * Times every statement of the embedded database: query and exec, and inside a transaction its own query and exec
 * with the BEGIN and the COMMIT or ROLLBACK it sends (as drizzle sends them itself on PostgreSQL).
 */
function meterPglite(client: PGlite, listener: () => QueryListener | undefined) {
  const timed =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const heard = listener()
      if (!heard) return fn(...args)
      const started = performance.now()
      const result = fn(...args)
      result.then(
        () => heard((performance.now() - started) / 1000, false),
        () => heard((performance.now() - started) / 1000, true),
      )
      return result
    }
  const meterOf = <T extends { query: PGlite['query']; exec: PGlite['exec'] }>(target: T) => {
    target.query = timed(target.query.bind(target)) as T['query']
    target.exec = timed(target.exec.bind(target)) as T['exec']
  }
  meterOf(client)
  const transaction = client.transaction.bind(client)
  client.transaction = <T>(callback: Parameters<PGlite['transaction']>[0]) => {
    listener()?.(0, false) // BEGIN
    return transaction(async (tx) => {
      meterOf(tx)
      return callback(tx) as T
    }).then(
      (result) => {
        listener()?.(0, false) // COMMIT
        return result
      },
      (err) => {
        listener()?.(0, false) // ROLLBACK
        throw err
      },
    )
  }
}

async function openPglite(dir: string | undefined, template: string | undefined): Promise<Database> {
  let unlock = () => {}
  let isNew = true
  if (dir) {
    mkdirSync(dir, { recursive: true })
    unlock = lockDataDir(dir)
    isNew = !existsPgVersion(dir)
  }
  const loadDataDir = isNew && template ? new Blob([readFileSync(template)]) : undefined
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, loadDataDir })
  const listeners = queryListeners()
  meterPglite(client, listeners.current)
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    url: null,
    migrate: async (migrationsFolder = MIGRATIONS_DIR) => {
      await migratePglite(drizzlePglite(client), { migrationsFolder })
    },
    ping: async (timeoutMs = 1000) => {
      await withTimeout(client.query('select 1'), timeoutMs, 'database')
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: async () => {
      await client.close()
      unlock()
    },
    pglite: client,
    meter: listeners.add,
  }
}

function existsPgVersion(dir: string) {
  try {
    readFileSync(path.join(dir, 'PG_VERSION'))
    return true
  } catch {
    return false
  }
}
