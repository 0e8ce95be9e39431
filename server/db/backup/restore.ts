import { existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, MIGRATIONS_DIR, openDb, rowsOf } from '../client'
import { lockDataDir } from '../data-dir-lock'
import { tablesWithRows, wipe } from '../wipe'
import { readArchive } from './archive'
import { BackupError, factsOf, MANIFEST, PGLITE_FILE } from './backup'
import { differences, figuresOf, journal, type Manifest, type Migration } from './manifest'
import { PG_DUMP_FILE, pgRestore, toolVersion } from './pg-tools'
import { loadRows } from './rows'

export interface RestoreTarget {
  /** postgres://…; unset: the embedded database in `dataDir`/pglite */
  url?: string
  dataDir: string
}

export interface RestoreOptions {
  /** restore over a database that has data (PostgreSQL: emptied; the embedded one: its directory kept beside it) */
  force?: boolean
  log?: (line: string) => void
}

/**
 * Restores an archive of `backup()` into an empty database: refuses one with data unless forced, and an archive from a
 * newer schema than this code knows. Checks the archive's files before touching anything, then the restored figures
 * against the manifest's, then migrates to this code's schema (an archive from an older version).
 */
export async function restore(target: RestoreTarget, file: string, options: RestoreOptions = {}): Promise<Manifest> {
  const log = options.log ?? (() => {})
  const work = await mkdtemp(path.join(os.tmpdir(), 'storefront-restore-'))
  try {
    const manifest = await unpack(file, work)
    const method = manifest.database.method
    if (method === 'pg_dump' && !target.url)
      throw new BackupError('this archive was made by pg_dump: it restores into PostgreSQL only (a backup with --format logical restores into either)')
    if (method === 'pglite' && target.url)
      throw new BackupError(
        'this archive is of the embedded database: it restores into the embedded database only (a backup with --format logical restores into either)',
      )
    if (method === 'pg_dump') await checkPgRestore(manifest)
    let database: Database
    if (target.url) {
      database = await emptyPostgres(target.url, options)
    } else {
      await emptyPglite(target.dataDir, options, log)
      // the embedded database's own dump is its data directory: a new database starts from it as from a template
      const template = method === 'pglite' ? path.join(work, PGLITE_FILE) : undefined
      database = await openDb({ url: 'pglite', dataDir: target.dataDir, template, migrate: false })
    }
    try {
      if (method === 'pg_dump') await pgRestore(target.url!, path.join(work, PG_DUMP_FILE))
      if (method === 'logical') await loadLogical(database, work, manifest)
      const wrong = differences(manifest.figures, await figuresOf(database.db))
      if (wrong.length) throw new BackupError(`the restored database does not match the backup: ${wrong.join('; ')}`)
      await database.migrate()
    } finally {
      await database.close()
    }
    return manifest
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** Extracts the archive and checks its manifest, its files and its schema before anything is touched. */
async function unpack(file: string, work: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file`)
  let manifest: Manifest
  try {
    await readArchive(file, work)
    manifest = JSON.parse(await readFile(path.join(work, MANIFEST), 'utf8')) as Manifest
  } catch (err) {
    throw new BackupError(`${file} is not a storefront backup (${(err as Error).message})`)
  }
  if (manifest.format !== 1) throw new BackupError(`${file} is a backup of format ${manifest.format}: this version reads format 1`)
  for (const f of manifest.files) {
    const facts = await factsOf(path.join(work, f.name)).catch(() => null)
    if (facts?.sha256 !== f.sha256) throw new BackupError(`${file} is damaged: ${f.name} is missing or not what was backed up`)
  }
  const known = journal()
  const latest = known[known.length - 1]
  if (!known.some((e) => e.when === manifest.migration.when))
    throw new BackupError(
      manifest.migration.when > latest.when
        ? `${file} is from a newer version of the storefront (schema ${manifest.migration.tag}; this one knows up to ${latest.tag}): restore it with that version or newer`
        : `${file} has a schema this version does not know (${manifest.migration.tag})`,
    )
  return manifest
}

async function checkPgRestore(manifest: Manifest) {
  const tool = await toolVersion('pg_restore')
  if (!tool) throw new BackupError('this archive was made by pg_dump: restoring it needs pg_restore (Debian: postgresql-client)')
  const made = Number.parseInt(manifest.database.tool ?? '0', 10)
  if (tool.major < made) throw new BackupError(`this archive was made by pg_dump ${manifest.database.tool}: pg_restore ${tool.version} cannot read it`)
}

async function emptyPostgres(url: string, { force }: RestoreOptions): Promise<Database> {
  const database = await openDb({ url, poolSize: 2, migrate: false, timeouts: { statementMs: 0, lockMs: 0 } })
  try {
    const [{ others }] = rowsOf<{ others: number }>(
      await database.db.execute(sql`select count(*)::int as others from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`),
    )
    // the pool's second connection is not open yet: any other is an app process or a tool
    if (others > 0 && !force) throw new BackupError(`${others} other connections to this database: stop the app processes first (or --force)`)
    const full = await tablesWithRows(database.db)
    if (full.length && !force) throw new BackupError(`the database is not empty (${describe(full)}): restore into a new one, or --force to replace its data`)
    await wipe(database.db)
    return database
  } catch (err) {
    await database.close()
    throw err
  }
}

/** Makes way for the embedded database: a directory with data is refused, or kept beside it when forced. */
async function emptyPglite(dataDir: string, { force }: RestoreOptions, log: (line: string) => void) {
  const dir = path.resolve(dataDir, 'pglite')
  await mkdir(dataDir, { recursive: true })
  const unlock = lockDataDir(dir)
  try {
    if (existsSync(path.join(dir, 'PG_VERSION'))) {
      const existing = await openDb({ url: 'pglite', dataDir, migrate: false })
      const full = await tablesWithRows(existing.db).finally(() => existing.close())
      if (full.length && !force)
        throw new BackupError(`the embedded database in ${dir} is not empty (${describe(full)}): --force to replace it (it is kept beside it)`)
      if (full.length) {
        const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
        await rename(dir, aside)
        log(`the database that was there is kept in ${aside}`)
      }
    }
    await rm(dir, { recursive: true, force: true })
  } finally {
    unlock()
  }
}

/** The schema as it was at the archive's migration, then its rows. */
async function loadLogical(database: Database, work: string, manifest: Manifest) {
  await database.migrate(await migrationsUpTo(manifest.migration, work))
  await database.db.transaction((tx) => loadRows(tx, work, Object.keys(manifest.figures.tables)))
}

/** A migrations folder that ends at `last`. */
async function migrationsUpTo(last: Migration, work: string) {
  const folder = path.join(work, 'migrations')
  await mkdir(path.join(folder, 'meta'), { recursive: true })
  const entries = journal().filter((e) => e.when <= last.when)
  for (const e of entries) await copyFile(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`))
  const whole = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as object
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...whole, entries }))
  return folder
}

const describe = (tables: string[]) => `${tables.slice(0, 4).join(', ')}${tables.length > 4 ? ` and ${tables.length - 4} more tables` : ''} have rows`
