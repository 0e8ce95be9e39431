import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDb, type Database } from '../../server/db/client'
import { makePostgresTemplate, withDatabase } from '../../server/db/template'
import { createCacheBus, type CacheBus } from '../../server/platform/cache-bus'
import { startServer, type TestServer } from './server'

/**
 * Issue #10: two app processes on one PostgreSQL database, as behind a load balancer. What one of them writes,
 * the other answers within a second (it polls every 50 ms), with LISTEN/NOTIFY and, in a second pair, Redis.
 *
 * A product change is a direct SQL update followed by the invalidation a staff write publishes
 * (`invalidateWebsite`), sent from this test's own connection to the bus, as a third app process would; a website
 * is created through process A's real superadmin call.
 */

const CODE = '123456'
const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const dbName = `scale_${randomBytes(4).toString('hex')}`
const dbUrl = withDatabase(adminUrl, dbName)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const quiet = { warn() {}, error() {} }

let database: Database | undefined

async function admin(query: string) {
  const c = new pg.Client({ connectionString: adminUrl })
  await c.connect()
  try {
    await c.query(query)
  } finally {
    await c.end()
  }
}

async function getJson(server: TestServer, url: string, origin = server.origin): Promise<{ status: number; json: any }> {
  const res = await fetch(`${server.origin}/s/api${url}`, { headers: { 'x-web-url': origin } })
  return { status: res.status, json: await res.json() }
}

const priceOn = async (server: TestServer, slug: string): Promise<number> => {
  const { status, json } = await getJson(server, `/products/${slug}`)
  assert.equal(status, 200)
  return json.packs[0].price
}

/** How long until `done` holds, polling every 50 ms; fails after one second. */
async function withinOneSecond(what: string, done: () => Promise<boolean>): Promise<number> {
  const start = Date.now()
  while (!(await done())) {
    assert.ok(Date.now() - start < 1000, `${what}: not within one second`)
    await sleep(50)
  }
  return Date.now() - start
}

/** A staff member's browser: cookies, XSRF header, website header. */
async function signedInSuperadmin(server: TestServer) {
  const jar = new Map<string, string>()
  const call = async (method: string, url: string, body?: unknown) => {
    const headers: Record<string, string> = { 'x-web-url': server.origin, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') }
    if (jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN')!)
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${server.origin}/s/api${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair.indexOf('=')
      jar.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim())
    }
    const json = await res.json()
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(json)}`)
    return json
  }
  // the earlier pair's code for this number would make this one wait (one code per 30 s)
  await database!.db.execute(sql`delete from otp_codes where username = '9876500001'`)
  await call('GET', '/cookie')
  await call('POST', '/auth/login', { username: '9876500001' })
  await call('POST', '/auth/verify', { username: '9876500001', otp: CODE })
  return call
}

function startPair(env: Record<string, string> = {}) {
  const common = { DATABASE_URL: dbUrl, SEED: 'never', AUTH_FIXED_OTP: CODE, ...env }
  return Promise.all([startServer(common), startServer(common)])
}

before(async () => {
  await makePostgresTemplate(adminUrl, dbName) // a fresh database, migrated and seeded
  database = await openDb({ url: dbUrl, poolSize: 2 })
})

after(async () => {
  await database?.close()
  await admin(`drop database if exists "${dbName}" with (force)`)
})

for (const transport of ['LISTEN/NOTIFY', 'Redis pub/sub'] as const) {
  describe(`two app processes, ${transport}`, () => {
    let a: TestServer
    let b: TestServer
    let bus: CacheBus
    const redis: { REDIS_URL?: string } = transport === 'Redis pub/sub' ? { REDIS_URL: redisUrl } : {}

    before(async () => {
      ;[a, b] = await startPair(redis.REDIS_URL ? { REDIS_URL: redis.REDIS_URL } : {})
      bus = await createCacheBus({ database: database!, redisUrl: redis.REDIS_URL, log: quiet })
    })
    after(async () => {
      await bus?.close()
      await Promise.all([a?.stop(), b?.stop()])
    })

    test('a product changed is answered changed by process B within a second', async () => {
      const { json } = await getJson(b, '/products?perPage=1')
      const [{ slug, packs }] = json.data
      const websiteId = (await getJson(b, '/init')).json.web.id
      const before = await priceOn(b, slug)
      const changed = before - 1 - Math.floor(Math.random() * 10)
      await database!.db.execute(sql`update packs set price_paise = ${changed * 100} where id = ${packs[0].pack_id}`)
      assert.equal(await priceOn(b, slug), before, 'B answers from its cache until told otherwise')

      await bus.invalidateWebsite(websiteId)
      const ms = await withinOneSecond('B', async () => (await priceOn(b, slug)) === changed)
      await withinOneSecond('A', async () => (await priceOn(a, slug)) === changed)
      console.log(`  ${transport}: B answered the new price after ${ms} ms`)
    })

    test('a website created through process A is answered by process B within a second', async () => {
      const origin = `http://tiffin-${randomBytes(3).toString('hex')}.example`
      assert.equal((await getJson(b, '/init', origin)).status, 404, 'no website there yet (B keeps that answer for a while)')
      const call = await signedInSuperadmin(a)
      await call('POST', '/bos/websites', { name: 'Tiffin Corner', origin, theme: 'light', primary_color: '#ffcc00', description: 'Home-style snacks' })
      await withinOneSecond('B', async () => (await getJson(b, '/init', origin)).status === 200)
      assert.equal((await getJson(b, '/init', origin)).json.web.name, 'Tiffin Corner')
    })
  })
}
