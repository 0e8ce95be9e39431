import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, rowsOf, type Tx } from '../client'
import { writeArchive } from './archive'
import { type DumpMethod, figuresOf, type Manifest, migrationOf } from './manifest'
import { majorOf, PG_DUMP_FILE, pgDump, type Tool, toolVersion } from './pg-tools'
import { dumpRows } from './rows'

export const MANIFEST = 'manifest.json'
export const PGLITE_FILE = 'database/pglite.tar'

/** A backup or restore refused for a reason the operator fixes: said in one line, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError'
}

export interface BackupOptions {
  /** `logical`: the rows as JSON lines whatever the database, which load into either (from the embedded database to PostgreSQL) */
  format?: 'native' | 'logical'
  log?: (line: string) => void
}

/**
 * One archive of the whole database, media included (images are rows of `media`): the database's own dump (pg_dump,
 * or the embedded database's data directory) or the logical one, and a manifest with the schema's migration and the
 * figures a restore must find again, all counted in the snapshot the dump was taken in.
 */
export async function backup(database: Database, file: string, options: BackupOptions = {}): Promise<Manifest> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'storefront-backup-'))
  try {
    const made = await dump(database, work, await methodFor(database, options))
    const files = []
    for (const name of made.files) files.push({ name, ...(await factsOf(path.join(work, name))) })
    const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), ...made.about, files }
    await writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2))
    await writeArchive(
      file,
      [MANIFEST, ...made.files].map((name) => ({ name, path: path.join(work, name) })),
    )
    return manifest
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

interface Method {
  method: DumpMethod
  server: string
  tool: Tool | null
}

/** pg_dump when it is installed and as new as the server; the embedded database's data directory; else the rows. */
async function methodFor(database: Database, { format = 'native', log = () => {} }: BackupOptions): Promise<Method> {
  const [{ version, num }] = rowsOf<{ version: string; num: string }>(
    await database.db.execute(sql`select current_setting('server_version') as version, current_setting('server_version_num') as num`),
  )
  if (format === 'logical') return { method: 'logical', server: version, tool: null }
  if (database.kind === 'pglite') return { method: 'pglite', server: version, tool: null }
  const tool = await toolVersion('pg_dump')
  if (tool && tool.major >= majorOf(num)) return { method: 'pg_dump', server: version, tool }
  log(
    tool
      ? `pg_dump ${tool.version} is older than the server (${version}): dumping the rows through the driver instead`
      : 'pg_dump is not installed (Debian: postgresql-client): dumping the rows through the driver instead',
  )
  return { method: 'logical', server: version, tool: null }
}

async function dump(database: Database, work: string, { method, server, tool }: Method) {
  // the embedded database's files are copied as they are on disk: its changes written there first (outside a transaction)
  if (method === 'pglite') await database.db.execute(sql`checkpoint`)
  return database.db.transaction(
    async (tx) => {
      const snapshot = method === 'pg_dump' ? rowsOf<{ id: string }>(await tx.execute(sql`select pg_export_snapshot() as id`))[0].id : ''
      const migration = await migrationOf(tx)
      if (!migration) throw new BackupError('the database has no storefront schema (it was never migrated): nothing to back up')
      const figures = await figuresOf(tx)
      const files = await dumpFiles(database, tx, work, method, snapshot)
      const about = { database: { kind: database.kind, server, method, ...(tool ? { tool: tool.version } : {}) }, migration, figures }
      return { about, files }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

async function dumpFiles(database: Database, tx: Tx, work: string, method: DumpMethod, snapshot: string): Promise<string[]> {
  if (method === 'logical') return dumpRows(tx, work)
  await mkdir(path.join(work, 'database'), { recursive: true })
  if (method === 'pg_dump') {
    await pgDump(database.url!, snapshot, path.join(work, PG_DUMP_FILE))
    return [PG_DUMP_FILE]
  }
  const tarball = await database.pglite!.dumpDataDir('none')
  await writeFile(path.join(work, PGLITE_FILE), Buffer.from(await tarball.arrayBuffer()))
  return [PGLITE_FILE]
}

export async function factsOf(file: string) {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return { bytes: (await stat(file)).size, sha256: hash.digest('hex') }
}
