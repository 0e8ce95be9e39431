import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from './config'
import { backup, BackupError } from './db/backup/backup'
import { openDb } from './db/client'
import { StartError } from './platform/start-error'

/**
 * One archive of the database with its media (docs/decisions/0044-backups.md):
 *   npm run backup -- --out /var/backups/storefront --keep 14
 *   node dist/app/backup.js …   (production; in compose: docker compose run --rm app-1 node dist/app/backup.js …)
 * The embedded database (DATABASE_URL=pglite) is one process's files: stop the app first (it says so if it runs).
 */
const USAGE = `Usage: backup [--out <directory or file.tar.gz>] [--keep <n>] [--format native|logical]
  Writes one archive of the database (DATABASE_URL, or the embedded one in DATA_DIR) and its media: storefront-<UTC time>.tar.gz
  in --out (default: DATA_DIR/backups). --keep n: then removes all but the newest n archives there.
  --format logical: the rows as JSON lines, which restore into PostgreSQL and the embedded database alike.`

const { values } = parseArgs({
  options: { out: { type: 'string' }, keep: { type: 'string' }, format: { type: 'string' }, help: { type: 'boolean' } },
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

const started = Date.now()
try {
  const keep = values.keep === undefined ? undefined : Number(values.keep)
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) throw new BackupError(`--keep must be a whole number from 1: ${USAGE}`)
  if (values.format && values.format !== 'native' && values.format !== 'logical') throw new BackupError(`--format is native or logical: ${USAGE}`)
  const config = loadConfig()
  const embedded = !config.DATABASE_URL || config.DATABASE_URL === 'pglite'
  if (config.DATABASE_URL === 'memory://') throw new BackupError('DATABASE_URL=memory:// keeps nothing to back up')
  if (embedded && !existsSync(path.resolve(config.DATA_DIR, 'pglite', 'PG_VERSION')))
    throw new BackupError(`there is no embedded database in ${path.resolve(config.DATA_DIR, 'pglite')}: nothing to back up`)
  const out = path.resolve(values.out ?? path.join(config.DATA_DIR, 'backups'))
  const toFile = out.endsWith('.tar.gz')
  const dir = toFile ? path.dirname(out) : out
  mkdirSync(dir, { recursive: true })
  const file = toFile
    ? out
    : path.join(
        dir,
        `storefront-${new Date()
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d+Z$/, 'Z')}.tar.gz`,
      )
  const database = await openDb({
    url: config.DATABASE_URL,
    sessionUrl: config.DATABASE_SESSION_URL,
    dataDir: config.DATA_DIR,
    migrate: false,
    poolSize: 2,
    timeouts: { statementMs: 0, lockMs: 0 },
  })
  try {
    const format = values.format as 'native' | 'logical' | undefined
    const m = await backup(database, file, { format, log: (line) => console.log(line) })
    const rows = Object.values(m.figures.tables).reduce((a, n) => a + n, 0)
    console.log(
      `Backed up to ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${m.database.method} of ${m.database.kind} ${m.database.server}, schema ${m.migration.tag}, ${rows} rows, ${m.figures.orders.count} orders, ${m.figures.media.length} images`,
    )
  } finally {
    await database.close()
  }
  if (keep !== undefined && !toFile) prune(dir, keep)
} catch (err) {
  if (!(err instanceof BackupError || err instanceof StartError)) throw err
  console.error(`backup failed: ${err instanceof StartError ? err.line : err.message}`)
  process.exitCode = 1
}

/** Retention: the newest `keep` archives this command made in `dir` stay (their names sort by time). */
function prune(dir: string, keep: number) {
  const archives = readdirSync(dir)
    .filter((name) => /^storefront-\d{8}T\d{6}Z\.tar\.gz$/.test(name))
    .sort()
  for (const name of archives.slice(0, -keep)) {
    rmSync(path.join(dir, name))
    console.log(`Removed ${name} (kept the newest ${keep})`)
  }
}
