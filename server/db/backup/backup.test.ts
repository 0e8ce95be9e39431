import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import type { Product } from '../../../common/contracts/catalogue'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { shopping } from '../../features/checkout/test-kit'
import { buildTestApp, type Driver, drivers, MAIN, type TestApp } from '../../test/app'
import { signIn } from '../../test/shopper'
import { type Database, type Db, openDb, rowsOf } from '../client'
import { withDatabase } from '../template'
import { readArchive, writeArchive } from './archive'
import { backup, BackupError } from './backup'
import type { Manifest } from './manifest'
import { restore } from './restore'

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The figures a shop must find again after a restore, read in SQL. */
async function figures(db: Db) {
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))
  return {
    orders: await rows(sql`select website_id, count(*)::int as count, sum(total_paise)::text as total from orders group by 1 order by 1`),
    orderLines: await rows(sql`select order_id, pack_id, quantity from order_items order by 1, 2`),
    invoices: await rows(sql`select number, kind, total_paise from tax_documents order by number`),
    stock: await rows(sql`select pack_id, warehouse_id, quantity, reserved from stock order by 1, 2`),
    media: await rows(sql`select path, encode(sha256(bytes), 'hex') as sha256 from media order by path`),
    nextOrderId: await rows(sql`select last_value::text as value from pg_sequences where sequencename = 'orders_id_seq'`),
  }
}

/** A new, empty database to restore into, and how to drop it: a PostgreSQL database of its own, or an empty data directory. */
async function freshTarget(kind: Driver) {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-restored-'))
    return { target: { dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) }
  }
  const admin = inject('pgAdminUrl')!
  const name = `sf_restore_${randomBytes(6).toString('hex')}`
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: admin })
    await c.connect()
    await c.query(statement).finally(() => c.end())
  }
  await run(`create database "${name}"`)
  const url = withDatabase(admin, name)
  return { target: { url, dataDir: os.tmpdir() }, drop: () => run(`drop database if exists "${name}" with (force)`) }
}

const openTarget = (target: { url?: string; dataDir: string }): Promise<Database> =>
  openDb(target.url ? { url: target.url, poolSize: 2, migrate: false } : { url: 'pglite', dataDir: target.dataDir, migrate: false })

describe.each(drivers)('backup and restore (%s)', (driver) => {
  let t: TestApp
  let work: string
  let before: Awaited<ReturnType<typeof figures>>
  const uploads: { url: string; sha256: string }[] = []
  const others = drivers.filter((d) => d !== driver)

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'storefront-backups-'))
    t = await buildTestApp(driver, { ORDER_JOBS_INTERVAL_MS: 0, SCHEDULED_JOBS_CHECK_MS: 0 })
    // a store with orders (each with its tax invoice), stock taken by them, and uploaded images
    const catalogue: Product[] = (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data
    const shop = shopping(t, catalogue)
    const [a, b, c] = shop.sellable()
    for (const [packs, units] of [
      [[a, b], 2],
      [[c], 3],
      [[a, c], 1],
    ] as const) {
      const { res } = await shop.place(await shop.shopperWithCart([...packs], units), 'cod')
      expect(res.statusCode, res.body).toBe(200)
    }
    const admin = await signIn(t, '9876500001')
    for (const background of ['#c0ffee', '#7a3b10']) {
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .png()
        .toBuffer()
      const res = await t.call({
        method: 'POST',
        url: '/s/api/admin/media',
        session: admin,
        payload: image,
        headers: { 'content-type': 'application/octet-stream' },
      })
      expect(res.statusCode, res.body).toBe(200)
      uploads.push({ url: res.json().url, sha256: sha256(image) })
    }
    before = await figures(t.app.deps.db)
    expect(before.invoices.length).toBeGreaterThanOrEqual(3)
  })
  afterAll(async () => {
    await t?.close()
    rmSync(work, { recursive: true, force: true })
  })

  it('backs up the store into one archive and restores it into a new database: the same orders, invoices, stock and images', { timeout: 180_000 }, async () => {
    const file = path.join(work, 'native.tar.gz')
    const manifest = await backup(t.database, file)
    expect(manifest.database.method).toBe(driver === 'pglite' ? 'pglite' : 'pg_dump')
    expect(manifest.migration.tag).toMatch(/^\d{4}_/)
    expect(manifest.figures.orders.count).toBe(before.orders.reduce((n: number, o) => n + (o as { count: number }).count, 0))
    expect(manifest.figures.media.length).toBe(before.media.length)
    expect(await readArchive(file, path.join(work, 'native'))).toEqual(['manifest.json', ...manifest.files.map((f) => f.name)])

    const { target, drop } = await freshTarget(driver)
    try {
      await restore(target, file)
      const restored = await openTarget(target)
      try {
        expect(await figures(restored.db)).toEqual(before)
        // the restored database serves the uploaded images byte for byte
        const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database: restored })
        for (const u of uploads) {
          const res = await app.inject({ method: 'GET', url: u.url, headers: { 'x-web-url': MAIN } })
          expect([res.statusCode, sha256(res.rawPayload)]).toEqual([200, u.sha256])
        }
        await app.close()
      } finally {
        await restored.close()
      }
      // a database with data is refused, unless forced
      await expect(restore(target, file)).rejects.toThrow(/is not empty \(.* have rows\)/)
      await restore(target, file, { force: true })
      const again = await openTarget(target)
      expect(await figures(again.db).finally(() => again.close())).toEqual(before)
    } finally {
      await drop()
    }
  })

  it('a logical backup restores into either database (from the embedded one to PostgreSQL)', { timeout: 180_000 }, async () => {
    const file = path.join(work, 'logical.tar.gz')
    expect((await backup(t.database, file, { format: 'logical' })).database.method).toBe('logical')
    for (const kind of [driver, ...others]) {
      const { target, drop } = await freshTarget(kind)
      try {
        await restore(target, file)
        const restored = await openTarget(target)
        expect(await figures(restored.db).finally(() => restored.close()), kind).toEqual(before)
      } finally {
        await drop()
      }
    }
  })

  it('refuses an archive from a newer schema, a damaged one and the other database’s own dump, touching nothing', { timeout: 120_000 }, async () => {
    const file = path.join(work, 'native.tar.gz')
    const dir = path.join(work, 'edited')
    const names = await readArchive(file, dir)
    const repack = async (name: string) => {
      await writeArchive(
        path.join(work, name),
        names.map((n) => ({ name: n, path: path.join(dir, n) })),
      )
      return path.join(work, name)
    }
    const manifestFile = path.join(dir, 'manifest.json')
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, migration: { tag: '9999_from_the_future', when: manifest.migration.when + 1 } }))
    const newer = await repack('newer.tar.gz')
    writeFileSync(manifestFile, JSON.stringify(manifest))
    const dump = path.join(dir, manifest.files[0].name)
    const bytes = readFileSync(dump)
    bytes[bytes.length >> 1] ^= 0xff
    writeFileSync(dump, bytes)
    const damaged = await repack('damaged.tar.gz')

    const { target, drop } = await freshTarget(driver)
    try {
      await expect(restore(target, newer)).rejects.toThrow(/from a newer version of the storefront \(schema 9999_from_the_future/)
      await expect(restore(target, damaged)).rejects.toThrow(/is damaged: database\//)
      await expect(restore(target, path.join(work, 'nothing.tar.gz'))).rejects.toBeInstanceOf(BackupError)
      for (const kind of others) {
        const other = await freshTarget(kind)
        await expect(restore(other.target, file).finally(other.drop)).rejects.toThrow(/restores into (PostgreSQL|the embedded database) only/)
      }
      const untouched = await openTarget(target)
      expect(await untouched.db.execute(sql`select to_regclass('public.orders')::text as t`).finally(() => untouched.close())).toMatchObject({
        rows: [{ t: null }],
      })
    } finally {
      await drop()
    }
  })
})
