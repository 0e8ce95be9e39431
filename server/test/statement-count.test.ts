import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../common/contracts/catalogue'
import { openDb } from '../db/client'
import { seedIfEmpty } from '../db/seed/index'
import { withDatabase } from '../db/template'
import { captureDelivery } from '../features/accounts/test-kit'
import { shopping } from '../features/checkout/test-kit'
import { buildTestAppOn, MAIN, type TestApp } from './app'
import { type StatsPostgres, startStatsPostgres, statsPostgresBin } from './stats-postgres'

/**
 * Issue 27: /metrics counts every statement the app sends. After a scripted run of 1,000 requests (pages, API reads,
 * carts, sign-in codes, orders), the app's count of statements (db_query_duration_seconds_count) is held against
 * PostgreSQL's own count: pg_stat_statements' calls in the app's database over the same span. That extension counts
 * each statement run to completion, BEGIN and COMMIT included (track_utility), statements inside functions not
 * (track=top): what a client sends. pg_stat_database's xact_commit counts transactions, not statements, so it cannot
 * say whether a statement inside one was counted. Pages are labelled by their own patterns.
 */
const TOKEN = 'metrics-token-0123456789'
const bin = statsPostgresBin()

describe.runIf(bin)('statements counted against PostgreSQL (pg_stat_statements)', () => {
  let cluster: StatsPostgres
  let t: TestApp
  const name = `sf_stats_${randomBytes(4).toString('hex')}`
  const codes = captureDelivery()

  beforeAll(async () => {
    cluster = await startStatsPostgres(bin!)
    const admin = new pg.Client({ connectionString: cluster.adminUrl })
    await admin.connect()
    await admin.query(`create database "${name}"`)
    await admin.end()
    const database = await openDb({ url: withDatabase(cluster.adminUrl, name), poolSize: 5 })
    await seedIfEmpty(database.db, 3000)
    t = await buildTestAppOn(database, { METRICS_TOKEN: TOKEN, ORDER_JOBS_INTERVAL_MS: 0 }, { web: true, otpDelivery: codes })
  }, 180_000)
  afterAll(async () => {
    await t?.close()
    await cluster?.stop()
  })

  const metricsText = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body
  const sum = (text: string, pattern: RegExp) =>
    text
      .split('\n')
      .filter((line) => pattern.test(line))
      .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(' ') + 1)), 0)
  const statementsOk = (text: string) => sum(text, /^storefront_db_query_duration_seconds_count\{outcome="ok"\}/)
  const requests = (text: string) => sum(text, /^storefront_http_requests_total\{/)

  it('counts within 10 % of PostgreSQL over 1,000 requests, and labels each page by its pattern', { timeout: 300_000 }, async () => {
    const catalogue: Product[] = (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data
    const shop = shopping(t, catalogue)
    const slugs = catalogue.map((p) => p.slug)
    const packs = shop.sellable()
    const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: new URL(MAIN).host, accept: 'text/html' } })

    await cluster.reset()
    const before = await metricsText()
    const run = { orders: 0, codes: 0 }

    // orders and sign-in codes first (each a few requests), then pages and reads until 1,000 requests in all
    for (let i = 0; i < 8; i++) {
      const s = await shop.shopperWithCart([packs[i % packs.length]!], 1)
      const { res } = await shop.place(s, 'cod')
      expect(res.statusCode, res.body).toBe(200)
      run.orders++
    }
    for (let i = 0; i < 5; i++) {
      const v = await t.visitor()
      const res = await t.call({
        method: 'POST',
        url: '/s/api/auth/login',
        session: v,
        payload: { username: `900000010${i}` },
        remoteAddress: `10.9.0.${i + 1}`,
      })
      expect(res.statusCode, res.body).toBe(200)
      run.codes++
    }
    const s = await shop.shopperWithCart([packs[0]!], 1)
    const reads = [
      () => page('/'),
      () => page('/products'),
      (i: number) => page(`/products/${slugs[i % slugs.length]}`),
      () => page('/products?sort=price_asc'),
      () => page('/about-us'),
      () => t.call({ method: 'GET', url: '/s/api/init' }),
      (i: number) => t.call({ method: 'GET', url: `/s/api/products?page=${(i % 3) + 1}` }),
      (i: number) => t.call({ method: 'GET', url: `/s/api/products/${slugs[i % slugs.length]}` }),
      () => t.call({ method: 'GET', url: '/s/api/cart', session: s }),
      (i: number) =>
        t.call({
          method: 'POST',
          url: '/s/api/cart/add',
          session: s,
          payload: { pack_id: packs[i % packs.length]!.pack_id, warehouse_id: packs[i % packs.length]!.warehouse_id },
        }),
    ]
    let made = requests(await metricsText()) - requests(before)
    for (let i = 0; made < 1000; i++) {
      const batch = Math.min(10, 1000 - made)
      const answers = await Promise.all(Array.from({ length: batch }, (_, j) => reads[(i * 10 + j) % reads.length]!(i * 10 + j)))
      for (const res of answers) expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500)
      made += batch
    }

    const after = await metricsText()
    const counted = statementsOk(after) - statementsOk(before)
    const own = await cluster.statements(name)
    const requested = requests(after) - requests(before)
    console.log(`${requested} requests: ${counted} statements counted by the app, ${own} by pg_stat_statements`)
    expect(requested).toBeGreaterThanOrEqual(1000)
    expect(own).toBeGreaterThan(1000)
    expect(Math.abs(counted - own) / own).toBeLessThanOrEqual(0.1)

    // each server-rendered page under its own pattern, never the catch-all
    for (const route of ['/', '/products', '/products/:slug', '*'])
      expect(after).toMatch(new RegExp(`^storefront_http_requests_total\\{method="GET",route="${route.replace(/[*/]/g, '\\$&')}",status="200"\\}`, 'm'))
    expect(after).not.toMatch(/route="\/\*"/)
    // the counters of issue 27
    expect(sum(after, /^storefront_orders_placed_total\{channel="online"\}/)).toBe(run.orders)
    expect(sum(after, /^storefront_sign_in_codes_total\{channel="sms",outcome="sent"\}/)).toBe(run.codes)
    expect(sum(after, /^storefront_catalogue_rebuilds_total\{/)).toBeGreaterThan(0)
    expect(after).toMatch(/^storefront_cache_bus_changes_total\{to="up"\} 1$/m)
  })
})
