/**
 * Reports (`GET /s/api/admin/reports/*`) on a website with 100,000 orders over the last 365 days (PostgreSQL), timed
 * through their services on a fresh database: p50 and p99 per report over the last 30 days and over a year.
 * Orders are generated in bulk SQL, numbered in the order they were placed (as in a shop): three lines each (300,000 order lines) on real products, one in ten with a
 * coupon, channels and payment methods mixed, some cancelled, expired or refunded; slots for every day.
 *
 *   npx tsx bench/admin-reports.ts [postgres://admin-url] [orders] [runs] [products]
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { loadConfig } from '../server/config'
import { openDb, rowsOf } from '../server/db/client'
import { withDatabase } from '../server/db/template'
import { addDays, shopClock } from '../server/features/delivery/schedule'
import * as reports from '../server/features/reports/service'
import type { StaffCtx } from '../server/platform/staff-write'
import { percentile } from './admin-list'
import { createBenchWebsite, generateCatalogue } from './generate-catalogue'

export interface ReportRow {
  label: string
  p50: number
  p99: number
}
export interface ReportsFigures {
  orders: number
  lines: number
  runs: number
  rows: ReportRow[]
}

/** The reports' p99 budget (as the orders list's, issue 11). */
export const REPORTS_P99_MS = 200

async function timed(label: string, runs: number, call: () => Promise<unknown>): Promise<ReportRow> {
  await call()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await call()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms * 10) / 10
  return { label, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) }
}

export async function benchReports(
  adminUrl: string,
  opts: { orders?: number; runs?: number; products?: number; log?: (m: string) => void } = {},
): Promise<ReportsFigures> {
  const count = opts.orders ?? 100_000
  const runs = opts.runs ?? 30
  const log = opts.log ?? console.log
  const name = `bench_reports_${randomBytes(4).toString('hex')}`
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  await client.query(`create database "${name}"`)
  const database = await openDb({ url: withDatabase(adminUrl, name), poolSize: 4 })
  const { db } = database
  try {
    const siteId = await createBenchWebsite(db, 'http://bench.localhost:3000')
    await generateCatalogue(db, siteId, { products: opts.products ?? 2_000, log })
    const started = Date.now()
    const today = shopClock(new Date()).date
    // one transaction without the pool's 10 s statement limit: 300,000 lines with their key checks take longer on a busy machine
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`)
      await tx.execute(sql`insert into users (name, phone, phone_verified_at) values ('Bench Shopper', '9000000001', now())`)
      await tx.execute(sql`
        insert into orders (website_id, user_id, order_number, status, payment_status, payment_method, channel, items_paise, discount_paise, delivery_paise,
                            total_paise, coupon_code, address, idempotency_key, created_at, updated_at)
        select ${siteId}, (select id from users where phone = '9000000001'), 'R' || g, s.status,
               case when s.status = 'expired' then 'failed' when g % 3 = 0 then 'cod' else 'paid' end,
               case when g % 3 = 0 then 'cod' when g % 3 = 1 then 'razorpay' else 'cashfree' end,
               (array['web', 'web', 'web', 'web', 'web', 'web', 'pos', 'pos', 'agent'])[1 + g % 9],
               p, case when g % 10 = 0 then 5000 else 0 end, 0, p - case when g % 10 = 0 then 5000 else 0 end,
               case when g % 10 = 0 then (array['WELCOME10', 'CHAI30', 'DIWALI', 'FRESH50'])[1 + (g / 10) % 4] end,
               '{}'::jsonb, 'k' || g, at, at
        from generate_series(1::bigint, ${count}) g
        cross join lateral (select (10000 + (g * 7919) % 300000)::int as p, now() - ((${count} - g) * 365 * 1440 / ${count}) * interval '1 minute' as at) v
        cross join lateral (select case when g % 50 = 0 then 'cancelled' when g % 97 = 0 then 'expired'
                                        when g % 211 = 0 then 'confirmed' else 'delivered' end as status) s`)
      // three lines per order on real packs
      await tx.execute(sql`
        with k as (select array_agg(id order by id) as ids, array_agg(product_id order by id) as products, array_agg(name order by id) as names,
                          array_agg(price_paise order by id) as prices, array_agg(mrp_paise order by id) as mrps, count(*)::int as c
                   from packs where website_id = ${siteId})
        insert into order_items (order_id, pack_id, warehouse_id, product_id, slug, product_name, pack_name, quantity, price_paise, mrp_paise)
        select o.id, k.ids[x.i], 1, k.products[x.i], 'p' || k.products[x.i], 'Product ' || k.products[x.i], k.names[x.i], 1 + (o.id + j) % 3, k.prices[x.i], k.mrps[x.i]
        from orders o cross join generate_series(0, 2) j cross join k
        cross join lateral (select 1 + ((o.id * 31 + j * 977) % k.c)::int as i) x
        where o.website_id = ${siteId}`)
      // a refund on one paid order in 40 (an amount given back by the shop)
      await tx.execute(sql`
        with p as (
          insert into payments (order_id, website_id, provider, attempt, provider_order_id, provider_payment_id, amount_paise, status)
          select id, website_id, payment_method, 1, 'po' || id, 'pp' || id, total_paise, 'paid' from orders
          where website_id = ${siteId} and payment_status = 'paid' and id % 40 = 0 returning id, order_id, amount_paise)
        insert into payment_refunds (order_id, payment_id, website_id, provider, provider_order_id, provider_payment_id, amount_paise, currency, reason, status, reference)
        select order_id, id, ${siteId}, 'razorpay', 'po' || order_id, 'pp' || order_id, amount_paise / 4, 'INR', 'partial', 'processed', 'rf' || order_id from p`)
      // seven two-hour windows a day at each warehouse, for the year
      await tx.execute(sql`
        insert into delivery_slots (website_id, warehouse_id, date, start_time, end_time, capacity, booked)
        select ${siteId}, w.id, d::date, lpad(h::text, 2, '0') || ':00', lpad((h + 2)::text, 2, '0') || ':00', 25, (w.id * 7 + h * 3 + extract(doy from d)::int) % 26
        from warehouses w cross join generate_series(${addDays(today, -365)}::date, ${today}::date, interval '1 day') d cross join generate_series(7, 19, 2) h
        where w.website_id = ${siteId}
        on conflict do nothing`)
    })
    await db.execute(sql`analyze`)
    const [{ lines }] = rowsOf<{ lines: number }>(await db.execute(sql`select count(*)::int as lines from order_items`))
    log(`${count} orders, ${lines} order lines, refunds and a year of slots in ${Date.now() - started} ms`)

    const site = await db.query.websites.findFirst({ where: (w, { eq }) => eq(w.id, siteId) })
    const ctx = { db, config: loadConfig({ NODE_ENV: 'test' }), site, user: { id: 1 } } as unknown as StaffCtx
    const rows: ReportRow[] = []
    for (const [span, days] of [
      ['30 days', 30],
      ['365 days', 365],
    ] as const) {
      const r = { websiteId: siteId, from: addDays(today, 1 - days), to: today }
      rows.push(await timed(`sales by day, ${span}`, runs, () => reports.salesReport(ctx, r, { group: 'day' })))
      if (days > 30) rows.push(await timed(`sales by month, ${span}`, runs, () => reports.salesReport(ctx, r, { group: 'month' })))
      rows.push(await timed(`channels and payment methods, ${span}`, runs, () => reports.channelsReport(ctx, r)))
      rows.push(await timed(`top products, ${span}`, runs, () => reports.productsReport(ctx, r)))
      rows.push(await timed(`top categories, ${span}`, runs, () => reports.categoriesReport(ctx, r)))
      rows.push(await timed(`slot utilisation, ${span}`, runs, () => reports.slotsReport(ctx, r)))
      rows.push(await timed(`coupons, ${span}`, runs, () => reports.couponsReport(ctx, r)))
    }
    if (process.env.BENCH_EXPLAIN) {
      // the plans of the 30-day order and line reads (the reports' two shapes), to check the indexes they use
      const from = addDays(today, -29)
      for (const [label, query] of [
        [
          'orders of 30 days',
          sql`select count(*), sum(total_paise) from orders o where o.website_id = ${siteId} and o.created_at >= (${from}::date::timestamp at time zone 'Asia/Kolkata')
              and o.status not in ('cancelled', 'expired') and o.payment_status not in ('pending', 'failed')`,
        ],
        [
          'lines of 30 days',
          sql`select i.product_id, sum(i.quantity) from orders o join order_items i on i.order_id = o.id where o.website_id = ${siteId}
              and o.created_at >= (${from}::date::timestamp at time zone 'Asia/Kolkata') group by 1`,
        ],
        [
          'lines of 30 days, a lateral read per order',
          sql`select l.product_id, sum(l.quantity) from orders o cross join lateral (select i.product_id, i.quantity from order_items i where i.order_id = o.id offset 0) l
              where o.website_id = ${siteId} and o.created_at >= (${from}::date::timestamp at time zone 'Asia/Kolkata') group by 1`,
        ],
      ] as const) {
        const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain (analyze, costs off) ${query}`))
        log(`${label}:\n${plan.map((p) => `  ${p['QUERY PLAN']}`).join('\n')}`)
      }
    }
    return { orders: count, lines, runs, rows }
  } finally {
    await database.close()
    await client.query(`drop database if exists "${name}" with (force)`)
    await client.end()
  }
}

export const worstReportP99 = (f: ReportsFigures, span = '30 days') => Math.max(...f.rows.filter((r) => r.label.endsWith(span)).map((r) => r.p99))

export function reportsMarkdown(f: ReportsFigures): string[] {
  return [
    `### Reports on PostgreSQL: ${f.orders.toLocaleString('en-US')} orders, ${f.lines.toLocaleString('en-US')} lines over a year (${f.runs} calls each, through the service)`,
    '',
    '| report | p50 ms | p99 ms |',
    '|---|--:|--:|',
    ...f.rows.map((r) => `| ${r.label} | ${r.p50} | ${r.p99} |`),
    '',
    `Worst p99 over 30 days ${worstReportP99(f)} ms (budget ${REPORTS_P99_MS} ms); a year is for information.`,
    '',
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchReports(process.argv[2] ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test', {
    orders: Number(process.argv[3] ?? 100_000),
    runs: Number(process.argv[4] ?? 30),
    products: Number(process.argv[5] ?? 2_000),
  })
  console.log(reportsMarkdown(figures).join('\n'))
}
