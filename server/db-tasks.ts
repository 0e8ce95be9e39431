import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig, type Config } from './config'
import { type Database, openDb } from './db/client'
import { lockDataDir } from './db/data-dir-lock'
import { migrationOf } from './db/backup/manifest'
import { seedIfEmpty } from './db/seed/index'
import { wipe } from './db/wipe'
import { StartError } from './platform/start-error'

/**
 * The database by hand, on the app's DATABASE_URL (or the embedded database in DATA_DIR):
 *   npm run db:migrate   applies the migrations not yet applied (the app does too as it starts)
 *   npm run db:seed      the demo stores and their demo accounts, into a database with no website; never in production
 *   npm run db:reset     drops everything, migrates and seeds: development only, and a database on this machine unless --force
 * Production: node dist/app/db-tasks.js migrate. The embedded database is one process's files: stop the app first.
 */
const USAGE = 'Usage: db-tasks migrate | seed | reset [--force]'

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true })
const task = positionals[0]

try {
  if (positionals.length !== 1 || !['migrate', 'seed', 'reset'].includes(task)) throw new StartError(USAGE)
  const config = loadConfig()
  if (task !== 'migrate' && config.NODE_ENV === 'production')
    throw new StartError(`db:${task} makes the demo stores, whose demo accounts anyone may sign in with: never in production`)
  if (config.DATABASE_URL === 'memory://') throw new StartError('DATABASE_URL=memory:// keeps nothing between runs')
  if (task === 'reset') await reset(config, values.force === true)
  else await migrateAndSeed(config, task === 'seed')
} catch (err) {
  if (!(err instanceof StartError)) throw err
  console.error(err.line)
  process.exitCode = 1
}

async function migrateAndSeed(config: Config, seed: boolean, fresh = false) {
  const database = await open(config)
  try {
    await database.migrate()
    const migration = await migrationOf(database.db)
    console.log(`${where(config)}: ${fresh ? 'made anew, ' : ''}migrated to ${migration?.tag}`)
    if (!seed) return
    const seeded = await seedIfEmpty(database.db, config.PORT, (line) => console.log(line))
    console.log(
      seeded
        ? `Seeded the demo stores: http://localhost:${config.PORT} and http://shop2.localhost:${config.PORT} (README "Demo accounts")`
        : 'The database has a website already: nothing seeded (npm run db:reset starts again from the demo stores)',
    )
  } finally {
    await database.close()
  }
}

async function reset(config: Config, force: boolean) {
  if (config.DATABASE_URL && config.DATABASE_URL !== 'pglite') {
    const host = new URL(config.DATABASE_URL).hostname
    if (!['localhost', '127.0.0.1', '[::1]', ''].includes(host) && !force)
      throw new StartError(`db:reset drops every table of the database at ${host}, not on this machine: add --force if you mean it`)
    const database = await open(config)
    try {
      await wipe(database.db)
    } finally {
      await database.close()
    }
  } else {
    const dir = path.resolve(config.DATA_DIR, 'pglite')
    mkdirSync(config.DATA_DIR, { recursive: true })
    const unlock = lockDataDir(dir) // says so when the app is running on it
    rmSync(dir, { recursive: true, force: true })
    unlock()
  }
  await migrateAndSeed(config, true, true)
}

function open(config: Config): Promise<Database> {
  return openDb({
    url: config.DATABASE_URL,
    sessionUrl: config.DATABASE_SESSION_URL,
    dataDir: config.DATA_DIR,
    template: config.PGLITE_TEMPLATE,
    migrate: false,
    poolSize: 2,
  })
}

function where(config: Config) {
  if (!config.DATABASE_URL || config.DATABASE_URL === 'pglite') return `The embedded database in ${path.resolve(config.DATA_DIR, 'pglite')}`
  const u = new URL(config.DATABASE_URL)
  return `The database at ${u.host}${u.pathname}`
}
