import { and, asc, count, desc, eq, ilike, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { StaffRole } from '../../../../common/contracts/admin-staff'
import type { Db, Tx } from '../../../db/client'
import type { Permissions } from '../../../../common/rules/staff-roles'
import { customRoles, users, websiteMembers } from '../../../db/schema/accounts'

type Conn = Db | Tx

export type MemberRow = typeof websiteMembers.$inferSelect

const hasRole = or(
  websiteMembers.superadmin,
  websiteMembers.hasAdminAccess,
  websiteMembers.isSalesAgent,
  isNotNull(websiteMembers.role),
  isNotNull(websiteMembers.customRoleId),
)

const staffColumns = {
  userId: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  superadmin: websiteMembers.superadmin,
  hasAdminAccess: websiteMembers.hasAdminAccess,
  isSalesAgent: websiteMembers.isSalesAgent,
  role: websiteMembers.role,
  customRoleId: websiteMembers.customRoleId,
  customRoleName: customRoles.name,
}
/** the member's custom role, on their own website only */
const customRoleJoin = and(eq(customRoles.websiteId, websiteMembers.websiteId), eq(customRoles.id, websiteMembers.customRoleId))
export type StaffRow = {
  userId: number
  name: string
  phone: string | null
  email: string | null
  superadmin: boolean
  hasAdminAccess: boolean
  isSalesAgent: boolean
  role: string | null
  customRoleId: number | null
  customRoleName: string | null
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
      .leftJoin(customRoles, customRoleJoin)
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
    .leftJoin(customRoles, customRoleJoin)
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

export async function saveRoles(
  tx: Tx,
  websiteId: number,
  userId: number,
  roles: Pick<MemberRow, 'superadmin' | 'hasAdminAccess' | 'isSalesAgent' | 'role' | 'customRoleId'>,
) {
  await tx
    .insert(websiteMembers)
    .values({ websiteId, userId, ...roles })
    .onConflictDoUpdate({ target: [websiteMembers.websiteId, websiteMembers.userId], set: roles })
}

export type CustomRoleRow = typeof customRoles.$inferSelect & { members: number }

const holders = sql<number>`(select count(*)::int from ${websiteMembers} m where m.website_id = ${customRoles.websiteId} and m.custom_role_id = ${customRoles.id})`

export function listCustomRoles(db: Conn, websiteId: number): Promise<CustomRoleRow[]> {
  return db
    .select({
      id: customRoles.id,
      websiteId: customRoles.websiteId,
      name: customRoles.name,
      permissions: customRoles.permissions,
      version: customRoles.version,
      createdAt: customRoles.createdAt,
      members: holders,
    })
    .from(customRoles)
    .where(eq(customRoles.websiteId, websiteId))
    .orderBy(asc(customRoles.name))
}

/** One custom role of this website (another website's id is not found), locked when asked. */
export async function findCustomRole(db: Conn, websiteId: number, id: number, lock = false): Promise<CustomRoleRow | null> {
  const q = db
    .select({
      id: customRoles.id,
      websiteId: customRoles.websiteId,
      name: customRoles.name,
      permissions: customRoles.permissions,
      version: customRoles.version,
      createdAt: customRoles.createdAt,
      members: holders,
    })
    .from(customRoles)
    .where(and(eq(customRoles.websiteId, websiteId), eq(customRoles.id, id)))
  const rows = lock ? await q.for('update', { of: customRoles }) : await q
  return rows[0] ?? null
}

export async function customRoleNameTaken(db: Conn, websiteId: number, name: string, exceptId?: number): Promise<boolean> {
  const parts = [eq(customRoles.websiteId, websiteId), sql`lower(${customRoles.name}) = lower(${name})`]
  if (exceptId !== undefined) parts.push(ne(customRoles.id, exceptId))
  const rows = await db
    .select({ id: customRoles.id })
    .from(customRoles)
    .where(and(...parts))
    .limit(1)
  return rows.length > 0
}

export async function insertCustomRole(tx: Tx, websiteId: number, name: string, permissions: Permissions): Promise<number> {
  const [row] = await tx.insert(customRoles).values({ websiteId, name, permissions }).returning({ id: customRoles.id })
  return row.id
}

export async function updateCustomRole(tx: Tx, websiteId: number, id: number, name: string, permissions: Permissions) {
  await tx
    .update(customRoles)
    .set({ name, permissions, version: sql`${customRoles.version} + 1` })
    .where(and(eq(customRoles.websiteId, websiteId), eq(customRoles.id, id)))
}

export async function deleteCustomRole(tx: Tx, websiteId: number, id: number) {
  await tx.delete(customRoles).where(and(eq(customRoles.websiteId, websiteId), eq(customRoles.id, id)))
}
