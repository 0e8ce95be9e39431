import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { after, before, test } from 'node:test'
import pg from 'pg'
import { until, untilValue } from '../../server/test/wait'
import { freePort, startServer, type TestServer } from './server'

/**
 * Issue #5's crash test: the app (on its own PostgreSQL database) is SIGKILLed while shoppers place cash and online
 * orders and payments and webhooks are under way, then restarted on the same database. The payment provider is a
 * second process (the built-in simulator of another server), so it outlives the crash like a real provider: it keeps
 * its orders and retries its webhooks until the app answers again. Afterwards the database must hold: every paid
 * payment in exactly one paid order, no duplicated order, stock reserved exactly for the orders that hold it.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const CODE = '123456'
/** the traffic before the kill: this many orders placed and paid at the provider (2.5 s on an idle machine) */
const BEFORE_KILL = { placed: 8, paidInSim: 2 }
const adminUrl = process.env.TEST_PG_URL ?? 'postgres://root@127.0.0.1:5432/test'
const dbName = `crash_${randomBytes(4).toString('hex')}`
const dbUrl = (() => {
  const u = new URL(adminUrl)
  u.pathname = `/${dbName}`
  return u.toString()
})()

let provider: TestServer | undefined
let app: ChildProcess | undefined
let appPort = 0
let dbCreated = false

const appBase = () => `http://127.0.0.1:${appPort}`
const siteOrigin = () => `http://localhost:${appPort}`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = adminUrl): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

/** The app on the fixed port and the crash database, paying through the provider process. */
async function startApp(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      AUTH_FIXED_OTP: CODE,
      RAZORPAY_API_BASE: provider!.origin.replace('localhost', '127.0.0.1'),
      CASHFREE_API_BASE: `${provider!.origin.replace('localhost', '127.0.0.1')}/pg`,
      PAYMENT_HTTP_TIMEOUT_MS: '3000',
      ORDER_JOBS_INTERVAL_MS: '200',
      PAYMENT_HOLD_MINUTES: '15',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${appBase()}/s/api/init`, { headers: { 'x-web-url': siteOrigin() } })
      if (res.ok) return child
    } catch {
      /* not listening yet */
    }
    await sleep(150)
  }
  child.kill('SIGKILL')
  throw new Error('the app did not start within 60 s')
}

function killApp(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  const child = app
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill(signal)
  })
}

/** A shopper talking to the app like the web client: cookies, XSRF header, website header. */
class Shopper {
  jar = new Map<string, string>()
  addressId = 0
  constructor(
    readonly name: string,
    readonly phone: string,
  ) {}

  async call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; json: any }> {
    const headers: Record<string, string> = { 'x-web-url': siteOrigin(), cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') }
    const xsrf = this.jar.get('XSRF-TOKEN')
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${appBase()}/s/api${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair.indexOf('=')
      const [k, v] = [pair.slice(0, i).trim(), pair.slice(i + 1).trim()]
      if (v === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.jar.delete(k)
      else this.jar.set(k, v)
    }
    const text = await res.text()
    let json: any = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = text
    }
    return { status: res.status, json }
  }

  async ok(method: 'GET' | 'POST', url: string, body?: unknown) {
    const r = await this.call(method, url, body)
    if (r.status >= 300) throw new Error(`${this.name}: ${method} ${url} answered ${r.status} ${JSON.stringify(r.json)}`)
    return r.json
  }

  /** Signs in with the fixed code (registering a new number), adds an address in a served pincode. */
  async signIn() {
    await this.ok('GET', '/cookie')
    await this.ok('POST', '/auth/login', { username: this.phone })
    const v = await this.ok('POST', '/auth/verify', { username: this.phone, otp: CODE })
    if (v.needsRegistration)
      await this.ok('POST', '/auth/register', { name: `Crash ${this.name}`, email: `crash-${this.phone}@example.com`, phone: this.phone })
    await this.ok('GET', '/check/pincode/560001')
    const list = await this.ok('POST', '/account/addresses', {
      name: 'Asha Rao',
      mobile: '9876512345',
      house: '12',
      street: 'MG Road',
      area: 'Ashok Nagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    })
    const address = list.addresses.find((a: { pincode: string; serviceable: boolean }) => a.pincode === '560001' && a.serviceable)
    assert.ok(address, `${this.name}: no serviceable address in ${JSON.stringify(list)}`)
    this.addressId = address.id
  }
}

/**
 * Once the provider has delivered every webhook it made and the app answered each with a 2xx: what it retried through
 * the crash (with its backoff) is in the app by then.
 */
const webhooksDelivered = () =>
  until(
    async () => {
      const events = (await simCall('/webhooks')).json as { eventId: string }[]
      const { webhooks } = (await simCall('/log')).json as { webhooks: { eventId: string; status: number | null }[] }
      const delivered = new Set(webhooks.filter((d) => d.status !== null && d.status < 300).map((d) => d.eventId))
      return events.every((e) => delivered.has(e.eventId))
    },
    60_000,
    'the provider to deliver every webhook',
  )

const simCall = async (pathname: string, body?: unknown) => {
  const res = await fetch(`${provider!.origin.replace('localhost', '127.0.0.1')}/__sim${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  })
  return { status: res.status, json: (await res.json().catch(() => null)) as any }
}

interface PlaceRequest {
  shopper: Shopper
  body: Record<string, unknown>
  /** the answer's order id, when the app answered 2xx */
  orderId?: number
  status?: number
  /** no answer: the connection broke (the crash) */
  lost?: boolean
}

type Pack = { pack_id: number; warehouse_id: number }

let packs: Pack[] = []
const places: PlaceRequest[] = []
const onlineOrders = new Map<number, { shopper: Shopper; method: string }>()
const stats = { placed: 0, refused: 0, paidInSim: 0, confirms: 0, brokenCalls: 0 }

async function placeOnce(req: PlaceRequest) {
  try {
    const r = await req.shopper.call('POST', '/checkout/place', req.body)
    req.status = r.status
    req.lost = false
    if (r.status < 300) {
      req.orderId = r.json.order_id
      if (req.body.payment_method !== 'cod') onlineOrders.set(r.json.order_id, { shopper: req.shopper, method: String(req.body.payment_method) })
    }
    return r
  } catch (err) {
    req.lost = true
    throw err
  }
}

/** Pays an online order at the provider (success, or sometimes a failure) and sometimes confirms from the "browser". */
async function payOnline(s: Shopper, orderId: number, n: number, outcome: 'success' | 'failed' = n % 5 === 4 ? 'failed' : 'success') {
  const p = await s.call('GET', `/checkout/pay/${orderId}`)
  if (p.status >= 300) return p
  const paid = await simCall('/pay', { provider: p.json.provider, order_id: p.json.provider_order_id, outcome })
  if (paid.status < 300 && outcome === 'success') stats.paidInSim++
  if (n % 2 === 0) {
    const hint =
      p.json.provider === 'razorpay' && paid.json?.razorpay_payment_id
        ? {
            razorpay_payment_id: paid.json.razorpay_payment_id,
            razorpay_order_id: paid.json.razorpay_order_id,
            razorpay_signature: paid.json.razorpay_signature,
          }
        : {}
    await s.call('POST', `/checkout/confirm/${orderId}`, hint)
    stats.confirms++
  }
  return p
}

async function shop(s: Shopper, index: number, stop: { now: boolean }) {
  const methods = ['cod', 'razorpay', 'cashfree']
  for (let n = 0; !stop.now; n++) {
    const chosen = [packs[(index * 97 + n * 13) % packs.length], packs[(index * 31 + n * 7 + 5) % packs.length]].slice(0, 1 + (n % 2))
    try {
      for (const k of chosen) await s.ok('POST', '/cart/add', { pack_id: k.pack_id, warehouse_id: k.warehouse_id })
      const slots = await s.ok('GET', `/checkout/slots?address_id=${s.addressId}`)
      const picked = slots.groups.map((g: { delivery_charge_id: number; slots: { id: number; open: boolean }[] }) => {
        const open = g.slots.filter((x) => x.open)
        return { delivery_charge_id: g.delivery_charge_id, slot_id: open[n % open.length].id }
      })
      const method = methods[(index + n) % methods.length]
      const req: PlaceRequest = {
        shopper: s,
        body: { address_id: s.addressId, slots: picked, payment_method: method, idempotency_key: `crash-${index}-${n}-${randomBytes(4).toString('hex')}` },
      }
      places.push(req)
      const r = await placeOnce(req)
      if (r.status >= 300) {
        stats.refused++
        for (const k of chosen) await s.call('POST', '/cart/remove', { pack_id: k.pack_id, remove: true })
        continue
      }
      stats.placed++
      if (method !== 'cod') await payOnline(s, r.json.order_id, n)
    } catch {
      stats.brokenCalls++
      return // the crash: this shopper's request is in flight and will be retried after the restart
    }
  }
}

before(async () => {
  await admin((c) => c.query(`create database "${dbName}"`))
  dbCreated = true
  ;[provider, appPort] = await Promise.all([startServer(), freePort()])
})

after(async () => {
  await killApp('SIGKILL').catch(() => {})
  await provider?.stop().catch(() => {})
  if (dbCreated) await admin((c) => c.query(`drop database if exists "${dbName}" with (force)`)).catch((err) => console.error('could not drop', dbName, err))
})

test('a SIGKILL during checkouts and webhooks loses, duplicates and double-counts nothing', { timeout: 150_000 }, async () => {
  const t0 = Date.now()
  const mark = (what: string) => console.log(`# crash test: ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s`)

  // The provider keeps retrying webhooks to the app's fixed port while the app is down.
  const hook = (p: string) => `http://127.0.0.1:${appPort}/s/api/payments/webhooks/${p}`
  const opts = await simCall('/webhooks/options', { urls: { razorpay: hook('razorpay'), cashfree: hook('cashfree') }, backoffMs: 250, maxAttempts: 12 })
  assert.equal(opts.status, 200, JSON.stringify(opts.json))

  // ---- run 1: seed on first start, then traffic, then SIGKILL mid-flight
  app = await startApp()
  mark('app up (seeded)')
  const products = (await (await fetch(`${appBase()}/s/api/products?perPage=100`, { headers: { 'x-web-url': siteOrigin() } })).json()).data as {
    packs: (Pack & { in_stock: boolean })[]
  }[]
  packs = products.flatMap((p) => p.packs.filter((k) => k.in_stock).map((k) => ({ pack_id: k.pack_id, warehouse_id: k.warehouse_id })))
  assert.ok(packs.length >= 10, 'the seeded catalogue has packs in stock')

  const shoppers = [
    new Shopper('meera', '9876500003'),
    ...[1, 2, 3, 4, 5].map((i) => new Shopper(`new${i}`, `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`)),
  ]
  await Promise.all(shoppers.map((s) => s.signIn()))
  mark('shoppers signed in')

  const stop = { now: false }
  const traffic = shoppers.map((s, i) => shop(s, i, stop))
  await until(() => stats.placed >= BEFORE_KILL.placed && stats.paidInSim >= BEFORE_KILL.paidInSim, 120_000, 'the traffic before the kill')
  const crashedAt = Date.now()
  await killApp('SIGKILL')
  stop.now = true
  await Promise.all(traffic)
  mark(`SIGKILL (${stats.placed} placed, ${stats.refused} refused, ${stats.paidInSim} paid at the provider, ${stats.brokenCalls} calls broken)`)
  assert.ok(stats.placed >= 5, `enough orders before the crash (${stats.placed})`)
  assert.ok(stats.brokenCalls >= 1, 'the crash broke at least one call in flight')

  // ---- run 2: restart on the same database; retry what was in flight with the same keys
  const restartedAt = new Date()
  app = await startApp()
  mark(`app restarted (${((Date.now() - crashedAt) / 1000).toFixed(1)} s after the kill)`)

  const before2xx = new Map(places.filter((p) => p.orderId).map((p) => [p.body.idempotency_key as string, p.orderId!]))
  const inFlight = places.filter((p) => p.lost)
  mark(`${inFlight.length} place requests had no answer at the kill`)
  for (const req of inFlight) await placeOnce(req)
  // a retry of a request that already succeeded answers the very same order
  for (const req of places.filter((p) => p.orderId)) {
    const again = await req.shopper.call('POST', '/checkout/place', req.body)
    assert.ok(again.status < 300, `retry of ${req.body.idempotency_key} answered ${again.status}`)
    assert.equal(again.json.order_id, req.orderId, `retry of ${req.body.idempotency_key} answers the same order`)
  }
  for (const [key, id] of before2xx) assert.equal(places.find((p) => p.body.idempotency_key === key)!.orderId, id)
  mark(`retried ${places.filter((p) => p.lost === false && p.status !== undefined).length} place requests`)

  // every online order: drive the payment to the end (the provider still knows its orders), confirm from the "browser"
  let n = 0
  for (const [orderId, { shopper }] of onlineOrders) {
    const o = await shopper.ok('GET', `/orders/${orderId}`).catch(() => null)
    if (o && o.payment_status === 'paid') continue
    const c = await shopper.call('POST', `/checkout/confirm/${orderId}`, {})
    if (c.status < 300 && c.json.status === 'paid') continue
    // every third unpaid order is left to run out its hold (then paid late, below)
    if (n++ % 3 === 2) continue
    await payOnline(shopper, orderId, 0, n % 4 === 3 ? 'failed' : 'success').catch(() => {})
  }
  mark('online orders re-driven')

  const db = new pg.Client({ connectionString: dbUrl })
  await db.connect()
  try {
    const q = async <R extends Record<string, any>>(sql: string, args: unknown[] = []) => (await db.query<R>(sql, args)).rows

    // webhooks retried by the provider arrive, the outbox drains: wait until no event is unprocessed and the outbox is empty
    const settle = async (label: string) => {
      const deadline = Date.now() + 20_000
      for (;;) {
        // an outbox row leased by the killed process waits for its lease (60 s) to end; time passes here too. Every
        // lease taken before the restart ends before restartedAt + 60 s, every lease of the new process after it
        // (a margin of a second here left a row claimed in the last second before the kill leased past the test).
        await q(`update outbox set claimed_until = now() where sent_at is null and claimed_until > now() and claimed_until < $1`, [
          new Date(restartedAt.getTime() + 60_000),
        ])
        const [w] = await q(
          `select (select count(*)::int from payment_events where processed_at is null) as events, (select count(*)::int from outbox where sent_at is null) as outbox`,
        )
        if ((w.events === 0 && w.outbox === 0) || Date.now() > deadline) {
          mark(`${label}: ${w.events} unprocessed webhooks, ${w.outbox} unsent outbox rows`)
          if (w.outbox > 0) {
            const unsent = await q(`select id, kind, attempts, last_error, available_at, claimed_until, payload from outbox where sent_at is null`)
            mark(`unsent: ${JSON.stringify(unsent)}`)
            const act = await q(
              `select pid, application_name, state, wait_event_type, wait_event, left(query, 160) as query, now() - xact_start as xact from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
            )
            mark(`activity: ${JSON.stringify(act)}`)
          }
          return w
        }
        await sleep(200)
      }
    }
    await webhooksDelivered()
    await settle('settled')

    // time passes: the holds of still-unpaid orders run out and the sweeper releases them
    await q(
      `update orders set hold_expires_at = now() - interval '1 second' where released_at is null and payment_status in ('pending', 'failed') and hold_expires_at is not null`,
    )
    const [{ n: heldPast }] = await untilValue(
      () => q(`select count(*)::int as n from orders where released_at is null and payment_status in ('pending', 'failed') and hold_expires_at < now()`),
      ([h]) => h.n === 0,
      30_000,
      'the sweeper to release the orders whose hold ran out',
    )
    assert.equal(heldPast, 0)
    // a late payment for one released order: re-reserved or refunded, never lost
    const [expired] = await q(`select count(*)::int as n from orders where status = 'expired'`)
    mark(`sweeper released ${expired.n} unpaid orders`)
    const [late] = await q(
      `select o.id, p.provider, p.provider_order_id from orders o join payments p on p.order_id = o.id where o.status = 'expired' and p.status in ('created', 'failed') and p.provider_order_id is not null order by o.id limit 1`,
    )
    if (late) {
      const r = await simCall('/pay', { provider: late.provider, order_id: late.provider_order_id, outcome: 'success' })
      mark(`late payment of released order ${late.id}: ${r.status}`)
      await webhooksDelivered()
    }
    const settled = await settle('final')
    assert.equal(settled.events, 0, 'every stored webhook was processed')
    assert.equal(settled.outbox, 0, 'the outbox drained')

    // ---- the invariants, straight from the database
    const orders = await q(`select id, user_id, idempotency_key, status, payment_status, released_at from orders`)
    const pays = await q(`select id, order_id, status, provider, provider_payment_id from payments`)
    const byId = new Map(orders.map((o) => [o.id, o]))

    // 1. every paid payment belongs to exactly one order, and that order is paid; no order has two paid payments
    for (const p of pays.filter((x) => x.status === 'paid')) {
      const o = byId.get(p.order_id)
      assert.ok(o, `paid payment ${p.id} has its order`)
      assert.equal(o.payment_status, 'paid', `paid payment ${p.id}: order ${o.id} is ${o.payment_status}`)
      assert.ok(!['cancelled', 'expired'].includes(o.status), `paid payment ${p.id}: order ${o.id} is ${o.status}`)
    }
    for (const o of orders.filter((x) => x.payment_status === 'paid')) {
      const paid = pays.filter((p) => p.order_id === o.id && p.status === 'paid')
      assert.equal(paid.length, 1, `paid order ${o.id} has exactly one paid payment (has ${paid.length})`)
    }
    const providerPayments = pays.filter((p) => p.provider_payment_id).map((p) => `${p.provider}:${p.provider_payment_id}`)
    assert.equal(new Set(providerPayments).size, providerPayments.length, 'a provider payment is recorded once')

    // 2. no order duplicated: one order per (user, idempotency key), and every 2xx answer's order exists with its key
    const keys = orders.map((o) => `${o.user_id}:${o.idempotency_key}`)
    assert.equal(new Set(keys).size, keys.length, 'no two orders share a (user, idempotency key)')
    const answered = places.filter((p) => p.orderId)
    for (const p of answered) {
      const o = byId.get(p.orderId!)
      assert.ok(o, `order ${p.orderId} answered 2xx is in the database`)
      assert.equal(o.idempotency_key, p.body.idempotency_key)
    }
    const ours = new Set(places.map((p) => p.body.idempotency_key))
    const stray = orders.filter((o) => !ours.has(o.idempotency_key))
    assert.deepEqual(stray, [], 'every order comes from a request the shoppers sent')

    // 3. stock: reserved equals what the orders still holding their items (not released) hold; nothing negative
    const drift = await q(`
      with held as (
        select i.pack_id, i.warehouse_id, sum(i.quantity)::int as qty
        from order_items i join orders o on o.id = i.order_id
        where o.released_at is null and o.status not in ('cancelled', 'expired', 'delivered')
        group by i.pack_id, i.warehouse_id)
      select s.pack_id, s.warehouse_id, s.quantity, s.reserved, coalesce(h.qty, 0) as held
      from stock s full join held h on h.pack_id = s.pack_id and h.warehouse_id = s.warehouse_id
      where s.pack_id is null or s.reserved <> coalesce(h.qty, 0) or s.quantity < 0 or s.reserved < 0 or s.reserved > s.quantity`)
    assert.deepEqual(drift, [], 'stock.reserved matches the held order items for every pack and warehouse')
    const unledgered = await q(`
      select s.pack_id, s.warehouse_id from stock s
      left join (select pack_id, warehouse_id, sum(on_hand_change)::int as q, sum(reserved_change)::int as r from stock_ledger group by pack_id, warehouse_id) l
        on l.pack_id = s.pack_id and l.warehouse_id = s.warehouse_id
      where coalesce(l.q, 0) <> s.quantity or coalesce(l.r, 0) <> s.reserved`)
    assert.deepEqual(unledgered, [], 'the stock ledger adds up to every stock row (its rows commit with the change)')
    const [inconsistent] = await q(`select count(*)::int as n from orders where (released_at is null) <> (status not in ('cancelled', 'expired'))`)
    assert.equal(inconsistent.n, 0, 'an order is released exactly when it is cancelled or expired')

    // 4. one confirmation message per confirmed order, none lost, none doubled (the transactional outbox)
    const messages = await q(
      `select o.id, count(x.id)::int as n from orders o left join outbox x on x.kind in ('order_placed', 'order_confirmation') and (x.payload->>'orderId')::int = o.id where o.status = 'confirmed' group by o.id having count(x.id) <> 1`,
    )
    assert.deepEqual(messages, [], 'every confirmed order has exactly one confirmation message')

    // 5. the late payment was not lost: re-reserved (paid) or on its way back (refund)
    if (late) {
      const [o] = await q(`select payment_status from orders where id = $1`, [late.id])
      assert.ok(['paid', 'refund_pending', 'refunded'].includes(o.payment_status), `late payment of order ${late.id}: ${o.payment_status}`)
    }

    const summary = await q(`select payment_method, status, payment_status, count(*)::int as n from orders group by 1, 2, 3 order by 1, 2, 3`)
    console.log('# crash test: orders', JSON.stringify(summary))
    console.log(
      `# crash test: ${orders.length} orders, ${pays.length} payments (${pays.filter((p) => p.status === 'paid').length} paid), ${places.length} place requests (${places.filter((p) => p.lost !== undefined && p.status === undefined).length} never answered)`,
    )
    assert.ok(orders.length >= stats.placed, 'every order placed before the crash is still there')
  } finally {
    await db.end()
  }
  await killApp('SIGTERM')
  mark('done')
})
