import { writeFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { Db } from './client'
import { MIGRATIONS_DIR, openDb } from './client'
import * as schema from './schema/index'
import { seedIfEmpty } from './seed/index'

/** initdb in WASM takes seconds; tests and e2e servers load this migrated, seeded tarball instead (~1 s). */
export async function makePgliteTemplate(file: string, port = 3000) {
  const client = await PGlite.create({ extensions: { pg_trgm } })
  const db = drizzle(client, { schema })
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR })
  await seedIfEmpty(db as unknown as Db, port)
  const dump = await client.dumpDataDir('none')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await client.close()
}

/** A seeded PostgreSQL database that test databases are copied from (CREATE DATABASE … TEMPLATE). */
export async function makePostgresTemplate(adminUrl: string, name: string, port = 3000) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists "${name}"`)
  await admin.query(`create database "${name}"`)
  await admin.end()
  const database = await openDb({ url: withDatabase(adminUrl, name), poolSize: 4 })
  await seedIfEmpty(database.db, port)
  await database.close()
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}
