import { and, asc, count, desc, eq, ilike, isNotNull, or, type SQL } from 'drizzle-orm'
import type { StaffRole } from '../../../../common/contracts/admin-staff'
import type { Db, Tx } from '../../../db/client'
import { users, websiteMembers } from '../../../db/schema/accounts'

type Conn = Db | Tx

export type MemberRow = typeof websiteMembers.$inferSelect

const hasRole = or(websiteMembers.superadmin, websiteMembers.hasAdminAccess, websiteMembers.isSalesAgent, isNotNull(websiteMembers.role))

const staffColumns = {
  userId: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  superadmin: websiteMembers.superadmin,
  hasAdminAccess: websiteMembers.hasAdminAccess,
  isSalesAgent: websiteMembers.isSalesAgent,
  role: websiteMembers.role,
}
export type StaffRow = {
  userId: number
  name: string
  phone: string | null
  email: string | null
  superadmin: boolean
  hasAdminAccess: boolean
  isSalesAgent: boolean
  role: string | null
}

export async function listStaff(
  db: Conn,
  websiteId: number,
  opts: { search?: string; role?: StaffRole; sort: 'name' | 'user_id'; desc: boolean; limit: number; offset: number },
): Promise<{ rows: StaffRow[]; total: number }> {
  const parts: SQL[] = [eq(websiteMembers.websiteId, websiteId), hasRole!]
  if (opts.role === 'superadmin') parts.push(eq(websiteMembers.superadmin, true))
  if (opts.role === 'admin') parts.push(eq(websiteMembers.hasAdminAccess, true))
  if (opts.role === 'agent') parts.push(eq(websiteMembers.isSalesAgent, true))
  if (opts.role && opts.role !== 'superadmin' && opts.role !== 'admin' && opts.role !== 'agent') {
    parts.push(eq(websiteMembers.role, opts.role), eq(websiteMembers.hasAdminAccess, false), eq(websiteMembers.superadmin, false))
  }
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

export async function saveRoles(tx: Tx, websiteId: number, userId: number, roles: Pick<MemberRow, 'superadmin' | 'hasAdminAccess' | 'isSalesAgent' | 'role'>) {
  await tx
    .insert(websiteMembers)
    .values({ websiteId, userId, ...roles })
    .onConflictDoUpdate({ target: [websiteMembers.websiteId, websiteMembers.userId], set: roles })
}
