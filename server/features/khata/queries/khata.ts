import { and, asc, eq, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../../db/client'
import { users } from '../../../db/schema/accounts'
import { khataAccounts, khataEntries } from '../../../db/schema/khata'
import { orders } from '../../../db/schema/orders'

type Conn = Db | Tx
export type AccountRow = typeof khataAccounts.$inferSelect
export type NewEntry = Omit<typeof khataEntries.$inferInsert, 'id' | 'khataId' | 'websiteId' | 'balanceAfterPaise' | 'createdAt'>

export const findAccount = (db: Conn, websiteId: number, userId: number): Promise<AccountRow | null> =>
  db
    .select()
    .from(khataAccounts)
    .where(and(eq(khataAccounts.websiteId, websiteId), eq(khataAccounts.userId, userId)))
    .then((r) => r[0] ?? null)

/** The customer's khata, taken for update: every write to one khata waits for the one before it. */
export async function lockAccount(tx: Tx, websiteId: number, userId: number): Promise<AccountRow | null> {
  const rows = await tx
    .select()
    .from(khataAccounts)
    .where(and(eq(khataAccounts.websiteId, websiteId), eq(khataAccounts.userId, userId)))
    .for('update')
  return rows[0] ?? null
}

/** The khata, opened (limit 0) when the customer has none yet, and locked. */
export async function openAndLock(tx: Tx, websiteId: number, userId: number): Promise<AccountRow> {
  await tx.insert(khataAccounts).values({ websiteId, userId }).onConflictDoNothing()
  return (await lockAccount(tx, websiteId, userId))!
}

export async function markReminded(tx: Tx, id: number, at: Date) {
  await tx.update(khataAccounts).set({ remindedAt: at }).where(eq(khataAccounts.id, id))
}

export async function setLimit(tx: Tx, id: number, creditLimitPaise: number) {
  await tx.update(khataAccounts).set({ creditLimitPaise, updatedAt: new Date() }).where(eq(khataAccounts.id, id))
}

/**
 * One entry appended and the balance moved by it, on the locked account (the caller holds its lock): the balance
 * stays the sum of the ledger. The CHECK on the balance refuses anything that would take it below zero.
 */
export async function appendEntry(tx: Tx, account: AccountRow, entry: NewEntry) {
  const balanceAfterPaise = account.balancePaise + entry.amountPaise
  const [made] = await tx
    .insert(khataEntries)
    .values({ ...entry, khataId: account.id, websiteId: account.websiteId, balanceAfterPaise })
    .returning()
  await tx.update(khataAccounts).set({ balancePaise: balanceAfterPaise, updatedAt: new Date() }).where(eq(khataAccounts.id, account.id))
  account.balancePaise = balanceAfterPaise
  return made
}

export type EntryRow = typeof khataEntries.$inferSelect & { orderNumber: string | null; byName: string | null }

/** The ledger, oldest first, with each sale's order number and who wrote each entry. */
export async function listEntries(db: Conn, khataId: number): Promise<EntryRow[]> {
  const rows = await db
    .select({ entry: khataEntries, orderNumber: orders.orderNumber, byName: users.name })
    .from(khataEntries)
    .leftJoin(orders, eq(orders.id, khataEntries.orderId))
    .leftJoin(users, eq(users.id, khataEntries.userId))
    .where(eq(khataEntries.khataId, khataId))
    .orderBy(asc(khataEntries.id))
  return rows.map((r) => ({ ...r.entry, orderNumber: r.orderNumber, byName: r.byName }))
}

export interface ListRow {
  user_id: number
  khata_id: number
  name: string
  phone: string | null
  balance_paise: number
  credit_limit_paise: number
  last_payment_at: Date | string | null
  last_payment_paise: number | null
}

/** Every khata of the website with its customer as this website knows them (at most 1,000, the largest balances first). */
export async function listAccounts(db: Conn, websiteId: number, search: string | undefined): Promise<ListRow[]> {
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  return rowsOf<ListRow>(
    await db.execute(sql`
      select k.user_id, k.id as khata_id, coalesce(p.name, '') as name, p.phone, k.balance_paise, k.credit_limit_paise,
        lp.created_at as last_payment_at, -lp.amount_paise as last_payment_paise
      from khata_accounts k
      left join customer_profiles p on p.website_id = k.website_id and p.user_id = k.user_id
      left join lateral (
        select e.created_at, e.amount_paise from khata_entries e where e.khata_id = k.id and e.kind = 'payment' order by e.id desc limit 1
      ) lp on true
      where k.website_id = ${websiteId}
        ${like ? sql`and (p.name ilike ${like} or p.phone ilike ${like})` : sql``}
      order by k.balance_paise desc, k.id
      limit 1000`),
  ).map((r) => ({
    ...r,
    balance_paise: Number(r.balance_paise),
    credit_limit_paise: Number(r.credit_limit_paise),
    last_payment_paise: r.last_payment_paise === null ? null : Number(r.last_payment_paise),
  }))
}

/** The entries of these khatas that raised the balance (for ageing), oldest first, and the total paid down on each. */
export async function ageingInputs(db: Conn, khataIds: number[]) {
  if (khataIds.length === 0) return { debits: [], credits: new Map<number, number>() }
  const ids = sql.join(
    khataIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const debits = rowsOf<{ khata_id: number; amount_paise: number; created_at: Date | string }>(
    await db.execute(sql`select khata_id, amount_paise, created_at from khata_entries where khata_id in (${ids}) and amount_paise > 0 order by id`),
  )
  const credits = rowsOf<{ khata_id: number; paise: number | string }>(
    await db.execute(sql`select khata_id, -sum(amount_paise) as paise from khata_entries where khata_id in (${ids}) and amount_paise < 0 group by khata_id`),
  )
  return { debits, credits: new Map(credits.map((c) => [Number(c.khata_id), Number(c.paise)])) }
}

/** The khata by its id, taken for update (an online payment knows its khata, not its customer). */
export const lockAccountById = (tx: Tx, id: number): Promise<AccountRow> =>
  tx
    .select()
    .from(khataAccounts)
    .where(eq(khataAccounts.id, id))
    .for('update')
    .then((r) => r[0]!)
