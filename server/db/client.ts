import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema/index'
import { lockDataDir } from './data-dir-lock'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Rows of a raw `db.execute(sql…)`; both drivers answer with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** the PostgreSQL connection string (null for PGlite): what other connections to the same database need */
  url: string | null
  close(): Promise<void>
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle')

export interface OpenDbOptions {
  /** postgres://… selects PostgreSQL; `memory://` an in-memory PGlite; unset → PGlite in dataDir */
  url?: string
  dataDir?: string
  /** a tarball made by dumpDataDir, used when the PGlite database is new */
  template?: string
  poolSize?: number
}

export async function openDb(options: OpenDbOptions): Promise<Database> {
  const url = options.url
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options.poolSize ?? 10)
  const dir = url === 'memory://' ? undefined : path.resolve(options.dataDir ?? './data', 'pglite')
  return openPglite(dir, options.template)
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // No JIT: compiling a query the planner thinks costly (a staff sort over every stock row) took about a second,
  // far more than running it; the app's queries are short.
  const pool = new pg.Pool({ connectionString: url, max, statement_timeout: 10_000, options: '-c jit=off' })
  // An idle connection killed by the server (restart, failover, pg_terminate_backend, DROP DATABASE … FORCE)
  // is reported here; the pool has already dropped it and opens a new one on demand. Without a listener
  // node-postgres rethrows it as an uncaught exception and the process dies (SECURITY RE-01).
  pool.on('error', () => {})
  const db = drizzlePg(pool, { schema }) as unknown as Db
  await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR })
  return { db, kind: 'postgres', url, close: () => pool.end() }
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
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR })
  return {
    db,
    kind: 'pglite',
    url: null,
    close: async () => {
      await client.close()
      unlock()
    },
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
