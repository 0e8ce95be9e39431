/**
 * The staff orders list (`GET /s/api/admin/orders`) on a website with 100,000 orders (PostgreSQL), next to a
 * second website with 20,000 of its own: each query of the list timed through its service on a fresh database,
 * p50 and p99 over `runs` calls. Budget: p99 ≤ 100 ms (issue 11). Orders, their shoppers (20,000), addresses
 * (40 pincodes) and deliveries (eight two-hour windows a day) are generated in bulk SQL over the last 180 days.
 * A phase of `npm run bench`, or alone:
 *
 *   npx tsx bench/admin-orders.ts [postgres://admin-url] [orders] [runs]
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { AdminOrderQuery } from '../common/contracts/admin-orders'
import { loadConfig } from '../server/config'
import { type Db, openDb, rowsOf, type Tx } from '../server/db/client'
import { withDatabase } from '../server/db/template'
import { addDays, shopClock } from '../server/features/delivery/schedule'
import { listOrders } from '../server/features/orders/admin'
import type { StaffCtx } from '../server/platform/staff-write'
import type { AdminListRow } from './admin-list'
import { createBenchWebsite } from './generate-catalogue'

/** The orders list's p99 budget (issue 11). */
export const ADMIN_ORDERS_P99_MS = 100

export interface AdminOrdersFigures {
  orders: number
  runs: number
  list: AdminListRow[]
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** `count` orders of `siteId` by `users` shoppers whose phones start at `phoneBase`. */
async function generateOrders(db: Db, siteId: number, count: number, shoppers: number, phoneBase: number) {
  await db.transaction(async (tx) => {
    // bulk inserts into a table with trigram indexes outlast the pool's statement timeout
    await tx.execute(sql`set local statement_timeout = 0`)
    await insertOrders(tx, siteId, count, shoppers, phoneBase)
  })
}

async function insertOrders(db: Tx, siteId: number, count: number, shoppers: number, phoneBase: number) {
  await db.execute(sql`
    insert into users (name, phone, phone_verified_at)
    select (array['Asha','Ravi','Meera','Arjun','Priya','Kiran','Sunita','Vikram','Lakshmi','Rahul'])[1 + g % 10] || ' ' ||
           (array['Rao','Iyer','Sharma','Reddy','Nair','Patel','Gupta','Das','Singh','Menon'])[1 + (g / 10) % 10] || ' ' || g,
           (${phoneBase}::bigint + g)::text, now()
    from generate_series(1, ${shoppers}) g`)
  await db.execute(sql`
    insert into orders (website_id, user_id, order_number, status, payment_status, payment_method, channel, items_paise, discount_paise,
                        delivery_paise, total_paise, address, idempotency_key, created_at, updated_at)
    select ${siteId}, u.id, 'OD' || lpad(g::text, 6, '0'), s.status,
           case when s.status = 'expired' then 'failed' when g % 3 = 0 then 'cod' else 'paid' end,
           case when g % 3 = 0 then 'cod' when g % 3 = 1 then 'razorpay' else 'cashfree' end,
           case when g % 20 = 0 then 'pos' when g % 33 = 0 then 'agent' else 'web' end,
           p, 0, 0, p,
           jsonb_build_object('name', u.name, 'mobile', u.phone, 'house', g || ', Lake View', 'street', 'MG Road', 'area', 'Indiranagar',
                              'landmark', '', 'city', 'Bengaluru', 'state', 'Karnataka', 'pincode', (560001 + g % 40)::text),
           'k' || g, at, at
    from generate_series(1::bigint, ${count}) g
    cross join lateral (select (10000 + (g * 7919) % 300000)::int as p,
                               case when g % 330 = 0 then now() - (g % 600) * interval '1 minute'
                                    else now() - ((g * 104729) % (180 * 1440)) * interval '1 minute' - interval '1 day' end as at) v
    cross join lateral (select case when g % 330 = 0 then (array['placed','confirmed','packed','out_for_delivery','delivered'])[1 + g % 5]
                                    when g % 50 = 0 then 'cancelled' when g % 97 = 0 then 'expired'
                                    when g % 211 = 0 then (array['placed','confirmed','packed','out_for_delivery'])[1 + g % 4]
                                    else 'delivered' end as status) s
    join users u on u.phone = (${phoneBase}::bigint + 1 + (g * 31) % ${shoppers})::text`)
  // one delivery per order: the day after it was placed (India's calendar), one of eight two-hour windows
  await db.execute(sql`
    insert into order_deliveries (order_id, delivery_charge_id, warehouse_id, slot_id, date, start_time, end_time, charge_paise)
    select o.id, 1, 1, 1, to_char((o.created_at at time zone 'Asia/Kolkata')::date + 1, 'YYYY-MM-DD'),
           lpad((7 + 2 * (o.id % 8))::text, 2, '0') || ':00', lpad((9 + 2 * (o.id % 8))::text, 2, '0') || ':00', 0
    from orders o where o.website_id = ${siteId}`)
}

async function timed(runs: number, call: () => Promise<{ data: unknown[]; meta: { total: number } }>, label: string): Promise<AdminListRow> {
  let answer = await call()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    answer = await call()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms * 10) / 10
  return { label, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), rows: answer.data.length, total: answer.meta.total }
}

export async function benchAdminOrders(
  adminUrl: string,
  opts: { orders?: number; runs?: number; log?: (m: string) => void } = {},
): Promise<AdminOrdersFigures> {
  const count = opts.orders ?? 100_000
  const runs = opts.runs ?? 50
  const log = opts.log ?? console.log
  const name = `bench_orders_${randomBytes(4).toString('hex')}`
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  await client.query(`create database "${name}"`)
  const database = await openDb({ url: withDatabase(adminUrl, name), poolSize: 4 })
  const { db } = database
  try {
    const started = Date.now()
    const siteId = await createBenchWebsite(db, 'http://bench.localhost:3000')
    const otherId = await createBenchWebsite(db, 'http://other.localhost:3000')
    await generateOrders(db, siteId, count, 20_000, 9_000_000_000)
    await generateOrders(db, otherId, Math.round(count / 5), 5_000, 8_000_000_000)
    // as autovacuum leaves a table that has settled: statistics and the visibility map (index-only counts)
    await db.execute(sql`vacuum analyze`)
    log(`${count} orders (and ${Math.round(count / 5)} on another website) in ${Date.now() - started} ms`)

    const site = await db.query.websites.findFirst({ where: (w, { eq }) => eq(w.id, siteId) })
    const ctx = { db, config: loadConfig({ NODE_ENV: 'test' }), site, user: { id: 1 } } as unknown as StaffCtx
    const today = shopClock(new Date()).date
    const [shopper] = rowsOf<{ phone: string }>(await db.execute(sql`select phone from users where phone = ${String(9_000_000_000 + 4242)}`))
    const queries: Record<string, Record<string, string>> = {
      'default tab (all, newest first)': {},
      ...Object.fromEntries(['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered', 'cancelled'].map((status) => [`tab ${status}`, { status }])),
      'search by phone': { q: shopper.phone },
      'search by order number': { q: 'OD054321' },
      'search by name': { q: 'meera iyer' },
      'pincode filter': { pincode: '560017' },
      'delivery slot (a week ago, 09:00)': { slot_date: addDays(today, -7), slot: '09:00' },
      'delivery slot, nothing booked (in a year)': { slot_date: addDays(today, 365), slot: '09:00' },
      'delivery day (a week ago), delivered tab': { slot_date: addDays(today, -7), status: 'delivered' },
      'date range (one week)': { from: addDays(today, -14), to: addDays(today, -7) },
      'channel pos, cod': { channel: 'pos', payment_method: 'cod' },
      'page 50': { page: '50' },
      'by total, desc': { sort: '-total' },
    }
    const list: AdminListRow[] = []
    for (const [label, raw] of Object.entries(queries)) {
      const query = AdminOrderQuery.parse(raw)
      list.push(await timed(runs, () => listOrders(ctx, query), label))
    }
    return { orders: count, runs, list }
  } finally {
    await database.close()
    await client.query(`drop database if exists "${name}" with (force)`)
    await client.end()
  }
}

export const worstOrdersP99 = (f: AdminOrdersFigures) => Math.max(...f.list.map((r) => r.p99))

export function adminOrdersMarkdown(f: AdminOrdersFigures): string[] {
  return [
    `### Staff orders list on PostgreSQL: ${f.orders.toLocaleString('en-US')} orders (${f.runs} calls per query, through the service)`,
    '',
    '| query | p50 ms | p99 ms | rows | total |',
    '|---|--:|--:|--:|--:|',
    ...f.list.map((r) => `| ${r.label} | ${r.p50} | ${r.p99} | ${r.rows} | ${r.total.toLocaleString('en-US')} |`),
    '',
    `Worst p99 ${worstOrdersP99(f)} ms (budget ${ADMIN_ORDERS_P99_MS} ms).`,
    '',
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchAdminOrders(process.argv[2] ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test', {
    orders: Number(process.argv[3] ?? 100_000),
    runs: Number(process.argv[4] ?? 50),
  })
  console.log(`\n${adminOrdersMarkdown(figures).join('\n')}`)
  console.log(`worst p99: ${worstOrdersP99(figures)} ms: ${worstOrdersP99(figures) <= ADMIN_ORDERS_P99_MS ? 'PASS' : 'FAIL'}`)
  process.exit(0)
}
