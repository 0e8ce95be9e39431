import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { openDb, rowsOf, type Database } from '../../server/db/client'
import { addresses, users } from '../../server/db/schema/accounts'
import { websites } from '../../server/db/schema/sites'
import { SIMULATOR_DEFAULTS } from '../../server/platform/payments-config'
import * as sessions from '../../server/features/session/service'
import { makePostgresTemplate, withDatabase } from '../../server/db/template'
import { createCacheBus, type CacheBus } from '../../server/platform/cache-bus'
import { until } from '../../server/test/wait'
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
type Pack = { pack_id: number; warehouse_id: number; in_stock: boolean }
type SlotGroup = { delivery_charge_id: number; slots: { id: number; open: boolean }[] }
/** the first open slot of every delivery group, as checkout asks for them */
const firstSlots = (answer: { groups: SlotGroup[] }) =>
  answer.groups.map((g) => ({ delivery_charge_id: g.delivery_charge_id, slot_id: g.slots.find((x) => x.open)!.id }))
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

/** A shopper's browser behind the load balancer: one cookie jar, each call answered by the next process in turn (or by `only`). */
function shopperAcross(servers: TestServer[]) {
  const jar = new Map<string, string>()
  let next = 0
  const origin = servers[0].origin // the shop's one address; the balancer picks the process
  return async (method: string, url: string, body?: unknown, only?: number): Promise<{ status: number; json: any; by: number }> => {
    const by = only ?? next++ % servers.length
    const headers: Record<string, string> = { 'x-web-url': origin, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') }
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

    test('the messages simulator is one for both: a sign-in code asked for through A is on the phone read through B', {
      skip: transport !== 'Redis pub/sub' && 'once is enough',
    }, async () => {
      const phone = `96${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
      const throughA = shopperAcross([a])
      assert.equal((await throughA('GET', '/cookie')).status, 200)
      assert.equal((await throughA('POST', '/auth/login', { username: phone })).status, 200)
      const inbox = async (server: TestServer) =>
        (await (await fetch(`${server.origin}/__sim/messages?to=${phone}`)).json()) as { channel: string; template: string; text: string }[]
      const [code, ...more] = await inbox(b)
      assert.deepEqual(more, [])
      assert.equal(code.channel, 'whatsapp')
      assert.equal(code.template, 'sign_in_code')
      assert.equal(code.text.slice(0, 6), CODE)
      assert.equal((await inbox(a)).length, 1)
    })

    test("a shopper's session, cart, coupon guesses and order work whichever process answers", {
      skip: transport !== 'Redis pub/sub' && 'once is enough',
    }, async () => {
      const call = shopperAcross([a, b])
      const phone = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
      assert.equal((await call('GET', '/cookie')).status, 200)
      assert.equal((await call('POST', '/auth/login', { username: phone })).status, 200)
      const verified = await call('POST', '/auth/verify', { username: phone, otp: CODE })
      assert.equal(verified.status, 200, JSON.stringify(verified.json))
      const registered = await call('POST', '/auth/register', { name: 'Asha Rao', email: `asha.${phone}@example.com`, phone })
      assert.equal(registered.status, 200, JSON.stringify(registered.json))
      const { json: list } = await call('GET', '/products?perPage=50')
      const pack = (list.data as { packs: Pack[] }[]).flatMap((p) => p.packs).find((k) => k.in_stock)!
      assert.equal((await call('POST', '/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id })).status, 200)
      const cart = await call('GET', '/cart')
      assert.equal(cart.json.items.length, 1, 'the cart added to through one process is the cart the other answers')

      // guesses at coupon codes count across both processes (10 per shopper in 10 minutes)
      for (let i = 0; i < 10; i++) assert.equal((await call('POST', '/apply/coupon', { code: `GUESS${i}X` })).status, 422)
      const blocked = await call('POST', '/apply/coupon', { code: 'GUESS10X' })
      const blockedAgain = await call('POST', '/apply/coupon', { code: 'GUESS11X' })
      assert.deepEqual([blocked.status, blockedAgain.status], [429, 429], 'the 11th guess is refused by either process')

      const address = {
        name: 'Asha Rao',
        mobile: phone,
        house: '12',
        street: 'MG Road',
        area: 'Ashok Nagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      }
      const saved = await call('POST', '/account/addresses', address)
      assert.equal(saved.status, 200, JSON.stringify(saved.json))
      const addressId = saved.json.addresses[0].id
      const { json: slotAnswer } = await call('GET', `/checkout/slots?address_id=${addressId}`)
      const slots = firstSlots(slotAnswer)
      const placed = await call('POST', '/checkout/place', { address_id: addressId, slots, payment_method: 'cod', idempotency_key: `so-${phone}` })
      assert.equal(placed.status, 200, JSON.stringify(placed.json))
      const order = await call('GET', `/orders/${placed.json.order_id}`)
      assert.notEqual(order.by, placed.by)
      assert.equal(order.json.status, 'confirmed')
      const rows = rowsOf<{ n: number }>(
        await database!.db.execute(sql`select count(*)::int as n from orders o join users u on u.id = o.user_id where u.phone = ${phone}`),
      )
      assert.equal(rows[0].n, 1, 'one order')
    })

    test("the payment simulator is one for both: an order's payment made through A is paid on B's page, each webhook sent once", {
      skip: transport !== 'Redis pub/sub' && 'once is enough',
    }, async () => {
      const db = database!.db
      const call = shopperAcross([a, b])
      const phone = `95${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
      await call('GET', '/cookie')
      await call('POST', '/auth/login', { username: phone })
      await call('POST', '/auth/verify', { username: phone, otp: CODE })
      await call('POST', '/auth/register', { name: 'Ravi Rao', email: `ravi.${phone}@example.com`, phone })
      const address = {
        name: 'Ravi',
        mobile: phone,
        house: '3',
        street: 'MG Road',
        area: 'Ashok Nagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      }
      const addressId = (await call('POST', '/account/addresses', address)).json.addresses[0].id
      const { json: list } = await call('GET', '/products?perPage=50')
      const pack = (list.data as { packs: Pack[] }[]).flatMap((p) => p.packs).find((k) => k.in_stock)!
      const auth = {
        razorpay: {
          authorization: `Basic ${Buffer.from(`${SIMULATOR_DEFAULTS.RAZORPAY_KEY_ID}:${SIMULATOR_DEFAULTS.RAZORPAY_KEY_SECRET}`).toString('base64')}`,
        },
        cashfree: {
          'x-client-id': SIMULATOR_DEFAULTS.CASHFREE_CLIENT_ID,
          'x-client-secret': SIMULATOR_DEFAULTS.CASHFREE_CLIENT_SECRET,
          'x-api-version': '2023-08-01',
        },
      }
      for (const provider of ['cashfree', 'razorpay'] as const) {
        assert.equal((await call('POST', '/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id })).status, 200)
        const slots = firstSlots((await call('GET', `/checkout/slots?address_id=${addressId}`)).json)
        const placed = await call('POST', '/checkout/place', {
          address_id: addressId,
          slots,
          payment_method: provider,
          idempotency_key: `sim-${provider}-${phone}`,
        })
        assert.equal(placed.status, 200, JSON.stringify(placed.json))
        const orderId: number = placed.json.order_id
        // A makes the provider order (its simulator: its own address); the shopper's browser pays on B's page
        const pay = await call('GET', `/checkout/pay/${orderId}`, undefined, 0)
        assert.equal(pay.status, 200, JSON.stringify(pay.json))
        const providerOrderId: string = pay.json.provider_order_id
        if (provider === 'cashfree') {
          const page = await fetch(`${b.origin}/sim/cashfree/pay/${pay.json.payment_session_id}`)
          assert.equal(page.status, 200)
          assert.match(await page.text(), new RegExp(providerOrderId))
          const paid = await fetch(`${b.origin}/sim/cashfree/pay/${pay.json.payment_session_id}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ outcome: 'success' }),
          })
          assert.equal(paid.status, 200)
        } else {
          assert.equal((await fetch(`${b.origin}/sim/razorpay/order?key_id=${pay.json.key_id}&order_id=${providerOrderId}`)).status, 200)
          const paid = await fetch(`${b.origin}/sim/razorpay/pay`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ key_id: pay.json.key_id, order_id: providerOrderId, outcome: 'success' }),
          })
          const handler = await paid.json()
          // the browser hands the checkout's answer to the shop, here through A, which asks its simulator: B's payment
          const confirmed = await call('POST', `/checkout/confirm/${orderId}`, handler, 0)
          assert.equal(confirmed.json.status, 'paid', JSON.stringify(confirmed.json))
        }
        const start = Date.now()
        const state = async () =>
          rowsOf<{ payment_status: string; paid: number; tasks: number }>(
            await db.execute(sql`select o.payment_status,
              (select count(*)::int from payments p where p.order_id = o.id and p.status = 'paid') as paid,
              (select count(*)::int from payment_simulator.tasks) as tasks
              from orders o where o.id = ${orderId}`),
          )[0]
        while (!((await state()).payment_status === 'paid' && (await state()).tasks === 0)) {
          assert.ok(Date.now() - start < 5000, `${provider}: paid and every webhook sent within 5 s: ${JSON.stringify(await state())}`)
          await sleep(50)
        }
        assert.deepEqual(await state(), { payment_status: 'paid', paid: 1, tasks: 0 }, `${provider}: the order paid once`)
        // every webhook about it received once by the shop, and sent once by one of the two processes
        const events = rowsOf<{ event_id: string }>(
          await db.execute(sql`select event_id from payment_events where provider = ${provider} and raw_body like ${`%${providerOrderId}%`}`),
        ).map((e) => e.event_id)
        assert.ok(events.length >= 1, `${provider}: webhooks received`)
        const logs = await Promise.all([a, b].map((s) => fetch(`${s.origin}/__sim/log`).then((r) => r.json())))
        const sent = logs.flatMap((l: { webhooks: { eventId: string; status: number }[] }) => l.webhooks).filter((d) => events.includes(d.eventId))
        assert.deepEqual(sent.map((d) => d.eventId).sort(), [...events].sort(), `${provider}: each webhook sent once`)
        assert.ok(sent.every((d) => d.status === 200))
        // and either process answers the provider's API about it
        for (const server of [a, b]) {
          const url = provider === 'cashfree' ? `${server.origin}/pg/orders/${providerOrderId}` : `${server.origin}/v1/orders/${providerOrderId}`
          const answer = await (await fetch(url, { headers: auth[provider] })).json()
          assert.equal(provider === 'cashfree' ? answer.order_status : answer.status, provider === 'cashfree' ? 'PAID' : 'paid')
        }
      }
    })

    test('a website created through process A is answered by process B within a second', async () => {
      const origin = `http://tiffin-${randomBytes(3).toString('hex')}.example`
      assert.equal((await getJson(b, '/init', origin)).status, 404, 'no website there yet (B keeps that answer for a while)')
      const call = await signedInSuperadmin(a)
      await call('POST', '/bos/websites', { name: 'Tiffin Corner', origin, theme: 'light', primary_color: '#ffcc00', description: 'Home-style snacks' })
      await withinOneSecond('B', async () => (await getJson(b, '/init', origin)).status === 200)
      assert.equal((await getJson(b, '/init', origin)).json.web.name, 'Tiffin Corner')
    })

    test('process A is killed (SIGKILL) under load: B carries on, no order or stock change lost or doubled', {
      skip: transport !== 'Redis pub/sub' && 'once is enough',
    }, async () => {
      const db = database!.db
      const { json: init } = await getJson(b, '/init')
      const [site] = await db.select().from(websites).where(eq(websites.id, init.web.id))
      const { json: list } = await getJson(b, '/products?perPage=50')
      const pack = (list.data as { packs: Pack[] }[]).flatMap((p) => p.packs).find((k) => k.in_stock)!
      await db.execute(sql`update stock set quantity = 100000 where pack_id = ${pack.pack_id} and warehouse_id = ${pack.warehouse_id}`)
      await db.execute(sql`update delivery_slots set capacity = 100000`) // 48 orders fit in any slot
      const [{ reserved: reservedBefore }] = rowsOf<{ reserved: number }>(
        await db.execute(sql`select reserved from stock where pack_id = ${pack.pack_id} and warehouse_id = ${pack.warehouse_id}`),
      )
      // six shoppers signed in (sessions made as sign-in makes them), each with an address
      const shoppers = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const phone = `96${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
          const [user] = await db
            .insert(users)
            .values({ name: `Load ${i}`, phone })
            .returning({ id: users.id })
          const { token, row } = await sessions.create({ db, site }, {}, user.id)
          const xsrf = sessions.xsrfToken('demo-session-secret-change-me-in-production', row)
          const [address] = await db
            .insert(addresses)
            .values({
              websiteId: site.id,
              userId: user.id,
              name: 'Load',
              mobile: phone,
              house: '1',
              street: 'MG Road',
              area: 'Ashok Nagar',
              city: 'Bengaluru',
              state: 'Karnataka',
              pincode: '560001',
              isDefault: true,
            })
            .returning({ id: addresses.id })
          return {
            userId: user.id,
            headers: { 'x-web-url': a.origin, cookie: `sid=${token}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
            addressId: address.id,
          }
        }),
      )
      let killed = false
      const acknowledged: number[] = []
      let retried = 0
      /** as a client behind the balancer: a call that got no answer is sent again, with the same key, to B */
      const send = async (s: (typeof shoppers)[number], i: number, method: string, url: string, body?: unknown) => {
        for (const server of [i % 2 && !killed ? a : b, b]) {
          try {
            const res = await fetch(`${server.origin}/s/api${url}`, {
              method,
              headers: { ...s.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
              body: body ? JSON.stringify(body) : undefined,
            })
            return { status: res.status, json: await res.json() }
          } catch {
            retried++
          }
        }
        throw new Error(`${method} ${url}: no answer from either process`)
      }
      const shop = async (s: (typeof shoppers)[number]) => {
        for (let i = 0; i < 8; i++) {
          const added = await send(s, i, 'POST', '/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id })
          assert.equal(added.status, 200, JSON.stringify(added.json))
          const { json: slotAnswer } = await send(s, i + 1, 'GET', `/checkout/slots?address_id=${s.addressId}`)
          const slots = firstSlots(slotAnswer)
          const body = { address_id: s.addressId, slots, payment_method: 'cod', idempotency_key: `kill-${s.userId}-${i}` }
          const placed = await send(s, i, 'POST', '/checkout/place', body)
          assert.equal(placed.status, 200, JSON.stringify(placed.json))
          acknowledged.push(placed.json.order_id)
        }
      }
      const load = Promise.all(shoppers.map(shop))
      await until(() => acknowledged.length >= 12, 60_000, 'a quarter of the orders answered') // under load: then A dies
      a.child.kill('SIGKILL')
      killed = true
      await load
      const ids = shoppers.map((s) => s.userId)
      const orderRows = rowsOf<{ id: number; idempotency_key: string; units: number }>(
        await db.execute(sql`select o.id, o.idempotency_key, sum(i.quantity)::int as units from orders o join order_items i on i.order_id = o.id
          where o.user_id in (${sql.join(ids, sql`, `)}) group by o.id`),
      )
      const [{ reserved }] = rowsOf<{ reserved: number }>(
        await db.execute(sql`select reserved from stock where pack_id = ${pack.pack_id} and warehouse_id = ${pack.warehouse_id}`),
      )
      console.log(`  SIGKILL under load: ${acknowledged.length} orders answered, ${retried} calls sent again to B, ${orderRows.length} orders in the database`)
      assert.equal(acknowledged.length, 48)
      assert.deepEqual(new Set(orderRows.map((o) => o.id)), new Set(acknowledged), 'every order answered is there, and no other')
      assert.equal(new Set(orderRows.map((o) => o.idempotency_key)).size, orderRows.length, 'no order placed twice')
      assert.equal(
        reserved - reservedBefore,
        orderRows.reduce((n, o) => n + o.units, 0),
        'stock reserved once per unit ordered',
      )
      assert.equal((await getJson(b, '/init')).status, 200, 'B carries on')
    })
  })
}
