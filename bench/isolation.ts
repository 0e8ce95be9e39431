/**
 * Isolation (issue 30): one admin's heavy work must not stall another website's shoppers. One compiled process on
 * a database of its own with two websites: the shoppers' (5,000 generated products) and the admin's (2,000). The
 * shoppers' API (never-seen products and lists) is loaded at a steady rate, after a 10 s warm-up first with nothing
 * else going on (the reference), then while the admin, signed in through the real staff API (AUTH_FIXED_OTP), previews and
 * applies a 10,000-row catalogue import (POST /s/api/admin/catalogue/import, then …/apply) and uploads four
 * 7000 × 7000 JPEGs (POST /s/api/admin/media). Budget: the p99 under that work ≤ 2 × the reference's, same run.
 *
 *   npm run build && npx tsx bench/isolation.ts [postgres://admin-url]
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDb, rowsOf } from '../server/db/client'
import { users, websiteMembers } from '../server/db/schema/accounts'
import { withDatabase } from '../server/db/template'
import { type Compiled, startCompiled } from './compiled'
import { createBenchWebsite, generateCatalogue } from './generate-catalogue'
import { type LoadResult, measureUntil } from './load'

export interface IsolationFigures {
  rate: number
  connections: number
  alone: LoadResult
  busy: LoadResult
  steps: { name: string; ms: number; status: number }[]
  rssBeforeMb: number
  peakRssMb: number
}

const SHOP = 'http://shop.iso.localhost'
const ADMIN = 'http://admin.iso.localhost'
const CODE = '123456'
const PHONE = '9876509998'

/** A staff member's browser: cookie jar, XSRF header, the admin's website. */
async function signedInAdmin(base: string) {
  const jar = new Map<string, string>()
  const call = async (method: string, url: string, body?: Buffer | object, type = 'application/json', extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = { 'x-web-url': ADMIN, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...extra }
    if (jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN')!)
    if (body !== undefined) headers['content-type'] = type
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body)
    const res = await fetch(`${base}/s/api${url}`, { method, headers, body: payload })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      jar.set(pair!.slice(0, i).trim(), pair!.slice(i + 1).trim())
    }
    const text = await res.text()
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`)
    return { status: res.status, json: text ? JSON.parse(text) : null }
  }
  await call('GET', '/cookie')
  await call('POST', '/auth/login', { username: PHONE })
  await call('POST', '/auth/verify', { username: PHONE, otp: CODE })
  return call
}

/** Four large photos-like JPEGs (smooth gradients: a few MB each, 49 megapixels to decode). */
async function largeImages(side: number): Promise<Buffer[]> {
  const sharp = (await import('sharp')).default
  const raw = Buffer.alloc(side * side * 3)
  const images: Buffer[] = []
  for (let n = 0; n < 4; n++) {
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const i = (y * side + x) * 3
        raw[i] = (x * 255) / side
        raw[i + 1] = (y * 255) / side
        raw[i + 2] = ((x + y + n * 997) * 7) & 255
      }
    images.push(
      await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
        .jpeg({ quality: 80 })
        .toBuffer(),
    )
  }
  return images
}

export async function benchIsolation(
  adminUrl: string,
  options: { rate?: number; connections?: number; warmupS?: number; aloneS?: number; imageSide?: number; log?: (m: string) => void } = {},
): Promise<IsolationFigures> {
  const log = options.log ?? console.log
  const rate = options.rate ?? 50
  const connections = options.connections ?? 10
  const name = `bench_iso_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  const url = withDatabase(adminUrl, name)
  let app: Compiled | undefined
  try {
    const database = await openDb({ url, poolSize: 2 })
    let slugs: string[]
    let lists: string[]
    let file: Buffer
    try {
      const db = database.db
      const shop = await createBenchWebsite(db, SHOP)
      const adminSite = await createBenchWebsite(db, ADMIN)
      log('[isolation] two websites: 5,000 products for the shoppers, 2,000 for the admin')
      await generateCatalogue(db, shop, { products: 5000, warehouses: 1 })
      await generateCatalogue(db, adminSite, { products: 2000, warehouses: 1 })
      const [user] = await db.insert(users).values({ name: 'Bench Admin', phone: PHONE, phoneVerifiedAt: new Date() }).returning({ id: users.id })
      await db.insert(websiteMembers).values({ websiteId: adminSite, userId: user!.id, hasAdminAccess: true, role: 'admin' })
      slugs = rowsOf<{ slug: string }>(await db.execute(sql`select slug from products where website_id = ${shop} order by id`)).map((r) => r.slug)
      const cats = rowsOf<{ slug: string }>(await db.execute(sql`select slug from categories where website_id = ${shop} order by id`)).map((r) => r.slug)
      lists = cats.flatMap((c) => ['popularity', 'price_asc', 'newest'].flatMap((s) => [1, 2, 3].map((p) => `/s/api/products?c=${c}&s=${s}&page=${p}`)))
      file = await importFile(db, adminSite)
    } finally {
      await database.close()
    }
    const images = await largeImages(options.imageSide ?? 7000)
    log(
      `[isolation] four ${options.imageSide ?? 7000}² JPEGs of ${images.map((b) => (b.length / 2 ** 20).toFixed(1)).join(', ')} MB; CSV of ${(file.length / 2 ** 20).toFixed(1)} MB`,
    )
    app = await startCompiled(url, { AUTH_FIXED_OTP: CODE })
    const call = await signedInAdmin(app.base)
    // never-seen: each request the next product or list of the shoppers' website
    let i = 0
    const next = () => ({
      path: i % 2 === 0 ? `/s/api/products/${slugs[(i++ >> 1) % slugs.length]}` : lists[(i++ >> 1) % lists.length]!,
      headers: { 'x-web-url': SHOP },
    })
    // its shelf built before either run
    await fetch(`${app.base}/s/api/products`, { headers: { 'x-web-url': SHOP } })
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
    // a warm-up at the same rate (discarded): the process's first seconds (JIT, first answers' JSON) are not the reference's
    await measureUntil(app.base, next, { connections, rate }, sleep((options.warmupS ?? 10) * 1000))
    log(`[isolation] the shoppers' API alone: ${rate} req/s over ${connections} connections, ${options.aloneS ?? 15} s`)
    const alone = await measureUntil(app.base, next, { connections, rate }, sleep((options.aloneS ?? 15) * 1000))
    const rssBeforeMb = app.rssMb()
    let peak = rssBeforeMb
    const proc = app
    const sample = setInterval(() => (peak = Math.max(peak, proc.rssMb())), 100)
    const steps: IsolationFigures['steps'] = []
    const step = async <T extends { status: number }>(stepName: string, fn: () => Promise<T>) => {
      const started = performance.now()
      const r = await fn()
      steps.push({ name: stepName, ms: Math.round(performance.now() - started), status: r.status })
      log(`[isolation] ${stepName}: ${steps.at(-1)!.ms} ms`)
      return r
    }
    const work = (async () => {
      await sleep(1000)
      const preview = await step('import preview (10,000 rows)', () => call('POST', '/admin/catalogue/import?name=bench.csv', file, 'text/csv'))
      await step('import apply', () => call('POST', `/admin/catalogue/import/${preview.json.token}/apply`, {}))
      for (const [n, image] of images.entries())
        await step(`upload ${n + 1}`, () => call('POST', '/admin/media', image, 'image/jpeg', { 'x-file-name': `big-${n + 1}.jpg` }))
      await sleep(1000)
    })()
    log('[isolation] the same load while the admin imports and uploads')
    let busy: LoadResult
    try {
      ;[busy] = await Promise.all([
        measureUntil(
          app.base,
          next,
          { connections, rate },
          work.catch(() => {}),
        ),
        work,
      ])
    } finally {
      clearInterval(sample)
    }
    return { rate, connections, alone, busy: busy!, steps, rssBeforeMb, peakRssMb: peak }
  } finally {
    await app?.stop()
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
}

/** 10,000 rows: 2,500 new products × 4 packs with stock, as bench/catalogue-csv.ts imports. */
async function importFile(db: import('../server/db/client').Db, siteId: number): Promise<Buffer> {
  const brand = rowsOf<{ name: string }>(await db.execute(sql`select name from brands where website_id = ${siteId} order by id limit 1`))[0]!.name
  const cats = rowsOf<{ slug: string }>(
    await db.execute(sql`select slug from categories where website_id = ${siteId} and parent_id is not null order by id limit 2`),
  ).map((c) => c.slug)
  const warehouse = rowsOf<{ name: string }>(await db.execute(sql`select name from warehouses where website_id = ${siteId} order by id limit 1`))[0]!.name
  const lines = [`Product name,Brand,Categories,Status,Pack name,Price,MRP,SKU,Weight (g),On hand: ${warehouse}`]
  for (let i = 0; i < 2500; i++)
    for (const [j, size] of ['250 g', '500 g', '1 kg', '5 kg'].entries())
      lines.push(`Import Bench Dal ${i},${brand},"${cats.join(', ')}",active,${size},${50 + j}.50,${60 + j},IMP-${i}-${j},${250 * (j + 1)},${(i % 9) + 1}`)
  return Buffer.from(`${lines.join('\n')}\n`)
}

export function isolationMarkdown(f: IsolationFigures): string[] {
  const ratio = f.busy.p99 / Math.max(1, f.alone.p99)
  return [
    '### Isolation: another website during an admin import and four large uploads (PostgreSQL, one compiled process)',
    '',
    `The shoppers' website loaded at ${f.rate} req/s over ${f.connections} connections (never-seen products and lists).`,
    '',
    '| load | while | requests | p50 ms | p99 ms | bad |',
    '|---|---|--:|--:|--:|--:|',
    `| alone (reference) | nothing else | ${f.alone.requests.toLocaleString('en-US')} | ${f.alone.p50} | ${f.alone.p99} | ${f.alone.bad} |`,
    `| busy | ${f.steps.map((s) => `${s.name} ${(s.ms / 1000).toFixed(1)} s`).join('; ')} | ${f.busy.requests.toLocaleString('en-US')} | ${f.busy.p50} | ${f.busy.p99} | ${f.busy.bad} |`,
    '',
    `p99 under the admin's work ${ratio.toFixed(1)}× the reference's (budget ≤ 2×): **${ratio <= 2 && f.busy.bad === 0 ? 'PASS' : 'FAIL'}**. RSS ${f.rssBeforeMb} MB before the work, at most ${f.peakRssMb} MB during it.`,
    '',
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env
  const figures = await benchIsolation(process.argv[2] ?? env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test', {
    rate: Number(env.BENCH_ISOLATION_RATE ?? 50),
    imageSide: Number(env.BENCH_IMAGE_SIDE ?? 7000),
  })
  console.log(`\n${isolationMarkdown(figures).join('\n')}`)
  process.exit(0)
}
