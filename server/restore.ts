import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from './config'
import { BackupError } from './db/backup/backup'
import { restore } from './db/backup/restore'
import { StartError } from './platform/start-error'

/**
 * Restores an archive of `backup` (docs/decisions/0044-backups.md) into DATABASE_URL, or the embedded database in
 * DATA_DIR, then migrates it to this version's schema:
 *   npm run restore -- /var/backups/storefront/storefront-20260101T020000Z.tar.gz
 *   node dist/app/restore.js …   (production, with the app processes stopped)
 */
const USAGE = `Usage: restore <archive.tar.gz> [--force]
  Restores into DATABASE_URL (or the embedded database in DATA_DIR). It refuses a database with data, or with other
  connections (stop the app first), unless --force; and an archive from a newer version of the storefront.`

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' }, help: { type: 'boolean' } }, allowPositionals: true })
if (values.help || positionals.length !== 1) {
  console.log(USAGE)
  process.exit(values.help ? 0 : 2)
}

const started = Date.now()
try {
  const config = loadConfig()
  if (config.DATABASE_URL === 'memory://') throw new BackupError('DATABASE_URL=memory:// keeps nothing: restore into postgres://… or pglite')
  const url = config.DATABASE_URL && config.DATABASE_URL !== 'pglite' ? config.DATABASE_URL : undefined
  const file = path.resolve(positionals[0])
  const m = await restore({ url, dataDir: config.DATA_DIR }, file, { force: values.force, log: (line) => console.log(line) })
  const where = url ? `${new URL(url).host}${new URL(url).pathname}` : `the embedded database in ${path.resolve(config.DATA_DIR, 'pglite')}`
  console.log(
    `Restored ${file} into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s: schema ${m.migration.tag} (now migrated to this version's), ${m.figures.orders.count} orders, ${m.figures.media.length} images, every table's rows and every image checked`,
  )
} catch (err) {
  if (!(err instanceof BackupError || err instanceof StartError)) throw err
  console.error(`restore failed: ${err instanceof StartError ? err.line : err.message}`)
  process.exitCode = 1
}
