import { sql } from 'drizzle-orm'
import { type Db, rowsOf } from './client'
import { tablesOf } from './backup/manifest'

/** The app's tables that hold rows (none: the database is empty, migrated or not). */
export async function tablesWithRows(db: Db): Promise<string[]> {
  const full: string[] = []
  for (const table of await tablesOf(db)) {
    const [row] = rowsOf<{ any: boolean }>(await db.execute(sql`select exists(select 1 from ${sql.identifier(table)}) as any`))
    if (row.any) full.push(table)
  }
  return full
}

/** Drops every table, function and migration record of the app: what is left is an empty database to migrate or restore into. */
export async function wipe(db: Db) {
  await db.execute(sql`drop schema if exists drizzle cascade`)
  await db.execute(sql`drop schema public cascade`)
  await db.execute(sql`create schema public`)
}
