import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { type CodePurpose, otpCodes } from '../../../db/schema/accounts'

type Conn = Db | Tx

export type OtpRow = typeof otpCodes.$inferSelect

/** Serialises code requests per key across processes for the rest of the transaction (PostgreSQL advisory lock). */
export async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}

/** Codes of one purpose sent to a username: an agent's consent requests never use up the person's sign-in codes. */
const codesOf = (websiteId: number, username: string, purpose: CodePurpose) =>
  and(eq(otpCodes.websiteId, websiteId), eq(otpCodes.username, username), eq(otpCodes.purpose, purpose))

export async function countCodesForUsername(db: Conn, websiteId: number, username: string, since: Date, purpose: CodePurpose): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otpCodes)
    .where(and(codesOf(websiteId, username, purpose), gt(otpCodes.createdAt, since)))
  return row.n
}

export async function lastCodeAt(db: Conn, websiteId: number, username: string, purpose: CodePurpose): Promise<Date | null> {
  const rows = await db
    .select({ at: otpCodes.createdAt })
    .from(otpCodes)
    .where(codesOf(websiteId, username, purpose))
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

/** Only the newest code for a username (and purpose) counts (SECURITY AU-07). */
export async function latestCode(db: Conn, websiteId: number, username: string, purpose: CodePurpose): Promise<OtpRow | null> {
  const rows = await db
    .select()
    .from(otpCodes)
    .where(codesOf(websiteId, username, purpose))
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
