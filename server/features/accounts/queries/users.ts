import { and, eq, isNull, ne } from 'drizzle-orm'
import type { User } from '../../../../common/contracts/accounts'
import { customRoleKey, permissionsOf, ROLE_LABELS, staffRoleOf } from '../../../../common/rules/staff-roles'
import type { Username } from '../../../../common/rules/username'
import type { Db, Tx } from '../../../db/client'
import { customRoles, users, websiteMembers } from '../../../db/schema/accounts'

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
      role: websiteMembers.role,
      customRoleId: customRoles.id,
      customRoleName: customRoles.name,
      customPermissions: customRoles.permissions,
    })
    .from(users)
    .leftJoin(websiteMembers, and(eq(websiteMembers.userId, users.id), eq(websiteMembers.websiteId, websiteId)))
    .leftJoin(customRoles, and(eq(customRoles.websiteId, websiteMembers.websiteId), eq(customRoles.id, websiteMembers.customRoleId)))
    .where(eq(users.id, userId))
    .limit(1)
  const row = rows[0]
  if (!row) return null
  const { customRoleId, customRoleName, customPermissions, ...person } = row
  const superadmin = row.superadmin ?? false
  const builtIn = staffRoleOf({ superadmin, hasAdminAccess: row.hasAdminAccess ?? false, role: row.role })
  // a custom role (decision 0049) is read with the person on every request, so an edit counts from the next one
  const custom = builtIn === null && customRoleId !== null ? { id: customRoleId, name: customRoleName ?? '', permissions: customPermissions ?? {} } : null
  return {
    ...person,
    superadmin,
    hasAdminAccess: builtIn === 'admin',
    isSalesAgent: row.isSalesAgent ?? false,
    role: custom ? customRoleKey(custom.id) : builtIn,
    role_name: custom ? custom.name : builtIn ? ROLE_LABELS[builtIn] : null,
    permissions: custom ? custom.permissions : permissionsOf(builtIn, superadmin),
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
