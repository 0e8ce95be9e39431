import { type SQL, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'

/** Every read and write of the agents feature (docs/decisions/0034-sales-agents.md). */
type Conn = Db | Tx

/** The account that holds a number, on any website: only whether it is one, never what it holds (decision 0034). */
export interface HolderRow {
  id: number
  phone_verified: boolean
  added_by_agent: boolean
}

export async function holderOfPhone(db: Conn, phone: string): Promise<HolderRow | null> {
  const [row] = rowsOf<HolderRow>(
    await db.execute(sql`
      select id, phone_verified_at is not null as phone_verified, added_by_agent_at is not null as added_by_agent
      from users where phone = ${phone} limit 1`),
  )
  return row ?? null
}

export async function insertCustomerAccount(tx: Tx, name: string, phone: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await tx.execute(sql`insert into users (name, phone, added_by_agent_at) values (${name}, ${phone}, now()) returning id`))
  return row.id
}

/** A person who only typed this number somewhere (never proved it) loses it to the account made here (decision 0006). */
export async function releaseUnverifiedPhone(tx: Tx, phone: string) {
  await tx.execute(sql`update users set phone = null where phone = ${phone} and phone_verified_at is null`)
}

export async function link(tx: Conn, websiteId: number, agentId: number, userId: number, added: boolean) {
  await tx.execute(sql`
    insert into agent_customers (website_id, agent_id, user_id, added) values (${websiteId}, ${agentId}, ${userId}, ${added})
    on conflict do nothing`)
}

/** An add waiting for the customer's code: what the agent typed, nothing of the account's. */
export interface RequestRow {
  phone: string
  name: string
  address: Record<string, unknown> | null
  created_at: Date | string
}

export async function saveRequest(db: Conn, websiteId: number, agentId: number, r: { phone: string; name: string; address: object | null }) {
  await db.execute(sql`
    insert into agent_customer_requests (website_id, agent_id, phone, name, address) values (${websiteId}, ${agentId}, ${r.phone}, ${r.name}, ${r.address === null ? null : JSON.stringify(r.address)}::jsonb)
    on conflict (website_id, agent_id, phone) do update
    set name = excluded.name, address = coalesce(excluded.address, agent_customer_requests.address), created_at = now()`)
}

/** Adds waiting for a code are kept a week: an agent may send a new code until then. */
const FRESH_REQUEST = sql`created_at > now() - interval '7 days'`

export async function findRequest(db: Conn, websiteId: number, agentId: number, phone: string): Promise<RequestRow | null> {
  const [row] = rowsOf<RequestRow>(
    await db.execute(sql`
      select phone, name, address, created_at from agent_customer_requests
      where website_id = ${websiteId} and agent_id = ${agentId} and phone = ${phone} and ${FRESH_REQUEST}`),
  )
  return row ?? null
}

export async function pendingRequests(db: Conn, websiteId: number, agentId: number): Promise<RequestRow[]> {
  return rowsOf<RequestRow>(
    await db.execute(sql`
      select phone, name, address, created_at from agent_customer_requests
      where website_id = ${websiteId} and agent_id = ${agentId} and ${FRESH_REQUEST}
      order by created_at desc limit 100`),
  )
}

export async function deleteRequest(db: Conn, websiteId: number, agentId: number, phone: string) {
  await db.execute(sql`delete from agent_customer_requests where website_id = ${websiteId} and agent_id = ${agentId} and phone = ${phone}`)
}

export async function isCustomerOf(db: Conn, websiteId: number, agentId: number, userId: number): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from agent_customers where website_id = ${websiteId} and agent_id = ${agentId} and user_id = ${userId}`))
  return rows.length > 0
}

export interface CustomerRow {
  id: number
  name: string
  phone: string | null
  phone_verified: boolean
  added_by_agent: boolean
  orders: number
  total_paise: string | number
  last_order_number: string | null
  last_order_at: Date | string | null
}

/** The person as this website knows them (`p`: its customer profile), never the account's own name and number (decision 0034). */
const PROFILE = (websiteId: SQL, userId: SQL) => sql`left join customer_profiles p on p.website_id = ${websiteId} and p.user_id = ${userId}`

/** Orders that count for figures: not cancelled or expired, not awaiting (or refused) an online payment. */
export const COUNTS = sql`o.status not in ('cancelled', 'expired') and o.payment_status not in ('pending', 'failed')`

export async function customersOf(db: Conn, websiteId: number, agentId: number, userId?: number): Promise<CustomerRow[]> {
  return rowsOf<CustomerRow>(
    await db.execute(sql`
      select u.id, coalesce(p.name, '') as name, p.phone, u.phone_verified_at is not null as phone_verified, ac.added as added_by_agent,
             count(o.id) filter (where ${COUNTS})::int as orders,
             coalesce(sum(o.total_paise) filter (where ${COUNTS}), 0)::bigint as total_paise,
             (array_agg(o.order_number order by o.created_at desc) filter (where o.id is not null))[1] as last_order_number,
             max(o.created_at) as last_order_at
      from agent_customers ac
      join users u on u.id = ac.user_id
      ${PROFILE(sql`ac.website_id`, sql`ac.user_id`)}
      left join orders o on o.website_id = ac.website_id and o.user_id = ac.user_id and o.agent_id = ac.agent_id
      where ac.website_id = ${websiteId} and ac.agent_id = ${agentId} ${userId === undefined ? sql`` : sql`and ac.user_id = ${userId}`}
      group by u.id, p.name, p.phone, ac.added, ac.created_at
      order by max(o.created_at) desc nulls last, ac.created_at desc
      limit 1000`),
  )
}

/**
 * The agent's commission on one order `o`, in paise (numeric): each line's value at the rate of its category's rule
 * (the highest when several of its categories have one), else the website's default rule, else nothing; scaled by
 * the order's discount and by what staff gave back (a refund reverses its share). Line edits already lowered the lines.
 */
export const COMMISSION = sql`(
  coalesce((
    select sum(oi.price_paise::numeric * oi.quantity * coalesce(
      (select max(r.rate_bp) from commission_rules r join product_categories pc on pc.category_id = r.category_id
        where r.website_id = o.website_id and pc.product_id = oi.product_id),
      (select r.rate_bp from commission_rules r where r.website_id = o.website_id and r.category_id is null),
      0))
    from order_items oi where oi.order_id = o.id), 0) / 10000
  * (case when o.items_paise > 0 then (o.items_paise - o.discount_paise)::numeric / o.items_paise else 0 end)
  * (case when o.total_paise > 0 then greatest(0, o.total_paise - coalesce((
      select sum(pr.amount_paise) from payment_refunds pr
      where pr.order_id = o.id and pr.status <> 'failed' and pr.reason in ('staff', 'cancelled')), 0))::numeric / o.total_paise else 0 end)
)`

const OPEN = sql`o.status in ('placed', 'confirmed', 'packed', 'out_for_delivery')`
const AWAITING = sql`o.status not in ('cancelled', 'expired') and o.payment_status = 'pending' and o.released_at is null`
const LOCAL = sql`(o.created_at at time zone 'Asia/Kolkata')`
const localNow = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone 'Asia/Kolkata')`

export interface Figures {
  today_orders: number
  today_paise: string
  week_orders: number
  week_paise: string
  month_orders: number
  month_paise: string
  awaiting_orders: number
  awaiting_paise: string
  delivered_orders: number
  delivered_paise: string
  earned_paise: string
  pending_paise: string
  assigned: number
  open: number
}

export async function figures(db: Conn, websiteId: number, agentId: number, now: Date): Promise<Figures> {
  const n = localNow(now)
  const [row] = rowsOf<Figures>(
    await db.execute(sql`
      with mine as (
        select o.status, o.payment_status, o.released_at, o.total_paise, ${LOCAL} as local_at,
               (${COUNTS}) as counts, (${AWAITING}) as awaiting, (${OPEN}) as open, round(${COMMISSION}) as commission
        from orders o where o.website_id = ${websiteId} and o.agent_id = ${agentId}
      )
      select
        count(*) filter (where counts and local_at >= date_trunc('day', ${n}))::int as today_orders,
        coalesce(sum(total_paise) filter (where counts and local_at >= date_trunc('day', ${n})), 0)::bigint::text as today_paise,
        count(*) filter (where counts and local_at >= date_trunc('week', ${n}))::int as week_orders,
        coalesce(sum(total_paise) filter (where counts and local_at >= date_trunc('week', ${n})), 0)::bigint::text as week_paise,
        count(*) filter (where counts and local_at >= date_trunc('month', ${n}))::int as month_orders,
        coalesce(sum(total_paise) filter (where counts and local_at >= date_trunc('month', ${n})), 0)::bigint::text as month_paise,
        count(*) filter (where awaiting)::int as awaiting_orders,
        coalesce(sum(total_paise) filter (where awaiting), 0)::bigint::text as awaiting_paise,
        count(*) filter (where counts and status = 'delivered')::int as delivered_orders,
        coalesce(sum(total_paise) filter (where counts and status = 'delivered'), 0)::bigint::text as delivered_paise,
        coalesce(sum(commission) filter (where counts and status = 'delivered'), 0)::bigint::text as earned_paise,
        coalesce(sum(commission) filter (where counts and open), 0)::bigint::text as pending_paise,
        count(*)::int as assigned,
        count(*) filter (where counts and open)::int as open
      from mine`),
  )
  return row
}

export interface SeriesRow {
  start: string
  orders: number
  paise: string
  commission_paise: string
}

const BUCKETS = { day: { unit: 'day', n: 14 }, week: { unit: 'week', n: 12 }, month: { unit: 'month', n: 12 } } as const

/** Counted orders per India day, week (from Monday) or month, the last 14 / 12 / 12 of them, oldest first. */
export async function series(db: Conn, websiteId: number, agentId: number, period: keyof typeof BUCKETS, now: Date): Promise<SeriesRow[]> {
  const { unit, n } = BUCKETS[period]
  const step = sql.raw(`interval '1 ${unit}'`)
  const u = sql.raw(`'${unit}'`)
  return rowsOf<SeriesRow>(
    await db.execute(sql`
      with buckets as (
        select generate_series(date_trunc(${u}, ${localNow(now)}) - ${n - 1} * ${step}, date_trunc(${u}, ${localNow(now)}), ${step}) as start
      ), mine as (
        select date_trunc(${u}, ${LOCAL}) as bucket, o.total_paise, round(${COMMISSION}) as commission
        from orders o
        where o.website_id = ${websiteId} and o.agent_id = ${agentId} and ${COUNTS}
          and ${LOCAL} >= date_trunc(${u}, ${localNow(now)}) - ${n - 1} * ${step}
      )
      select to_char(b.start, 'YYYY-MM-DD') as start, count(m.bucket)::int as orders,
             coalesce(sum(m.total_paise), 0)::bigint::text as paise, coalesce(sum(m.commission), 0)::bigint::text as commission_paise
      from buckets b left join mine m on m.bucket = b.start
      group by b.start order by b.start`),
  )
}

export async function topCustomers(db: Conn, websiteId: number, agentId: number, limit = 5) {
  return rowsOf<{ id: number; name: string; phone: string | null; orders: number; paise: string }>(
    await db.execute(sql`
      select o.user_id as id, coalesce(max(p.name), '') as name, max(p.phone) as phone, count(*)::int as orders, sum(o.total_paise)::bigint::text as paise
      from orders o ${PROFILE(sql`o.website_id`, sql`o.user_id`)}
      where o.website_id = ${websiteId} and o.agent_id = ${agentId} and ${COUNTS}
      group by o.user_id order by sum(o.total_paise) desc, o.user_id limit ${limit}`),
  )
}

export interface AgentOrderRow {
  id: number
  order_number: string
  customer_id: number
  customer_name: string
  status: string
  payment_status: string
  payment_method: string
  total_paise: number
  commission_paise: string
  created_at: Date | string
}

export async function agentOrders(
  db: Conn,
  websiteId: number,
  agentId: number,
  f: { status?: 'open' | 'awaiting_payment' | 'delivered' | 'cancelled'; customerId?: number; from?: string; to?: string },
): Promise<AgentOrderRow[]> {
  const conditions = [sql`o.website_id = ${websiteId}`, sql`o.agent_id = ${agentId}`]
  if (f.status === 'open') conditions.push(sql`${OPEN} and ${COUNTS}`)
  if (f.status === 'awaiting_payment') conditions.push(AWAITING)
  if (f.status === 'delivered') conditions.push(sql`o.status = 'delivered'`)
  if (f.status === 'cancelled') conditions.push(sql`o.status in ('cancelled', 'expired')`)
  if (f.customerId !== undefined) conditions.push(sql`o.user_id = ${f.customerId}`)
  if (f.from) conditions.push(sql`${LOCAL} >= ${f.from}::date`)
  if (f.to) conditions.push(sql`${LOCAL} < ${f.to}::date + 1`)
  return rowsOf<AgentOrderRow>(
    await db.execute(sql`
      select o.id, o.order_number, o.user_id as customer_id, coalesce(p.name, o.address->>'name', '') as customer_name, o.status, o.payment_status,
             o.payment_method, o.total_paise, round(${COMMISSION})::bigint::text as commission_paise, o.created_at
      from orders o ${PROFILE(sql`o.website_id`, sql`o.user_id`)}
      where ${sql.join(conditions, sql` and `)}
      order by o.created_at desc, o.id desc limit 500`),
  )
}

/** Staff: every agent of the website side by side. */
export async function agentsSideBySide(db: Conn, websiteId: number) {
  return rowsOf<{
    id: number
    name: string
    phone: string | null
    customers: number
    orders: number
    revenue_paise: string
    delivered_paise: string
    earned_paise: string
    pending_paise: string
  }>(
    await db.execute(sql`
      select u.id, u.name, u.phone,
        (select count(*)::int from agent_customers ac where ac.website_id = ${websiteId} and ac.agent_id = u.id) as customers,
        count(o.id) filter (where ${COUNTS})::int as orders,
        coalesce(sum(o.total_paise) filter (where ${COUNTS}), 0)::bigint::text as revenue_paise,
        coalesce(sum(o.total_paise) filter (where ${COUNTS} and o.status = 'delivered'), 0)::bigint::text as delivered_paise,
        coalesce(sum(round(${COMMISSION})) filter (where ${COUNTS} and o.status = 'delivered'), 0)::bigint::text as earned_paise,
        coalesce(sum(round(${COMMISSION})) filter (where ${COUNTS} and ${OPEN}), 0)::bigint::text as pending_paise
      from website_members m join users u on u.id = m.user_id
      left join orders o on o.website_id = m.website_id and o.agent_id = u.id
      where m.website_id = ${websiteId} and m.is_sales_agent
      group by u.id order by u.name, u.id`),
  )
}

export async function commissionRules(db: Conn, websiteId: number) {
  return rowsOf<{ category_id: number | null; category_name: string | null; rate_bp: number }>(
    await db.execute(sql`
      select r.category_id, c.name as category_name, r.rate_bp from commission_rules r left join categories c on c.id = r.category_id
      where r.website_id = ${websiteId} order by r.category_id nulls first`),
  )
}

export async function replaceCommissionRules(tx: Tx, websiteId: number, rules: { categoryId: number | null; rateBp: number }[]) {
  await tx.execute(sql`delete from commission_rules where website_id = ${websiteId}`)
  for (const r of rules)
    await tx.execute(sql`insert into commission_rules (website_id, category_id, rate_bp) values (${websiteId}, ${r.categoryId}, ${r.rateBp})`)
}

export async function categoriesOfSite(db: Conn, websiteId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return []
  return rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from categories where website_id = ${websiteId} and id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    ),
  ).map((r) => r.id)
}
