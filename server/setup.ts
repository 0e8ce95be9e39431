import { parseArgs } from 'node:util'
import { loadConfig } from './config'
import { openDb } from './db/client'
import { createFirstWebsite } from './features/accounts/first-website'
import { createCacheBus } from './platform/cache-bus'
import { AppError } from './platform/errors'

/**
 * The first website of an empty database (one started with SEED=never) and its owner, from the command line:
 *   npm run setup -- --name "Kirana Fresh" --origin https://shop.example.in --owner 9876543210 --owner-name "Asha"
 *   node dist/app/setup.js …   (production; in compose: docker compose run --rm app node dist/app/setup.js …)
 * It migrates first, on the same DATABASE_URL as the app, and tells running app processes through the cache bus, so
 * they answer at the new address at once. With the embedded database (DATA_DIR), stop the app first: one process
 * owns its files.
 */
const USAGE =
  'Usage: setup --name "Shop name" --origin https://shop.example --owner <mobile or email> --owner-name "Name" [--theme light|dark] [--color #0c7a2a] [--description "…"]'

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    origin: { type: 'string' },
    owner: { type: 'string' },
    'owner-name': { type: 'string' },
    theme: { type: 'string' },
    color: { type: 'string' },
    description: { type: 'string' },
    help: { type: 'boolean' },
  },
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

const config = loadConfig()
const database = await openDb({ url: config.DATABASE_URL, sessionUrl: config.DATABASE_SESSION_URL, dataDir: config.DATA_DIR, template: config.PGLITE_TEMPLATE })
try {
  const input = {
    name: values.name ?? '',
    origin: values.origin ?? '',
    owner: values.owner ?? '',
    owner_name: values['owner-name'] ?? '',
    ...(values.theme ? { theme: values.theme } : {}),
    ...(values.color ? { primary_color: values.color } : {}),
    ...(values.description ? { description: values.description } : {}),
  }
  const { website, owner } = await createFirstWebsite(database.db, input, { production: config.NODE_ENV === 'production' })
  const bus = await createCacheBus({ database, redisUrl: config.REDIS_URL, log: { warn: console.warn, error: console.error } })
  await bus.invalidateWebsite(website.id)
  await bus.close()
  console.log(`Website “${website.name}” (id ${website.id}) answers at ${website.origin}.`)
  console.log(`Its owner ${owner.username} is superadmin: sign in there with a one-time code, then open /bos/admin.`)
  process.exitCode = 0
} catch (err) {
  if (!(err instanceof AppError)) throw err
  console.error(err.message)
  for (const [field, message] of Object.entries(err.fieldErrors ?? {})) if (message !== err.message) console.error(`  ${field}: ${message}`)
  if (err.kind === 'invalid') console.error(USAGE)
  process.exitCode = err.kind === 'conflict' ? 3 : 2
} finally {
  await database.close()
}
