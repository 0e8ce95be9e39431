import { and, asc, desc, eq, gt, lt } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { websiteMembers, websiteSwitchTokens } from '../../../db/schema/accounts'
import { auditLog } from '../../../db/schema/audit'

type Conn = Db | Tx

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
