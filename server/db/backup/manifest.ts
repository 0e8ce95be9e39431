import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { type Db, MIGRATIONS_DIR, rowsOf, type Tx } from '../client'

/** How the database part of an archive was made, and so what can load it. */
export type DumpMethod = 'pg_dump' | 'pglite' | 'logical'

/** manifest.json: what an archive holds, and what a restore must find again. */
export interface Manifest {
  format: 1
  createdAt: string
  database: {
    kind: 'postgres' | 'pglite'
    /** the server's version (PGlite is PostgreSQL in WebAssembly) */
    server: string
    method: DumpMethod
    /** pg_dump's version, for the pg_restore that must be as new */
    tool?: string
  }
  /** the last schema migration applied (drizzle's journal) */
  migration: Migration
  figures: Figures
  /** every file of the archive besides this one, with its SHA-256: a damaged archive is refused before anything is touched */
  files: { name: string; bytes: number; sha256: string }[]
}

export interface Migration {
  tag: string
  /** drizzle's migration timestamp: the order of migrations */
  when: number
}

/** What a restore must find again, counted in the same snapshot as the dump. */
export interface Figures {
  /** rows of every table */
  tables: Record<string, number>
  orders: { count: number; totalPaise: string }
  /** every uploaded or demo image (they are kept in the database: docs/decisions/0016-media-uploads.md) */
  media: { path: string; bytes: number; sha256: string }[]
}

export interface JournalEntry {
  idx: number
  when: number
  tag: string
}

export const journal = (folder = MIGRATIONS_DIR): JournalEntry[] =>
  (JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries

type Query = Db | Tx

/** The tables of the app's schema, in name order. */
export async function tablesOf(db: Query): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`),
  )
  return rows.map((r) => r.name)
}

/** The last migration the database has, or null for a database the app never migrated. */
export async function migrationOf(db: Query): Promise<Migration | null> {
  const [table] = rowsOf<{ found: string | null }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`))
  if (!table.found) return null
  const [last] = rowsOf<{ when: string }>(
    await db.execute(sql`select created_at::text as when from drizzle.__drizzle_migrations order by created_at desc limit 1`),
  )
  if (!last) return null
  const when = Number(last.when)
  return { tag: journal().find((e) => e.when === when)?.tag ?? `unknown (${when})`, when }
}

export async function figuresOf(db: Query): Promise<Figures> {
  const tables: Record<string, number> = {}
  for (const name of await tablesOf(db)) {
    const [row] = rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from ${sql.identifier(name)}`))
    tables[name] = Number(row.n)
  }
  const [orders] = rowsOf<{ count: string; total: string }>(
    await db.execute(sql`select count(*)::text as count, coalesce(sum(total_paise), 0)::text as total from orders`),
  )
  const media = rowsOf<{ path: string; bytes: string; sha256: string }>(
    await db.execute(sql`select path, length(bytes)::text as bytes, encode(sha256(bytes), 'hex') as sha256 from media order by path`),
  )
  return {
    tables,
    orders: { count: Number(orders.count), totalPaise: orders.total },
    media: media.map((m) => ({ path: m.path, bytes: Number(m.bytes), sha256: m.sha256 })),
  }
}

/** What differs between the figures an archive promised and those a restored database has (empty: the same). */
export function differences(expected: Figures, found: Figures): string[] {
  const out: string[] = []
  for (const [table, rows] of Object.entries(expected.tables))
    if (found.tables[table] !== rows) out.push(`${table}: ${rows} rows in the backup, ${found.tables[table] ?? 'no table'} restored`)
  if (expected.orders.count !== found.orders.count || expected.orders.totalPaise !== found.orders.totalPaise)
    out.push(
      `orders: ${expected.orders.count} worth ${expected.orders.totalPaise} paise in the backup, ${found.orders.count} worth ${found.orders.totalPaise} restored`,
    )
  const restored = new Map(found.media.map((m) => [m.path, m.sha256]))
  const changed = expected.media.filter((m) => restored.get(m.path) !== m.sha256)
  if (changed.length) out.push(`media: ${changed.length} of ${expected.media.length} files missing or different (${changed[0].path}…)`)
  return out
}
