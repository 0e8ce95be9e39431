/**
 * The admin home (`GET /s/api/admin/dashboard`) on a website with 100,000 orders (PostgreSQL), timed through its
 * service on a fresh database: p50 and p99 over `runs` calls, and each figure on its own. Budget: p99 ≤ 200 ms.
 * Orders are generated in bulk SQL over the last 180 days (a few hundred today, most delivered, some open).
 *
 *   npx tsx bench/admin-dashboard.ts [postgres://admin-url] [orders] [runs] [products]
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { loadConfig } from '../server/config'
import { openDb, rowsOf } from '../server/db/client'
import { withDatabase } from '../server/db/template'
import { dashboard } from '../server/features/dashboard/service'
import { addDays, shopClock } from '../server/features/delivery/schedule'
import * as delivery from '../server/features/delivery/service'
import * as orders from '../server/features/orders/service'
import * as stock from '../server/features/stock/service'
import type { StaffCtx } from '../server/platform/staff-write'
import { createBenchWebsite, generateCatalogue } from './generate-catalogue'

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function time(label: string, runs: number, call: () => Promise<unknown>) {
  await call()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await call()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  console.log(`| ${label} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} |`)
  return percentile(times, 99)
}

async function main() {
  const admin = process.argv[2] ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const count = Number(process.argv[3] ?? 100_000)
  const runs = Number(process.argv[4] ?? 100)
  const products = Number(process.argv[5] ?? 5_000)
  const name = `bench_dash_${randomBytes(4).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`create database "${name}"`)
  const database = await openDb({ url: withDatabase(admin, name), poolSize: 4 })
  const { db } = database
  try {
    const siteId = await createBenchWebsite(db, 'http://bench.localhost:3000')
    await generateCatalogue(db, siteId, { products, log: console.log })
    const started = Date.now()
    await db.execute(sql`insert into users (name, phone, phone_verified_at) values ('Bench Shopper', '9000000001', now())`)
    // 0.3 % of orders today; open ones recent, the rest delivered or cancelled
    await db.execute(sql`
      insert into orders (website_id, user_id, order_number, status, payment_status, payment_method, items_paise, discount_paise, delivery_paise,
                          total_paise, address, idempotency_key, created_at, updated_at)
      select ${siteId}, (select id from users where phone = '9000000001'), 'B' || g, s.status,
             case when s.status = 'expired' then 'failed' when g % 3 = 0 then 'cod' else 'paid' end,
             case when g % 3 = 0 then 'cod' else 'razorpay' end, p, 0, 0, p, '{}'::jsonb, 'k' || g, at, at
      from generate_series(1::bigint, ${count}) g
      cross join lateral (select (10000 + (g * 7919) % 300000)::int as p,
                                 case when g % 330 = 0 then now() - (g % 600) * interval '1 minute'
                                      else now() - ((g * 104729) % (180 * 1440)) * interval '1 minute' - interval '1 day' end as at) v
      cross join lateral (select case when g % 330 = 0 then (array['placed','confirmed','packed','out_for_delivery','delivered'])[1 + g % 5]
                                      when g % 50 = 0 then 'cancelled' when g % 97 = 0 then 'expired'
                                      when g % 211 = 0 then (array['placed','confirmed','packed','out_for_delivery'])[1 + g % 4]
                                      else 'delivered' end as status) s`)
    // twelve two-hour windows a day at each warehouse, today and tomorrow
    const today = shopClock(new Date()).date
    await db.execute(sql`
      insert into delivery_slots (website_id, warehouse_id, date, start_time, end_time, capacity, booked)
      select ${siteId}, w.id, d::date, lpad(h::text, 2, '0') || ':00', lpad((h + 2)::text, 2, '0') || ':00', 30, (w.id * 7 + h * 3) % 31
      from warehouses w cross join (values (${today}), (${addDays(today, 1)})) days(d) cross join generate_series(7, 21, 2) h
      where w.website_id = ${siteId}
      on conflict do nothing`)
    await db.execute(sql`analyze`)
    console.log(`${count} orders and slots in ${Date.now() - started} ms`)

    const site = await db.query.websites.findFirst({ where: (w, { eq }) => eq(w.id, siteId) })
    const ctx = { db, config: loadConfig({ NODE_ENV: 'test' }), site, user: { id: 1 } } as unknown as StaffCtx
    const answer = await dashboard(ctx)
    console.log(
      `today: ${answer.today.orders} orders, ₹${answer.today.revenue}; waiting ${answer.waiting.map((w) => `${w.status} ${w.count}`).join(', ')}; ${answer.slots.length} slots; stock low ${answer.stock.low}, out ${answer.stock.out_of_stock}`,
    )
    console.log(`\n| call (${runs} runs) | p50 ms | p99 ms |\n|---|---|---|`)
    const worst = await time('GET /s/api/admin/dashboard (service)', runs, () => dashboard(ctx))
    await time('· orders today', runs, () => orders.dayFigures(db, siteId, today))
    await time('· orders waiting per status', runs, () => orders.waitingByStatus(db, siteId))
    const warehouseIds = rowsOf<{ id: number }>(await db.execute(sql`select id from warehouses where website_id = ${siteId}`)).map((w) => w.id)
    await time('· slots today and tomorrow (made first where missing)', runs, () => delivery.slotsOn(ctx, warehouseIds, [today, addDays(today, 1)]))
    await time('· low / out of stock counts', runs, () => stock.stockAlerts(db, siteId))
    console.log(`\np99: ${worst.toFixed(1)} ms (budget 200 ms): ${worst <= 200 ? 'PASS' : 'FAIL'}`)
  } finally {
    await database.close()
    await client.query(`drop database if exists "${name}" with (force)`)
    await client.end()
  }
}

await main()
