import assert from 'node:assert/strict'
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, openDb, rowsOf } from '../../server/db/client'
import { makePostgresTemplate, withDatabase } from '../../server/db/template'
import { type CacheBus, createCacheBus } from '../../server/platform/cache-bus'
import { until } from '../../server/test/wait'
import { freePort, startServer, type TestServer } from './server'

/**
 * Issue 30: two app processes through PgBouncer in transaction pooling (Debian's pgbouncer, deploy/pgbouncer.ini's
 * settings), the direct address kept for LISTEN and the migration lock (DATABASE_SESSION_URL). A staff change reaches
 * the other process within a second; a shopper's order goes through both; the statements went through the pooler,
 * with the time limits its connect_query sets.
 */

const PGBOUNCER = '/usr/sbin/pgbouncer'
const CODE = '123456'
const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const dbName = `pgb_${randomBytes(4).toString('hex')}`
const directUrl = withDatabase(adminUrl, dbName)
const user = new URL(adminUrl).username || 'postgres'
const quiet = { warn() {}, error() {} }

let dir = ''
let bouncer: ChildProcess | undefined
let pooledUrl = ''
let adminConsole = ''
let database: Database | undefined

/** PgBouncer does not run as root: its files belong to the postgres user, which it switches to (-u). */
async function startPgBouncer(): Promise<number> {
  const port = await freePort()
  const target = new URL(adminUrl)
  dir = mkdtempSync('/tmp/pgbouncer-')
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`)
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      // the limits the app sets on a direct connection, set here for every server connection the pooler opens
      `* = host=${target.hostname} port=${target.port || 5432} connect_query='SET statement_timeout = 10000; SET lock_timeout = 5000; SET jit = off'`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${dir}/users.txt`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      'default_pool_size = 8',
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${dir}/pgbouncer.log`,
      '',
    ].join('\n'),
  )
  chmodSync(dir, 0o755)
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const pgUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    for (const f of ['', 'users.txt', 'pgbouncer.ini']) chownSync(path.join(dir, f), pgUid, pgUid)
  }
  bouncer = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { stdio: 'ignore' })
  const url = new URL(adminUrl)
  url.port = String(port)
  adminConsole = withDatabase(url.toString(), 'pgbouncer')
  await until(
    async () => {
      const c = new pg.Client({ connectionString: adminConsole })
      try {
        await c.connect()
        await c.query('SHOW VERSION')
        return true
      } catch {
        return false
      } finally {
        await c.end().catch(() => {})
      }
    },
    15_000,
    'PgBouncer answering',
  )
  return port
}

async function consoleRows<T>(command: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: adminConsole })
  await c.connect()
  try {
    return (await c.query(command)).rows as T[]
  } finally {
    await c.end()
  }
}

async function getJson(server: TestServer, url: string): Promise<{ status: number; json: any }> {
  const res = await fetch(`${server.origin}/s/api${url}`, { headers: { 'x-web-url': server.origin } })
  return { status: res.status, json: await res.json() }
}

/** A shopper's browser behind a load balancer: one cookie jar, each call answered by the next process in turn. */
function shopperAcross(servers: TestServer[]) {
  const jar = new Map<string, string>()
  let next = 0
  return async (method: string, url: string, body?: unknown): Promise<{ status: number; json: any; by: number }> => {
    const by = next++ % servers.length
    const headers: Record<string, string> = { 'x-web-url': servers[0].origin, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') }
    if (jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN')!)
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${servers[by].origin}/s/api${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair.indexOf('=')
      jar.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim())
    }
    return { status: res.status, json: await res.json(), by }
  }
}

describe('two app processes through PgBouncer (transaction pooling)', { skip: !existsSync(PGBOUNCER) && 'no pgbouncer (apt-get install pgbouncer)' }, () => {
  let a: TestServer
  let b: TestServer
  let bus: CacheBus

  before(async () => {
    await makePostgresTemplate(adminUrl, dbName) // a fresh database, migrated and seeded
    const port = await startPgBouncer()
    const pooled = new URL(directUrl)
    pooled.port = String(port)
    pooledUrl = pooled.toString()
    database = await openDb({ url: directUrl, poolSize: 2 })
    const env = { DATABASE_URL: pooledUrl, DATABASE_SESSION_URL: directUrl, DATABASE_POOL_SIZE: '5', SEED: 'never', AUTH_FIXED_OTP: CODE }
    ;[a, b] = await Promise.all([startServer(env), startServer(env)])
    bus = await createCacheBus({ database, log: quiet })
  })

  after(async () => {
    await bus?.close()
    await Promise.all([a?.stop(), b?.stop()])
    await database?.close()
    bouncer?.kill('SIGTERM')
    const c = new pg.Client({ connectionString: adminUrl })
    await c.connect()
    await c.query(`drop database if exists "${dbName}" with (force)`)
    await c.end()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  test('the pooler sets the time limits on its connections, as the app does on a direct one', async () => {
    const c = new pg.Client({ connectionString: pooledUrl })
    await c.connect()
    try {
      const { rows } = await c.query("select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock")
      assert.deepEqual(rows[0], { statement: '10s', lock: '5s' })
    } finally {
      await c.end()
    }
  })

  test('a product changed is answered changed by process B within a second (LISTEN on the direct address)', async () => {
    const { json } = await getJson(b, '/products?perPage=1')
    const [{ slug, packs }] = json.data
    const websiteId = (await getJson(b, '/init')).json.web.id
    const priceOn = async (s: TestServer) => (await getJson(s, `/products/${slug}`)).json.packs[0].price as number
    const before = await priceOn(b)
    const changed = before - 1 - Math.floor(Math.random() * 10)
    await database!.db.execute(sql`update packs set price_paise = ${changed * 100} where id = ${packs[0].pack_id}`)
    assert.equal(await priceOn(b), before, 'B answers from its cache until told otherwise')
    await bus.invalidateWebsite(websiteId)
    const started = Date.now()
    await until(async () => (await priceOn(b)) === changed, 1000, 'B answering the new price')
    await until(async () => (await priceOn(a)) === changed, 1000, 'A answering the new price')
    console.log(`  through PgBouncer: both answered the new price after ${Date.now() - started} ms`)
  })

  test("a shopper's session, cart and cash-on-delivery order work whichever process answers; the statements went through the pooler", async () => {
    const [before] = await consoleRows<{ database: string; total_xact_count: string }>('SHOW STATS')
      .then((rows) => rows.filter((r) => r.database === dbName))
      .then((rows) => (rows.length ? rows : [{ database: dbName, total_xact_count: '0' }]))
    const call = shopperAcross([a, b])
    const phone = `93${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
    assert.equal((await call('GET', '/cookie')).status, 200)
    assert.equal((await call('POST', '/auth/login', { username: phone })).status, 200)
    assert.equal((await call('POST', '/auth/verify', { username: phone, otp: CODE })).status, 200)
    const registered = await call('POST', '/auth/register', { name: 'Meena Iyer', email: `meena.${phone}@example.com`, phone })
    assert.equal(registered.status, 200, JSON.stringify(registered.json))
    const { json: list } = await call('GET', '/products?perPage=50')
    const pack = (list.data as { packs: { pack_id: number; warehouse_id: number; in_stock: boolean }[] }[]).flatMap((p) => p.packs).find((k) => k.in_stock)!
    assert.equal((await call('POST', '/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id })).status, 200)
    assert.equal((await call('GET', '/cart')).json.items.length, 1)
    const address = {
      name: 'Meena',
      mobile: phone,
      house: '5',
      street: 'MG Road',
      area: 'Ashok Nagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    }
    const saved = await call('POST', '/account/addresses', address)
    assert.equal(saved.status, 200, JSON.stringify(saved.json))
    const addressId = saved.json.addresses[0].id
    const slotAnswer = (await call('GET', `/checkout/slots?address_id=${addressId}`)).json as {
      groups: { delivery_charge_id: number; slots: { id: number; open: boolean }[] }[]
    }
    const slots = slotAnswer.groups.map((g) => ({ delivery_charge_id: g.delivery_charge_id, slot_id: g.slots.find((x) => x.open)!.id }))
    const placed = await call('POST', '/checkout/place', { address_id: addressId, slots, payment_method: 'cod', idempotency_key: `pgb-${phone}` })
    assert.equal(placed.status, 200, JSON.stringify(placed.json))
    const order = await call('GET', `/orders/${placed.json.order_id}`)
    assert.notEqual(order.by, placed.by)
    assert.equal(order.json.status, 'confirmed')
    const [{ n }] = rowsOf<{ n: number }>(
      await database!.db.execute(sql`select count(*)::int as n from orders o join users u on u.id = o.user_id where u.phone = ${phone}`),
    )
    assert.equal(n, 1, 'one order')
    const [after] = (await consoleRows<{ database: string; total_xact_count: string }>('SHOW STATS')).filter((r) => r.database === dbName)
    assert.ok(Number(after.total_xact_count) > Number(before.total_xact_count) + 10, 'the shopper’s transactions went through PgBouncer')
  })
})
