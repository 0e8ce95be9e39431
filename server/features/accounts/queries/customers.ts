import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { customerBlocks, customerProfiles, users } from '../../../db/schema/accounts'

type Conn = Db | Tx

/**
 * Not staff here (an admin, a sales agent or a person with a staff role is not listed as a customer), and signed in here (a session), ordered here, saved an address here, added by staff here (a membership row) or given to
 * this website by one of its agents or its counter (a customer profile here).
 */
const relatedTo = (websiteId: number) => sql`(
  exists (select 1 from customer_profiles p where p.website_id = ${websiteId} and p.user_id = users.id)
  or exists (select 1 from website_members m where m.website_id = ${websiteId} and m.user_id = users.id)
  or exists (select 1 from orders o where o.website_id = ${websiteId} and o.user_id = users.id)
  or exists (select 1 from addresses a where a.website_id = ${websiteId} and a.user_id = users.id)
  or exists (select 1 from sessions s where s.website_id = ${websiteId} and s.user_id = users.id)
) and not exists (
  select 1 from website_members w where w.website_id = ${websiteId} and w.user_id = users.id
    and (w.superadmin or w.has_admin_access or w.is_sales_agent or w.role is not null)
)`

/** The person as this website knows them (its customer profile), never the account's own fields (decision 0034). */
const here = (websiteId: number) => and(eq(customerProfiles.userId, users.id), eq(customerProfiles.websiteId, websiteId))

const customerColumns = (websiteId: number) => ({
  userId: users.id,
  name: sql<string>`coalesce(${customerProfiles.name}, '')`,
  phone: customerProfiles.phone,
  email: customerProfiles.email,
  createdAt: sql<Date>`coalesce(${customerProfiles.createdAt}, ${users.createdAt})`,
  ordersCount: sql<number>`(select count(*)::int from orders o where o.website_id = ${websiteId} and o.user_id = users.id)`.as('orders_count'),
  totalSpent:
    // net of what was given back (refunds not failed) on the orders counted
    sql<number>`(select coalesce(sum(o.total_paise - coalesce((select sum(r.amount_paise) from payment_refunds r where r.order_id = o.id and r.status <> 'failed'), 0)), 0)::int
      from orders o where o.website_id = ${websiteId} and o.user_id = users.id and o.status not in ('cancelled', 'expired'))`.as('total_spent'),
  lastOrderAt: sql<string | null>`(select max(o.created_at) from orders o where o.website_id = ${websiteId} and o.user_id = users.id)`.as('last_order_at'),
  blockedReason: sql<string | null>`(select b.reason from customer_blocks b where b.website_id = ${websiteId} and b.user_id = users.id)`.as('blocked_reason'),
  blockedAt: sql<string | null>`(select b.blocked_at from customer_blocks b where b.website_id = ${websiteId} and b.user_id = users.id)`.as('blocked_at'),
})
export type CustomerRow = {
  userId: number
  name: string
  phone: string | null
  email: string | null
  createdAt: Date | string
  ordersCount: number
  totalSpent: number
  lastOrderAt: string | Date | null
  blockedReason: string | null
  blockedAt: string | Date | null
}

export async function listCustomers(
  db: Conn,
  websiteId: number,
  opts: {
    search?: string
    state?: 'blocked' | 'ordered' | 'never_ordered'
    sort: 'name' | 'user_id' | 'last_order_at' | 'total_spent'
    desc: boolean
    limit: number
    offset: number
  },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const parts: SQL[] = [relatedTo(websiteId)]
  const ordered = sql`exists (select 1 from orders o where o.website_id = ${websiteId} and o.user_id = users.id)`
  if (opts.state === 'blocked') parts.push(sql`exists (select 1 from customer_blocks b where b.website_id = ${websiteId} and b.user_id = users.id)`)
  if (opts.state === 'ordered') parts.push(ordered)
  if (opts.state === 'never_ordered') parts.push(sql`not ${ordered}`)
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    parts.push(or(ilike(customerProfiles.name, like), ilike(customerProfiles.phone, like), ilike(customerProfiles.email, like))!)
  }
  const where = and(...parts)
  const columns = customerColumns(websiteId)
  const column =
    opts.sort === 'name'
      ? sql`${customerProfiles.name}`
      : opts.sort === 'user_id'
        ? sql`${users.id}`
        : opts.sort === 'total_spent'
          ? sql`total_spent`
          : sql`last_order_at`
  const order = opts.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls first`
  const [rows, [{ total }]] = await Promise.all([
    db.select(columns).from(users).leftJoin(customerProfiles, here(websiteId)).where(where).orderBy(order, asc(users.id)).limit(opts.limit).offset(opts.offset),
    db.select({ total: count() }).from(users).leftJoin(customerProfiles, here(websiteId)).where(where),
  ])
  return { rows, total }
}

export async function findCustomer(db: Conn, websiteId: number, userId: number): Promise<CustomerRow | null> {
  const rows = await db
    .select(customerColumns(websiteId))
    .from(users)
    .leftJoin(customerProfiles, here(websiteId))
    .where(and(eq(users.id, userId), relatedTo(websiteId)))
    .limit(1)
  return rows[0] ?? null
}

export type BlockRow = typeof customerBlocks.$inferSelect

export async function findBlock(db: Conn, websiteId: number, userId: number): Promise<BlockRow | null> {
  const rows = await db
    .select()
    .from(customerBlocks)
    .where(and(eq(customerBlocks.websiteId, websiteId), eq(customerBlocks.userId, userId)))
  return rows[0] ?? null
}

export async function saveBlock(tx: Tx, row: typeof customerBlocks.$inferInsert) {
  await tx
    .insert(customerBlocks)
    .values(row)
    .onConflictDoUpdate({
      target: [customerBlocks.websiteId, customerBlocks.userId],
      set: { reason: row.reason, blockedBy: row.blockedBy, blockedAt: sql`now()` },
    })
}

export async function deleteBlock(tx: Tx, websiteId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(customerBlocks)
    .where(and(eq(customerBlocks.websiteId, websiteId), eq(customerBlocks.userId, userId)))
    .returning({ userId: customerBlocks.userId })
  return rows.length > 0
}
