import { buildApp } from './app'
import { loadConfig } from './config'
import { openDb } from './db/client'
import { seedIfEmpty } from './db/seed/index'

const config = loadConfig()
const database = await openDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, template: config.PGLITE_TEMPLATE })
if (config.SEED === 'auto') await seedIfEmpty(database.db, config.PORT, (msg) => console.log(msg))
const app = await buildApp({ config, database, web: true })

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return
    closing = true
    await app.close()
    await database.close()
    process.exit(0)
  })
}

await app.listen({ port: config.PORT, host: config.HOST })
app.log.info(`Storefront on http://localhost:${config.PORT} (${database.kind})`)
