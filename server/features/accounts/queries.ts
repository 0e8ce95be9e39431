import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users, websiteMembers } from '../../db/schema/index'
import type { User } from '../../../common/contracts/accounts'

/** A user as this website sees them: roles are per website. */
export async function findUserForSite(db: Db, userId: number, websiteId: number): Promise<User | null> {
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
