import { buildApp } from './app'
import { loadConfig } from './config'
import { openDb } from './db/client'
import { seedIfEmpty } from './db/seed/index'
import { createLifecycle } from './platform/lifecycle'
import { createMetrics } from './platform/metrics'

/**
 * One app process (issue #16): it listens first and answers /livez at once and /readyz with 503 while the
 * migrations run (one process at a time), then serves. On SIGTERM or SIGINT it drains: /readyz says so for
 * SHUTDOWN_DELAY_MS while requests are still served (the load balancer stops sending), then it stops accepting,
 * finishes the requests in flight and the background round under way, closes its pools and exits; after
 * SHUTDOWN_TIMEOUT_MS it exits anyway.
 */
const config = loadConfig()
const lifecycle = createLifecycle('migrating')
const metrics = createMetrics()
const database = await openDb({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  template: config.PGLITE_TEMPLATE,
  migrate: false,
  timeouts: { statementMs: config.DB_STATEMENT_TIMEOUT_MS, lockMs: config.DB_LOCK_TIMEOUT_MS },
  onQuery: (seconds, failed) => metrics.dbQueries.observe({ outcome: failed ? 'error' : 'ok' }, seconds),
})
const app = await buildApp({ config, database, web: true, lifecycle, metrics })
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

await app.listen({ port: config.PORT, host: config.HOST })
await database.migrate()
if (config.SEED === 'auto') await seedIfEmpty(database.db, config.PORT, (msg) => console.log(msg))
if (lifecycle.phase === 'migrating') lifecycle.set('ready')
app.log.info(`Storefront on http://localhost:${config.PORT} (${database.kind})`)
