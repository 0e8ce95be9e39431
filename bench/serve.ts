/**
 * A server in its own process, so autocannon (in the parent) never shares its event loop. Driven over IPC:
 *   app <DATABASE_URL> <port> <products> [web] — migrate, seed the demo, generate the bench catalogue, buildApp (with the
 *                                          built web client: server-rendered pages), listen
 *   reference <port>                      — a bare Fastify answering bytes the parent sends, from memory
 */
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { openDb, rowsOf } from '../server/db/client'
import { seedIfEmpty } from '../server/db/seed/index'
import { createBenchWebsite, generateCatalogue } from './generate-catalogue'

export type ToParent =
  | {
      type: 'ready'
      port: number
      origin?: string
      websiteId?: number
      slugs?: string[]
      timings?: Record<string, number>
      products?: number
      packs?: number
    }
  | { type: 'loaded' }
  | { type: 'statements'; n: number }
  | { type: 'answers'; hits: number; misses: number }
  | { type: 'memory'; rss: number; heap: number }
  | { type: 'error'; message: string }
export type Body = { url: string; contentType: string; body: string }
export type ToChild = { type: 'bodies'; bodies: Body[] } | { type: 'statements' } | { type: 'answers' } | { type: 'memory' } | { type: 'stop' }

const send = (m: ToParent) => process.send?.(m)
// Never outlive the parent.
process.on('disconnect', () => process.exit(0))

async function serveApp(url: string, port: number, count: number, web: boolean) {
  const timings: Record<string, number> = {}
  let t = Date.now()
  const lap = (name: string) => {
    timings[name] = Date.now() - t
    t = Date.now()
  }
  // SQL statements the app has sent (PostgreSQL): the parent asks before and after a sample of answers.
  let statements = 0
  const database = await openDb({ url, poolSize: 10 })
  database.meter(() => statements++)
  lap('open + migrate')
  await seedIfEmpty(database.db, port)
  lap('demo seed')
  const origin = `http://bench.localhost:${port}`
  const websiteId = await createBenchWebsite(database.db, origin)
  // On a database that has the catalogue already (the same port's website: a second process, bench/pages-bench.ts), it is kept.
  const [had] = rowsOf<{ products: number; packs: number }>(
    await database.db.execute(
      sql`select (select count(*) from products where website_id = ${websiteId})::int as products, (select count(*) from packs where website_id = ${websiteId})::int as packs`,
    ),
  )
  const generated = had!.products
    ? had!
    : await generateCatalogue(database.db, websiteId, { products: count, log: (m) => console.log(`  [${database.kind}] ${m}`) })
  lap('generate')
  const slugs = rowsOf<{ slug: string }>(await database.db.execute(sql`select slug from products where website_id = ${websiteId} order by id`)).map(
    (r) => r.slug,
  )
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000000',
    PAGE_RATE_LIMIT_MAX: '1000000000',
    // the caches' byte budget fits the generated catalogue's read model and search index (~150 MB for 50,000
    // products) beside its answers; BENCH_SERVE_CACHE_MB to try another
    CACHE_MB: process.env.BENCH_SERVE_CACHE_MB ?? '1024',
    SEED: 'never',
    PORT: String(port),
  })
  const app = await buildApp({ config, database, web })
  await app.listen({ port, host: '127.0.0.1' })
  process.on('message', async (m: ToChild) => {
    if (m.type === 'statements') send({ type: 'statements', n: statements })
    if (m.type === 'answers') {
      // lookups of the answer cache (catalogue), by result: never-seen rows should show no hits
      const { values } = await app.metrics.cacheLookups.get()
      const count = (result: string) => values.find((v) => v.labels.cache === 'catalogue' && v.labels.result === result)?.value ?? 0
      send({ type: 'answers', hits: count('hit'), misses: count('miss') })
    }
    // resident memory of this process and the live JavaScript heap, MB
    if (m.type === 'memory') {
      const { rss, heapUsed } = process.memoryUsage()
      send({ type: 'memory', rss: Math.round(rss / 2 ** 20), heap: Math.round(heapUsed / 2 ** 20) })
    }
    if (m.type !== 'stop') return
    await app.close()
    await database.close()
    process.exit(0)
  })
  // every 9th slug: 5,500+ products spread over the catalogue (more than the app cache holds), in a fixed order
  send({ type: 'ready', port, origin, websiteId, slugs: slugs.filter((_, i) => i % 9 === 0), timings, products: generated.products, packs: generated.packs })
}

async function serveReference(port: number) {
  const app = Fastify({ logger: false })
  let bodies = new Map<string, { contentType: string; bytes: Buffer }>()
  const answer = (req: { url: string }, reply: import('fastify').FastifyReply) => {
    const hit = bodies.get(req.url)
    if (!hit) return reply.code(404).send({ message: 'not captured' })
    return reply.type(hit.contentType).send(hit.bytes)
  }
  app.get('/s/api/products', (req, reply) => answer(req, reply))
  app.get('/s/api/products/:id', (req, reply) => answer(req, reply))
  app.get('/*', (req, reply) => answer(req, reply))
  process.on('message', async (m: ToChild) => {
    if (m.type === 'bodies') {
      bodies = new Map(m.bodies.map((b) => [b.url, { contentType: b.contentType, bytes: Buffer.from(b.body, 'base64') }]))
      send({ type: 'loaded' })
    } else if (m.type === 'stop') {
      await app.close()
      process.exit(0)
    }
  })
  await app.listen({ port, host: '127.0.0.1' })
  send({ type: 'ready', port })
}

const [mode, ...args] = process.argv.slice(2)
try {
  if (mode === 'app') await serveApp(args[0], Number(args[1]), Number(args[2]), args[3] === 'web')
  else if (mode === 'reference') await serveReference(Number(args[0]))
  else throw new Error(`unknown mode ${mode}`)
} catch (err) {
  send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) })
  process.exit(1)
}
