import { and, eq, gt, inArray, lte } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sessions, type SessionData } from '../../db/schema/accounts'

export type SessionRow = typeof sessions.$inferSelect

export async function findSession(db: Db, idHash: string, websiteId: number): Promise<SessionRow | undefined> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), eq(sessions.websiteId, websiteId), gt(sessions.expiresAt, new Date())))
    .limit(1)
  return rows[0]
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [created] = await db.insert(sessions).values(row).returning()
  return created
}

export async function updateSessionData(db: Db, idHash: string, data: SessionData, expiresAt: Date) {
  await db.update(sessions).set({ data, expiresAt }).where(eq(sessions.idHash, idHash))
}

export async function deleteSession(db: Db, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash))
}

/** Deletes at most `limit` sessions that expired by `now`; how many it deleted. */
export async function deleteExpiredSessions(db: Db, now: Date, limit: number) {
  const doomed = db.select({ idHash: sessions.idHash }).from(sessions).where(lte(sessions.expiresAt, now)).limit(limit)
  return (await db.delete(sessions).where(inArray(sessions.idHash, doomed)).returning({ idHash: sessions.idHash })).length
}
