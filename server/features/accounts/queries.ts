import { and, asc, count, desc, eq, gt, ilike, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import type { User } from '../../../common/contracts/accounts'
import type { Username } from '../../../common/rules/username'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { addresses, auditLog, customerBlocks, otpCodes, users, websiteMembers, websiteSwitchTokens } from '../../db/schema/index'

type Conn = Db | Tx

/** A user as this website sees them: roles are per website. */
export async function findUserForSite(db: Conn, userId: number, websiteId: number): Promise<User | null> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      superadmin: websiteMembers.superadmin,
      hasAdminAccess: websiteMembers.hasAdminAccess,
      isSalesAgent: websiteMembers.isSalesAgent,
    })
    .from(users)
    .leftJoin(websiteMembers, and(eq(websiteMembers.userId, users.id), eq(websiteMembers.websiteId, websiteId)))
    .where(eq(users.id, userId))
    .limit(1)
  const row = rows[0]
  if (!row) return null
  return {
    ...row,
    superadmin: row.superadmin ?? false,
    hasAdminAccess: row.hasAdminAccess ?? false,
    isSalesAgent: row.isSalesAgent ?? false,
  }
}

export type UserRow = typeof users.$inferSelect

const identifierColumn = (kind: Username['kind']) => (kind === 'mobile' ? users.phone : users.email)
const verifiedColumn = (kind: Username['kind']) => (kind === 'mobile' ? users.phoneVerifiedAt : users.emailVerifiedAt)

export async function findUserByIdentifier(db: Conn, u: Username): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(identifierColumn(u.kind), u.value))
    .limit(1)
  return rows[0] ?? null
}

export async function findUserById(db: Conn, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return rows[0] ?? null
}

export async function markPhoneVerified(db: Conn, userId: number) {
  await db
    .update(users)
    .set({ phoneVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.phoneVerifiedAt)))
}

/** Takes an identifier away from an account that only claimed it (never verified it). */
export async function releaseUnverifiedIdentifier(tx: Tx, u: Username) {
  await tx
    .update(users)
    .set(u.kind === 'mobile' ? { phone: null } : { email: null })
    .where(and(eq(identifierColumn(u.kind), u.value), isNull(verifiedColumn(u.kind))))
}

export async function insertUser(tx: Tx, row: typeof users.$inferInsert): Promise<UserRow> {
  const [created] = await tx.insert(users).values(row).returning()
  return created
}

export async function updateUser(db: Conn, id: number, set: Partial<Pick<UserRow, 'name' | 'email' | 'emailVerifiedAt'>>) {
  await db.update(users).set(set).where(eq(users.id, id))
}

export async function emailTakenByOther(db: Conn, email: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1)
  return rows.length > 0
}

/* ---------- one-time codes ---------- */

export type OtpRow = typeof otpCodes.$inferSelect

/** Serialises code requests per key across processes for the rest of the transaction (PostgreSQL advisory lock). */
export async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}

export async function countCodesForUsername(db: Conn, websiteId: number, username: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.websiteId, websiteId), eq(otpCodes.username, username), gt(otpCodes.createdAt, since)))
  return row.n
}

export async function lastCodeAt(db: Conn, websiteId: number, username: string): Promise<Date | null> {
  const rows = await db
    .select({ at: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.websiteId, websiteId), eq(otpCodes.username, username)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1)
  return rows[0]?.at ?? null
}

export async function countCodesForIp(db: Conn, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.ip, ip), gt(otpCodes.createdAt, since)))
  return row.n
}

export async function countCodesForWebsite(db: Conn, websiteId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.websiteId, websiteId), gt(otpCodes.createdAt, since)))
  return row.n
}

export async function insertCode(tx: Tx, row: typeof otpCodes.$inferInsert) {
  await tx.insert(otpCodes).values(row)
}

export async function deleteCodesBefore(db: Conn, before: Date) {
  await db.delete(otpCodes).where(lt(otpCodes.createdAt, before))
}

/** Only the newest code for a username counts (SECURITY AU-07). */
export async function latestCode(db: Conn, websiteId: number, username: string): Promise<OtpRow | null> {
  const rows = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.websiteId, websiteId), eq(otpCodes.username, username)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1)
  return rows[0] ?? null
}

/** Counts a try atomically, so parallel guesses share the same 5 tries (AU-01); null when the code is spent. */
export async function takeAttempt(db: Conn, id: number, maxAttempts: number): Promise<{ codeHash: string; attempts: number } | null> {
  const rows = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, maxAttempts), isNull(otpCodes.usedAt), gt(otpCodes.expiresAt, new Date())))
    .returning({ codeHash: otpCodes.codeHash, attempts: otpCodes.attempts })
  return rows[0] ?? null
}

/** A right code is used once: of two concurrent verifies only one gets the row back (AU-04). */
export async function markCodeUsed(db: Conn, id: number): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.usedAt)))
    .returning({ id: otpCodes.id })
  return rows.length === 1
}

/* ---------- roles, website switching, audit ---------- */

export function listSuperadminWebsiteIds(db: Conn, userId: number) {
  return db
    .select({ websiteId: websiteMembers.websiteId })
    .from(websiteMembers)
    .where(and(eq(websiteMembers.userId, userId), eq(websiteMembers.superadmin, true)))
    .orderBy(asc(websiteMembers.websiteId))
}

export async function addMember(tx: Tx, row: typeof websiteMembers.$inferInsert) {
  await tx.insert(websiteMembers).values(row)
}

export async function insertSwitchToken(db: Conn, row: typeof websiteSwitchTokens.$inferInsert) {
  await db.insert(websiteSwitchTokens).values(row)
}

/** Single use: the row is deleted as it is read, and only for the website it was made for and before it expires. */
export async function takeSwitchToken(db: Conn, tokenHash: string, toWebsiteId: number) {
  const rows = await db
    .delete(websiteSwitchTokens)
    .where(and(eq(websiteSwitchTokens.tokenHash, tokenHash), eq(websiteSwitchTokens.toWebsiteId, toWebsiteId), gt(websiteSwitchTokens.expiresAt, new Date())))
    .returning()
  return rows[0] ?? null
}

export async function deleteExpiredSwitchTokens(db: Conn) {
  await db.delete(websiteSwitchTokens).where(lt(websiteSwitchTokens.expiresAt, new Date()))
}

export async function insertAudit(db: Conn, row: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(row)
}

export function listAudit(db: Conn, websiteId: number) {
  return db.select().from(auditLog).where(eq(auditLog.websiteId, websiteId)).orderBy(desc(auditLog.id))
}

/* ---------- addresses (always by website and user: a foreign id finds nothing) ---------- */

export type AddressRow = typeof addresses.$inferSelect
export type AddressValues = Pick<AddressRow, 'name' | 'mobile' | 'house' | 'street' | 'area' | 'landmark' | 'city' | 'state' | 'pincode' | 'type'>

const own = (websiteId: number, userId: number) => and(eq(addresses.websiteId, websiteId), eq(addresses.userId, userId))
const ownOne = (websiteId: number, userId: number, id: number) => and(own(websiteId, userId), eq(addresses.id, id))

export function listAddresses(db: Conn, websiteId: number, userId: number) {
  return db.select().from(addresses).where(own(websiteId, userId)).orderBy(desc(addresses.isDefault), desc(addresses.id))
}

export async function findAddress(db: Conn, websiteId: number, userId: number, id: number): Promise<AddressRow | null> {
  const rows = await db
    .select()
    .from(addresses)
    .where(ownOne(websiteId, userId, id))
    .limit(1)
  return rows[0] ?? null
}

export async function countAddresses(db: Conn, websiteId: number, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(own(websiteId, userId))
  return row.n
}

export async function insertAddress(tx: Tx, websiteId: number, userId: number, values: AddressValues, isDefault: boolean) {
  await tx.insert(addresses).values({ ...values, websiteId, userId, isDefault })
}

export async function updateAddress(db: Conn, websiteId: number, userId: number, id: number, values: AddressValues): Promise<boolean> {
  const rows = await db
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(ownOne(websiteId, userId, id))
    .returning({ id: addresses.id })
  return rows.length === 1
}

export async function deleteAddress(tx: Tx, websiteId: number, userId: number, id: number) {
  const rows = await tx
    .delete(addresses)
    .where(ownOne(websiteId, userId, id))
    .returning({ isDefault: addresses.isDefault })
  return rows[0] ?? null
}

/** Exactly one default: clears the others and sets this one, in one transaction; false when the id is not the user's. */
export async function setDefaultAddress(tx: Tx, websiteId: number, userId: number, id: number): Promise<boolean> {
  const hit = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(ownOne(websiteId, userId, id))
    .for('update')
  if (hit.length === 0) return false
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(own(websiteId, userId), eq(addresses.isDefault, true)))
  await tx
    .update(addresses)
    .set({ isDefault: true })
    .where(ownOne(websiteId, userId, id))
  return true
}

export async function newestAddressId(tx: Tx, websiteId: number, userId: number): Promise<number | null> {
  const rows = await tx.select({ id: addresses.id }).from(addresses).where(own(websiteId, userId)).orderBy(desc(addresses.id)).limit(1)
  return rows[0]?.id ?? null
}

/* ---------- staff of a website (only rows with a role count; docs/decisions/0020) ---------- */

export type MemberRow = typeof websiteMembers.$inferSelect

const hasRole = or(websiteMembers.superadmin, websiteMembers.hasAdminAccess, websiteMembers.isSalesAgent)

const staffColumns = {
  userId: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  superadmin: websiteMembers.superadmin,
  hasAdminAccess: websiteMembers.hasAdminAccess,
  isSalesAgent: websiteMembers.isSalesAgent,
}
export type StaffRow = {
  userId: number
  name: string
  phone: string | null
  email: string | null
  superadmin: boolean
  hasAdminAccess: boolean
  isSalesAgent: boolean
}

export async function listStaff(
  db: Conn,
  websiteId: number,
  opts: { search?: string; role?: 'superadmin' | 'admin' | 'agent'; sort: 'name' | 'user_id'; desc: boolean; limit: number; offset: number },
): Promise<{ rows: StaffRow[]; total: number }> {
  const parts: SQL[] = [eq(websiteMembers.websiteId, websiteId), hasRole!]
  if (opts.role === 'superadmin') parts.push(eq(websiteMembers.superadmin, true))
  if (opts.role === 'admin') parts.push(eq(websiteMembers.hasAdminAccess, true))
  if (opts.role === 'agent') parts.push(eq(websiteMembers.isSalesAgent, true))
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    parts.push(or(ilike(users.name, like), ilike(users.phone, like), ilike(users.email, like))!)
  }
  const where = and(...parts)
  const column = opts.sort === 'name' ? users.name : users.id
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(staffColumns)
      .from(websiteMembers)
      .innerJoin(users, eq(users.id, websiteMembers.userId))
      .where(where)
      .orderBy(opts.desc ? desc(column) : asc(column), asc(users.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(websiteMembers).innerJoin(users, eq(users.id, websiteMembers.userId)).where(where),
  ])
  return { rows, total }
}

/** A person's roles here, locked for the rest of the transaction; null when they have no membership row. */
export async function findStaffForUpdate(tx: Tx, websiteId: number, userId: number): Promise<StaffRow | null> {
  const rows = await tx
    .select(staffColumns)
    .from(websiteMembers)
    .innerJoin(users, eq(users.id, websiteMembers.userId))
    .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.userId, userId)))
    .for('update', { of: websiteMembers })
  return rows[0] ?? null
}

export async function countAdmins(tx: Tx, websiteId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(websiteMembers)
    .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.hasAdminAccess, true)))
  return row.n
}

export async function saveRoles(tx: Tx, websiteId: number, userId: number, roles: Pick<MemberRow, 'superadmin' | 'hasAdminAccess' | 'isSalesAgent'>) {
  await tx
    .insert(websiteMembers)
    .values({ websiteId, userId, ...roles })
    .onConflictDoUpdate({ target: [websiteMembers.websiteId, websiteMembers.userId], set: roles })
}

/* ---------- customers of a website: anyone with a relationship with it (docs/decisions/0006) ---------- */

/** Signed in here (a session), ordered here, saved an address here or added by staff here (a membership row). */
const relatedTo = (websiteId: number) => sql`(
  exists (select 1 from website_members m where m.website_id = ${websiteId} and m.user_id = users.id)
  or exists (select 1 from orders o where o.website_id = ${websiteId} and o.user_id = users.id)
  or exists (select 1 from addresses a where a.website_id = ${websiteId} and a.user_id = users.id)
  or exists (select 1 from sessions s where s.website_id = ${websiteId} and s.user_id = users.id)
)`

const customerColumns = (websiteId: number) => ({
  userId: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  createdAt: users.createdAt,
  ordersCount: sql<number>`(select count(*)::int from orders o where o.website_id = ${websiteId} and o.user_id = users.id)`.as('orders_count'),
  totalSpent:
    sql<number>`(select coalesce(sum(o.total_paise), 0)::int from orders o where o.website_id = ${websiteId} and o.user_id = users.id and o.status not in ('cancelled', 'expired'))`.as(
      'total_spent',
    ),
  lastOrderAt: sql<string | null>`(select max(o.created_at) from orders o where o.website_id = ${websiteId} and o.user_id = users.id)`.as('last_order_at'),
  blockedReason: sql<string | null>`(select b.reason from customer_blocks b where b.website_id = ${websiteId} and b.user_id = users.id)`.as('blocked_reason'),
  blockedAt: sql<string | null>`(select b.blocked_at from customer_blocks b where b.website_id = ${websiteId} and b.user_id = users.id)`.as('blocked_at'),
})
export type CustomerRow = {
  userId: number
  name: string
  phone: string | null
  email: string | null
  createdAt: Date
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
    parts.push(or(ilike(users.name, like), ilike(users.phone, like), ilike(users.email, like))!)
  }
  const where = and(...parts)
  const columns = customerColumns(websiteId)
  const column =
    opts.sort === 'name' ? sql`${users.name}` : opts.sort === 'user_id' ? sql`${users.id}` : opts.sort === 'total_spent' ? sql`total_spent` : sql`last_order_at`
  const order = opts.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls first`
  const [rows, [{ total }]] = await Promise.all([
    db.select(columns).from(users).where(where).orderBy(order, asc(users.id)).limit(opts.limit).offset(opts.offset),
    db.select({ total: count() }).from(users).where(where),
  ])
  return { rows, total }
}

export async function findCustomer(db: Conn, websiteId: number, userId: number): Promise<CustomerRow | null> {
  const rows = await db
    .select(customerColumns(websiteId))
    .from(users)
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

/* ---------- privacy requests (issue 11) ---------- */

export async function listWishlists(db: Conn, websiteId: number, userId: number) {
  const rows = await db.execute(sql`select coalesce(c.name, 'Default') as wishlist, i.product_id, i.created_at
    from wishlist_items i left join wishlist_categories c on c.id = i.wishlist_category_id
    where i.website_id = ${websiteId} and i.user_id = ${userId} order by i.id`)
  return rowsOf<{ wishlist: string; product_id: number; created_at: string | Date }>(rows)
}

/** Has the person a relationship with any website but this one? */
export async function knownElsewhere(db: Conn, websiteId: number, userId: number): Promise<boolean> {
  const rows = await db.execute(sql`select
    exists (select 1 from website_members m where m.website_id <> ${websiteId} and m.user_id = ${userId})
    or exists (select 1 from orders o where o.website_id <> ${websiteId} and o.user_id = ${userId})
    or exists (select 1 from addresses a where a.website_id <> ${websiteId} and a.user_id = ${userId})
    or exists (select 1 from sessions s where s.website_id <> ${websiteId} and s.user_id = ${userId}) as elsewhere`)
  return rowsOf<{ elsewhere: boolean }>(rows)[0]?.elsewhere === true
}

/** This website's copies of the person's data: addresses, wishlists, cart and sessions go. */
export async function eraseOnWebsite(tx: Tx, websiteId: number, userId: number) {
  await tx.execute(sql`delete from addresses where website_id = ${websiteId} and user_id = ${userId}`)
  await tx.execute(sql`delete from wishlist_items where website_id = ${websiteId} and user_id = ${userId}`)
  await tx.execute(sql`delete from wishlist_categories where website_id = ${websiteId} and user_id = ${userId}`)
  await tx.execute(sql`delete from carts where website_id = ${websiteId} and user_id = ${userId}`)
  await tx.execute(sql`delete from sessions where website_id = ${websiteId} and user_id = ${userId}`)
}

/** The account itself: name, phone and email anonymised, its sign-in codes gone (only when no other website knows the person). */
export async function eraseAccount(tx: Tx, userId: number) {
  await tx.execute(
    sql`delete from otp_codes where username in (select phone from users where id = ${userId} union select email from users where id = ${userId})`,
  )
  await tx.execute(sql`delete from sessions where user_id = ${userId}`)
  await tx.update(users).set({ name: 'Erased customer', phone: null, email: null, phoneVerifiedAt: null, emailVerifiedAt: null }).where(eq(users.id, userId))
}
