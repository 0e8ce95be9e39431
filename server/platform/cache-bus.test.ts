import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import net from 'node:net'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, rowsOf } from '../db/client'
import { buildTestApp, buildTestAppsOnOneDatabase, drivers, MAIN, SHOP2, type TestApp } from '../test/app'
import { timersDue, until } from '../test/wait'
import { createAppCaches } from './cache'
import { createCacheBus } from './cache-bus'

const REDIS_URL = process.env.TEST_REDIS_URL
const ROOT = path.resolve(import.meta.dirname, '../..')

interface Seen {
  websiteId: number
  slug: string
  packId: number
}

const get = async (t: TestApp, url: string, origin = MAIN) => {
  const res = await t.call({ method: 'GET', url, origin })
  expect(res.statusCode, url).toBe(200)
  return res.json()
}
const priceOf = async (t: TestApp, p: Seen, origin = MAIN): Promise<number> => (await get(t, `/s/api/products/${p.slug}`, origin)).packs[0].price
const setPrice = (t: TestApp, p: Seen, rupees: number) =>
  t.app.deps.db.execute(sql`update packs set price_paise = ${Math.round(rupees * 100)} where id = ${p.packId}`)

async function firstProduct(t: TestApp, origin: string): Promise<Seen> {
  const [product] = (await get(t, '/s/api/products?perPage=1', origin)).data
  return { websiteId: (await get(t, '/s/api/init', origin)).web.id, slug: product.slug, packId: product.packs[0].pack_id }
}

const listeners = async (t: TestApp) =>
  rowsOf<{ n: number }>(
    await t.app.deps.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where application_name = 'storefront-cache-bus' and datname = current_database()`,
    ),
  )[0].n
const dropListeners = (t: TestApp) =>
  t.app.deps.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'storefront-cache-bus' and datname = current_database()`,
  )

describe.each(drivers)('invalidating a website’s cached answers in its own process (%s)', (driver) => {
  let t: TestApp
  let main: Seen
  let shop2: Seen
  /**
   * On PostgreSQL a process hears its own invalidation back over LISTEN a moment later and drops that website's
   * answers again: wait for that echo, or it lands in the next test and drops what that test expects cached.
   */
  const invalidate = async (websiteId: number) => {
    let drops = 0
    const echoed = new Promise<void>((resolve) =>
      t.app.deps.caches.onDrop((id) => {
        if (id === websiteId && ++drops === (driver === 'postgres' ? 2 : 1)) resolve()
      }),
    )
    await t.app.deps.caches.invalidateWebsite(websiteId)
    await echoed
  }
  beforeAll(async () => {
    t = await buildTestApp(driver)
    ;[main, shop2] = [await firstProduct(t, MAIN), await firstProduct(t, SHOP2)]
  })
  afterAll(() => t.close())

  it('drops that website’s catalogue answers before it resolves, and no other website’s', async () => {
    const [before, before2] = [await priceOf(t, main), await priceOf(t, shop2, SHOP2)]
    await setPrice(t, main, before - 1)
    await setPrice(t, shop2, before2 - 1)
    expect([await priceOf(t, main), await priceOf(t, shop2, SHOP2)], 'cached until a write says otherwise').toEqual([before, before2])
    await invalidate(main.websiteId)
    expect(await priceOf(t, main)).toBe(before - 1)
    expect(await priceOf(t, shop2, SHOP2), 'the other website keeps its answers').toBe(before2)
    await invalidate(shop2.websiteId)
    expect(await priceOf(t, shop2, SHOP2)).toBe(before2 - 1)
  })

  it('drops its pages and the website itself (settings, name) too', async () => {
    const [page, init] = [await get(t, '/s/api/page/data/'), await get(t, '/s/api/init')]
    await t.app.deps.db.execute(sql`update pages set seo_title = 'Fresh today' where website_id = ${main.websiteId} and url = '/'`)
    await t.app.deps.db.execute(sql`update websites set name = 'Kirana Fresher' where id = ${main.websiteId}`)
    expect([(await get(t, '/s/api/page/data/')).seo_title, (await get(t, '/s/api/init')).web.name]).toEqual([page.seo_title, init.web.name])
    await invalidate(main.websiteId)
    expect([(await get(t, '/s/api/page/data/')).seo_title, (await get(t, '/s/api/init')).web.name]).toEqual(['Fresh today', 'Kirana Fresher'])
  })
})

describe.runIf(drivers.includes('postgres'))('two app processes on one PostgreSQL database: LISTEN/NOTIFY', () => {
  let a: TestApp
  let b: TestApp
  let main: Seen
  let shop2: Seen
  beforeAll(async () => {
    ;[a, b] = (await buildTestAppsOnOneDatabase(2)).apps
    ;[main, shop2] = [await firstProduct(b, MAIN), await firstProduct(b, SHOP2)]
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  it('listens on a connection of its own, one per app', async () => {
    expect(await listeners(a)).toBe(2)
  })

  it('an invalidation published by A drops B’s answers of that website within a second, and only that website’s', async () => {
    const [before, before2] = [await priceOf(b, main), await priceOf(b, shop2, SHOP2)]
    await setPrice(a, main, before - 2)
    await setPrice(a, shop2, before2 - 2)
    expect(await priceOf(b, main), 'B answers from its cache').toBe(before)
    await a.app.deps.caches.invalidateWebsite(main.websiteId)
    await until(async () => (await priceOf(b, main)) === before - 2, 1000, 'B to answer the new price')
    expect(await priceOf(b, shop2, SHOP2)).toBe(before2)
    await a.app.deps.caches.invalidateWebsite(shop2.websiteId)
    await until(async () => (await priceOf(b, shop2, SHOP2)) === before2 - 2, 1000, 'B to answer the new price')
  })

  it('when its LISTEN connection drops, an app drops everything, then listens again and follows invalidations again', async () => {
    const [before, before2] = [await priceOf(b, main), await priceOf(b, shop2, SHOP2)]
    await setPrice(a, main, before - 3)
    await setPrice(a, shop2, before2 - 3)
    expect([await priceOf(b, main), await priceOf(b, shop2, SHOP2)]).toEqual([before, before2])
    await dropListeners(a) // invalidations published now would be missed: B must not answer from what it kept
    await until(async () => (await priceOf(b, main)) === before - 3 && (await priceOf(b, shop2, SHOP2)) === before2 - 3, 1000, 'B to answer the new price')
    await until(async () => (await listeners(a)) === 2, 5000, 'the listeners to be back')

    await priceOf(b, main)
    await setPrice(a, main, before - 4)
    expect(await priceOf(b, main), 'caching again').toBe(before - 3)
    await a.app.deps.caches.invalidateWebsite(main.websiteId)
    await until(async () => (await priceOf(b, main)) === before - 4, 1000, 'B to answer the new price')
  })
})

/** The cache buses' LISTEN connections begun from now on (pg.Client#connect), to wait until each has connected or failed. */
function busConnections() {
  const connect = pg.Client.prototype.connect
  const begun: Promise<unknown>[] = []
  pg.Client.prototype.connect = function (this: pg.Client & { connectionParameters: { application_name?: string } }, ...args: unknown[]) {
    const result = (connect as (...a: unknown[]) => unknown).apply(this, args)
    if (this.connectionParameters.application_name === 'storefront-cache-bus') begun.push(Promise.resolve(result).catch(() => {}))
    return result
  } as typeof connect
  return {
    ended: () => Promise.all(begun),
    stop: () => void (pg.Client.prototype.connect = connect),
  }
}

/** Connection attempts to `port` from now on (net.Socket#connect, under both pg and ioredis). */
function connectionsTo(port: number) {
  const connect = net.Socket.prototype.connect
  let count = 0
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const [first] = args as [number | { port?: number } | unknown[]]
    const to = Array.isArray(first) ? (first[0] as { port?: number })?.port : typeof first === 'number' ? first : (first as { port?: number })?.port
    if (Number(to) === port) count++
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args)
  } as typeof connect
  return {
    count: () => count,
    stop: () => void (net.Socket.prototype.connect = connect),
  }
}

describe.runIf(drivers.includes('postgres'))('closing an app on PostgreSQL', () => {
  it('leaves no LISTEN connection behind, also while it is reconnecting', async () => {
    const { apps } = await buildTestAppsOnOneDatabase(3)
    const [watcher, quiet, reconnecting] = apps
    expect(await listeners(watcher)).toBe(3)
    await quiet.app.close()
    expect(await listeners(watcher)).toBe(2)
    const attempts = busConnections()
    try {
      await dropListeners(watcher)
      // it has noticed (caching off) and set its reconnection going: closed with the reconnection pending
      await until(() => !reconnecting.app.deps.caches.catalogue.live(), 10_000, 'the app to notice the drop')
      await reconnecting.app.close()
      // a reconnection the closed app might still make was due within 125 ms of its drop (cache-bus-postgres.ts): begun by now
      await timersDue(250)
      await attempts.ended()
      await until(async () => (await listeners(watcher)) > 0, 10_000, 'the watcher to listen again')
      expect(await listeners(watcher), 'only the watcher listens again').toBe(1)
    } finally {
      attempts.stop()
    }
    for (const t of apps) await t.close()
  })

  it.each([['LISTEN/NOTIFY', {}], ...(REDIS_URL ? [['Redis', { REDIS_URL }]] : [])] as [string, object][])(
    'lets the process exit by itself once the app and database are closed (%s)',
    async (_transport, env) => {
      const { apps, url } = await buildTestAppsOnOneDatabase(1)
      const script = `
        import { buildApp } from './server/app.ts'
        import { loadConfig } from './server/config.ts'
        import { openDb } from './server/db/client.ts'
        const database = await openDb({ url: ${JSON.stringify(url)}, poolSize: 2 })
        const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...${JSON.stringify(env)} }), database })
        await app.close()
        await database.close()
        console.log('closed')`
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, timeout: 30_000 })
      expect((await run).stdout.trim()).toBe('closed')
      await apps[0].close()
    },
    40_000,
  )
})

describe.runIf(drivers.includes('postgres') && REDIS_URL)('two app processes with REDIS_URL: Redis pub/sub', () => {
  let a: TestApp
  let b: TestApp
  let main: Seen
  let redis: Redis
  beforeAll(async () => {
    ;[a, b] = (await buildTestAppsOnOneDatabase(2, { REDIS_URL })).apps
    main = await firstProduct(b, MAIN)
    redis = new Redis(REDIS_URL!)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await redis?.quit()
  })

  it('an invalidation published by A drops B’s answers within a second, without a LISTEN connection', async () => {
    expect(await listeners(a)).toBe(0)
    const before = await priceOf(b, main)
    await setPrice(a, main, before - 2)
    expect(await priceOf(b, main)).toBe(before)
    await a.app.deps.caches.invalidateWebsite(main.websiteId)
    await until(async () => (await priceOf(b, main)) === before - 2, 1000, 'B to answer the new price')
  })

  it('when its subscription drops, an app drops everything, then subscribes again and follows invalidations again', async () => {
    const database = rowsOf<{ name: string }>(await a.app.deps.db.execute(sql`select current_database() as name`))[0].name
    const ours = async () =>
      ((await redis.client('LIST')) as string)
        .split('\n')
        .filter((line) => line.includes(' name=storefront_cache:') && line.includes(`/${database} `))
        .map((line) => /\bid=(\d+)/.exec(line)![1])
    expect(await ours()).toHaveLength(2)
    const before = await priceOf(b, main)
    await setPrice(a, main, before - 3)
    expect(await priceOf(b, main)).toBe(before)
    for (const id of await ours()) await redis.client('KILL', 'ID', id)
    await until(async () => (await priceOf(b, main)) === before - 3, 1000, 'B to answer the new price')
    await until(async () => (await ours()).length === 2, 5000, 'the subscriptions to be back')

    await priceOf(b, main)
    await setPrice(a, main, before - 4)
    expect(await priceOf(b, main), 'caching again').toBe(before - 3)
    await a.app.deps.caches.invalidateWebsite(main.websiteId)
    await until(async () => (await priceOf(b, main)) === before - 4, 1000, 'B to answer the new price')
  })
})

describe('a bus that cannot listen', () => {
  const unreachable: Database = {
    kind: 'postgres',
    url: 'postgres://postgres@127.0.0.1:1/nowhere',
    db: undefined as never,
    migrate: async () => {},
    ping: async () => {},
    poolStats: () => ({ total: 0, idle: 0, waiting: 0 }),
    close: async () => {},
    meter: () => {},
  }
  it.each([
    ['PostgreSQL', undefined],
    ['Redis', 'redis://127.0.0.1:1'],
  ])('keeps nothing, says so once while it retries, and closes (%s)', async (_kind, redisUrl) => {
    const warnings: string[] = []
    const attempts = connectionsTo(1)
    try {
      const bus = await createCacheBus({ database: unreachable, redisUrl, log: { warn: (_o, msg) => warnings.push(msg), error() {} } })
      const caches = createAppCaches(bus)
      expect(bus.live()).toBe(false)
      let loads = 0
      for (let i = 0; i < 2; i++) await caches.catalogue.getOrLoad(1, 'k', async () => ++loads)
      expect(loads, 'every answer from the database').toBe(2)
      await until(() => attempts.count() >= 4, 10_000, 'a few retries') // the first try and three retries, each refused
      expect(warnings).toEqual(['cache invalidations are not being received; caching is off until they are'])
      await bus.close()
    } finally {
      attempts.stop()
    }
  })
})
