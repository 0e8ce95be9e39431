import path from 'node:path'
import pino from 'pino'
import { buildApp } from './app'
import { type Config, loadConfig } from './config'
import { type Database, openDb } from './db/client'
import { seedIfEmpty } from './db/seed/index'
import { anyWebsite } from './features/site-settings/service'
import { createLifecycle } from './platform/lifecycle'
import { reportProcessErrors } from './platform/errors'
import { logOptions } from './platform/log'
import { createMetrics } from './platform/metrics'
import { readableLog } from './platform/readable-log'
import { StartError } from './platform/start-error'
import { startBanner } from './start-banner'

/**
 * One app process (issue #16): it listens first and answers /livez at once and /readyz with 503 while the
 * migrations run (one process at a time), then serves. On SIGTERM or SIGINT it drains: /readyz says so for
 * SHUTDOWN_DELAY_MS while requests are still served (the load balancer stops sending), then it stops accepting,
 * finishes the requests in flight and the background round under way, closes its pools and exits; after
 * SHUTDOWN_TIMEOUT_MS it exits anyway.
 *
 * What stops a start (a setting, the port, the database) is one fatal log line and exit code 1 (issue 27).
 */
const FIRST_WEBSITE =
  'no website yet: every address answers "No website is configured" until the first one is made: node dist/app/setup.js --name "Shop" --origin https://shop.example --owner <mobile or email> --owner-name "Name" (npm run setup -- … from the sources; docs/operations.md "Production")'
const NO_PROXY =
  'TRUST_PROXY is unset: X-Forwarded-For and X-Forwarded-Proto are ignored, so behind a proxy every client has its address and pages are looked up as http://; set it to the proxy (docs/operations.md "Production")'

/** development's readable log (LOG_FORMAT=pretty), once the settings say so */
let logStream: ReturnType<typeof readableLog> | undefined

try {
  const config = loadConfig()
  if (config.LOG_FORMAT === 'pretty') logStream = readableLog()
  const lifecycle = createLifecycle('migrating')
  const metrics = createMetrics()
  const database = await openDb({
    url: config.DATABASE_URL,
    sessionUrl: config.DATABASE_SESSION_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: config.DATA_DIR,
    template: config.PGLITE_TEMPLATE,
    migrate: false,
    timeouts: { statementMs: config.DB_STATEMENT_TIMEOUT_MS, lockMs: config.DB_LOCK_TIMEOUT_MS },
  })
  await reach(database)
  const app = await buildApp({ config, database, web: true, lifecycle, metrics, logStream })
  reportProcessErrors(app)
  const delayMs = config.SHUTDOWN_DELAY_MS ?? (config.NODE_ENV === 'production' ? 5000 : 0)

  async function shutdown(signal: string) {
    if (lifecycle.phase === 'draining') return
    const migrating = lifecycle.phase === 'migrating'
    lifecycle.set('draining')
    app.log.info({ signal, delayMs }, 'draining')
    setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long: exiting with work unfinished')
      process.exit(1)
    }, config.SHUTDOWN_TIMEOUT_MS).unref()
    if (!migrating && delayMs) await new Promise((r) => setTimeout(r, delayMs))
    try {
      await app.close() // stops accepting, waits for requests in flight, then the onClose hooks: jobs, buses, Redis
      await database.close()
      app.log.info('stopped')
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal))

  await listen(app, config)
  try {
    await database.migrate()
  } catch (err) {
    throw new StartError(`the database could not be migrated: ${messageOf(err)}`)
  }
  if (config.SEED === 'auto') await seedIfEmpty(database.db, config.PORT, (msg) => app.log.info(msg))
  else if (!(await anyWebsite(database.db))) app.log.warn(FIRST_WEBSITE)
  if (config.NODE_ENV === 'production' && config.TRUST_PROXY === undefined) app.log.warn(NO_PROXY)
  if (lifecycle.phase === 'migrating') lifecycle.set('ready')
  if (logStream) process.stdout.write(await startBanner(config, database.db, describe(database, config.DATA_DIR)))
  else app.log.info(`Storefront on http://localhost:${config.PORT} (${database.kind})`)
} catch (err) {
  fatal(err)
}

/** A database that does not answer stops the start now, rather than a migration that waits for it. */
async function reach(database: Database) {
  try {
    await database.ping(5000)
  } catch (err) {
    throw new StartError(`the database ${whereIs(database.url)} does not answer: ${messageOf(err)}`)
  }
}

async function listen(app: Awaited<ReturnType<typeof buildApp>>, config: Config) {
  try {
    await app.listen({ port: config.PORT, host: config.HOST })
  } catch (err) {
    const code = (err as { code?: string }).code
    const where = `${config.HOST}:${config.PORT}`
    if (code === 'EADDRINUSE') throw new StartError(`${where} is in use (EADDRINUSE): another process listens there; set PORT or HOST`)
    if (code === 'EACCES') throw new StartError(`${where} may not be listened on by this user (EACCES): set PORT above 1023`)
    if (code === 'EADDRNOTAVAIL') throw new StartError(`${where} is not an address of this machine (EADDRNOTAVAIL): set HOST`)
    throw err
  }
}

function describe(database: Database, dataDir: string) {
  return database.url ? `PostgreSQL ${whereIs(database.url)}` : `the embedded database in ${path.resolve(dataDir, 'pglite')}`
}

/** host, port and database name: never the credentials of the URL */
function whereIs(url: string | null) {
  if (!url) return '(embedded)'
  const u = new URL(url)
  return `at ${u.hostname}:${u.port || 5432}${u.pathname}`
}

function messageOf(err: unknown) {
  const e = err as { message?: string; code?: string }
  const message = e.message || e.code || String(err)
  return e.code && !message.includes(e.code) ? `${message} (${e.code})` : message
}

/** One line as the log's others (JSON; readable in development): the reason alone for what an operator fixes, with the stack for a bug. */
function fatal(err: unknown): never {
  const log = pino({ serializers: logOptions.serializers }, logStream ?? pino.destination({ dest: 1, sync: true }))
  if (err instanceof StartError) log.fatal(`cannot start: ${err.line}`)
  else log.fatal({ err }, `cannot start: ${messageOf(err)}`)
  process.exit(1)
}
