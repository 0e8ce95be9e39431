/**
 * The counter's sale call (`POST /s/api/pos/sales`) with five counters selling at once on PostgreSQL (issue 28): a
 * fresh database seeded with the demo stores, one compiled app process (`npm run build` first), five registers (the
 * demo one and four at warehouses of their own, each with a shift open and its own signed-in device), each selling
 * `sales` sales of 1–3 lines of ten popular packs one after another, paid in cash, all five at the same time. Prints
 * p50, p95, p99 and the worst latency as the client sees it (loopback HTTP), the sales per second and any answer that
 * was not 201. Figures, not a timed test:
 *
 *   TEST_PG_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/pos-sale.ts [sales per counter] [counters]
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import { withDatabase } from '../server/db/template'
import { freePort } from '../tests/e2e/server'

const ROOT = path.resolve(import.meta.dirname, '..')
const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SALES = Number(process.argv[2] ?? 200)
const COUNTERS = Number(process.argv[3] ?? 5)
const WARMUP = 10
const CODE = '123456'
const STAFF = '9876500001'

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function admin<T>(sqlText: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: ADMIN_URL })
  await c.connect()
  try {
    return (await c.query(sqlText)).rows as T[]
  } finally {
    await c.end()
  }
}

/** One device's session: cookies and the XSRF token, kept from every answer. */
function device(origin: string) {
  const jar = new Map<string, string>()
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${origin}/s${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-web-url': origin,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    const text = await res.text()
    return { status: res.status, json: text ? JSON.parse(text) : null }
  }
  return {
    call,
    jar,
    async signIn() {
      await call('GET', '/api/cookie')
      const sent = await call('POST', '/api/auth/login', { username: STAFF })
      if (sent.status !== 200) throw new Error(`login ${sent.status} ${JSON.stringify(sent.json)}`)
      const ok = await call('POST', '/api/auth/verify', { username: STAFF, otp: CODE })
      if (ok.status !== 200 || !ok.json.user) throw new Error(`verify ${ok.status} ${JSON.stringify(ok.json)}`)
      await call('GET', '/api/cookie')
    },
  }
}

async function must(res: Promise<{ status: number; json: any }>, status: number, what: string) {
  const r = await res
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.json)}`)
  return r.json
}

async function main() {
  const name = `bench_pos_${randomBytes(5).toString('hex')}`
  await admin(`create database "${name}"`)
  let child: ChildProcess | null = null
  try {
    const port = await freePort()
    const origin = `http://localhost:${port}`
    child = spawn(process.execPath, ['dist/app/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: withDatabase(ADMIN_URL, name),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '10000000',
        AUTH_FIXED_OTP: CODE,
        ORDER_JOBS_INTERVAL_MS: '0',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    const deadline = Date.now() + 300_000
    for (;;) {
      if (Date.now() > deadline) throw new Error('the app did not start in 5 minutes')
      const up = await fetch(`${origin}/s/api/init`, { headers: { 'x-web-url': origin } }).then(
        (r) => r.ok,
        () => false,
      )
      if (up) break
      await new Promise((r) => setTimeout(r, 250))
    }

    // five devices, five registers with a shift open, stock enough everywhere
    const devices = Array.from({ length: COUNTERS }, () => device(origin))
    // one sign-in (a code may be asked for once a half minute), its cookies on every device
    await devices[0].signIn()
    for (const d of devices.slice(1)) for (const [k, v] of devices[0].jar) d.jar.set(k, v)
    const boss = devices[0]
    const demo = (await must(boss.call('GET', '/api/pos/shifts/current'), 200, 'current shift')).register as { id: number; warehouse_id: number }
    const places = [demo.warehouse_id]
    for (let i = 1; i < COUNTERS; i++)
      places.push((await must(boss.call('POST', '/api/admin/warehouses', { name: `Bench store ${i}` }), 201, 'warehouse')).id as number)
    const products = (await must(boss.call('GET', '/api/products?perPage=40&s=popularity'), 200, 'products')).data as {
      packs: { pack_id: number; price: number }[]
    }[]
    const packs = products.flatMap((p) => p.packs).slice(0, 10)
    for (const w of places)
      for (const k of packs)
        await must(boss.call('PUT', '/api/admin/stock', { pack_id: k.pack_id, warehouse_id: w, quantity: 1_000_000, reason: 'count_correction' }), 200, 'stock')
    const registers: number[] = []
    for (const [i, w] of places.entries()) {
      const current = await must(devices[i].call('GET', '/api/pos/shifts/current'), 200, 'current')
      if (i === 0) {
        if (!current.shift) await must(devices[i].call('POST', '/api/pos/shifts', { opening_cash: 1000 }), 201, 'open shift')
        registers.push(demo.id)
        continue
      }
      await must(devices[i].call('POST', '/api/pos/shifts', { opening_cash: 1000, warehouse_id: w }), 201, 'open shift')
      const list = (await must(boss.call('GET', '/api/pos/registers'), 200, 'registers')).registers as { id: number; warehouse_id: number }[]
      registers.push(list.find((r) => r.warehouse_id === w)!.id)
    }

    const times: number[] = []
    const refused = new Map<string, number>()
    const sell = async (i: number, counted: boolean) => {
      const lines = [...new Set(Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => packs[Math.floor(Math.random() * packs.length)]))].map((k) => ({
        pack_id: k.pack_id,
        quantity: 1 + Math.floor(Math.random() * 2),
      }))
      const total = lines.reduce((s, l) => s + packs.find((k) => k.pack_id === l.pack_id)!.price * l.quantity, 0)
      const body = { client_id: randomUUID(), register_id: registers[i], lines, payments: [{ method: 'cash', amount: Math.ceil(total) + 10 }] }
      const t0 = performance.now()
      const res = await devices[i].call('POST', '/api/pos/sales', body)
      const ms = performance.now() - t0
      if (res.status !== 201) refused.set(`${res.status} ${res.json?.message ?? ''}`, (refused.get(`${res.status} ${res.json?.message ?? ''}`) ?? 0) + 1)
      else if (counted) times.push(ms)
    }
    await Promise.all(
      registers.map(async (_, i) => {
        for (let n = 0; n < WARMUP; n++) await sell(i, false)
      }),
    )
    const started = performance.now()
    await Promise.all(
      registers.map(async (_, i) => {
        for (let n = 0; n < SALES; n++) await sell(i, true)
      }),
    )
    const seconds = (performance.now() - started) / 1000
    times.sort((a, b) => a - b)
    const f = (ms: number) => ms.toFixed(1)
    console.log(`\n### Counter sale on PostgreSQL: ${COUNTERS} counters selling at once, ${SALES} sales each (after ${WARMUP} warm-up sales each)\n`)
    console.log('| sales | p50 ms | p95 ms | p99 ms | max ms | sales/s |')
    console.log('|--:|--:|--:|--:|--:|--:|')
    console.log(
      `| ${times.length} | ${f(percentile(times, 50))} | ${f(percentile(times, 95))} | ${f(percentile(times, 99))} | ${f(times[times.length - 1])} | ${(times.length / seconds).toFixed(1)} |`,
    )
    console.log(refused.size ? `\nNot sold: ${[...refused].map(([k, v]) => `${v} × ${k}`).join('; ')}` : '\nEvery sale answered 201.')
  } finally {
    if (child && child.exitCode === null) {
      const gone = new Promise((r) => child!.once('exit', r))
      child.kill('SIGTERM')
      await gone
    }
    await admin(`drop database if exists "${name}" with (force)`)
  }
}

await main()
process.exit(0)
