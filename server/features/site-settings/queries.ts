import { and, asc, eq, inArray, like, or } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { websiteOrigins, websites } from '../../db/schema/sites'

export type WebsiteRow = typeof websites.$inferSelect

export async function findWebsiteByOrigin(db: Db, origin: string): Promise<WebsiteRow | undefined> {
  const rows = await db
    .select({ website: websites })
    .from(websiteOrigins)
    .innerJoin(websites, eq(websites.id, websiteOrigins.websiteId))
    .where(eq(websiteOrigins.origin, origin))
    .limit(1)
  return rows[0]?.website
}

/** Development only: the same host on any port (shop2.localhost:5173 → the site of shop2.localhost:3000). */
export async function findWebsiteByHost(db: Db, scheme: string, host: string): Promise<WebsiteRow | undefined> {
  const rows = await db
    .select({ website: websites })
    .from(websiteOrigins)
    .innerJoin(websites, eq(websites.id, websiteOrigins.websiteId))
    .where(or(eq(websiteOrigins.origin, `${scheme}://${host}`), like(websiteOrigins.origin, `${scheme}://${host}:%`)))
    .orderBy(asc(websites.id))
    .limit(1)
  return rows[0]?.website
}

export async function findDefaultWebsite(db: Db): Promise<WebsiteRow | undefined> {
  const rows = await db.select().from(websites).orderBy(asc(websites.id)).limit(1)
  return rows[0]
}

export async function countWebsites(db: Db | Tx): Promise<number> {
  const rows = await db.select({ id: websites.id }).from(websites).limit(1)
  return rows.length
}

/** Websites by id with every origin they answer on (the superadmin's website list). */
export function listWebsitesWithOrigins(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .select({ id: websites.id, name: websites.name, origin: websiteOrigins.origin })
    .from(websites)
    .innerJoin(websiteOrigins, eq(websiteOrigins.websiteId, websites.id))
    .where(inArray(websites.id, ids))
    .orderBy(asc(websites.id), asc(websiteOrigins.origin))
}

export async function findWebsiteName(db: Db | Tx, id: number): Promise<string | null> {
  const [row] = await db.select({ name: websites.name }).from(websites).where(eq(websites.id, id))
  return row?.name ?? null
}

export async function originExists(db: Db | Tx, origin: string): Promise<boolean> {
  const rows = await db.select({ origin: websiteOrigins.origin }).from(websiteOrigins).where(eq(websiteOrigins.origin, origin)).limit(1)
  return rows.length > 0
}

export async function insertWebsite(tx: Tx, row: typeof websites.$inferInsert, origin: string): Promise<WebsiteRow> {
  const [created] = await tx.insert(websites).values(row).returning()
  await tx.insert(websiteOrigins).values({ origin, websiteId: created.id })
  return created
}

/** The origins one website answers on (its addresses; a superadmin adds and removes them). */
export async function listOrigins(db: Db | Tx, websiteId: number): Promise<string[]> {
  const rows = await db
    .select({ origin: websiteOrigins.origin })
    .from(websiteOrigins)
    .where(eq(websiteOrigins.websiteId, websiteId))
    .orderBy(asc(websiteOrigins.origin))
  return rows.map((r) => r.origin)
}

/** false when any website (this one or another) already answers at the origin */
export async function insertOrigin(db: Db | Tx, websiteId: number, origin: string): Promise<boolean> {
  const rows = await db.insert(websiteOrigins).values({ origin, websiteId }).onConflictDoNothing().returning({ origin: websiteOrigins.origin })
  return rows.length > 0
}

export async function deleteOrigin(db: Db | Tx, websiteId: number, origin: string): Promise<boolean> {
  const rows = await db
    .delete(websiteOrigins)
    .where(and(eq(websiteOrigins.websiteId, websiteId), eq(websiteOrigins.origin, origin)))
    .returning({ origin: websiteOrigins.origin })
  return rows.length > 0
}

/** Whether some website answers at https://host (on any port): a host name of letters, digits, dots and dashes only. */
export async function httpsHostExists(db: Db, host: string): Promise<boolean> {
  const rows = await db
    .select({ origin: websiteOrigins.origin })
    .from(websiteOrigins)
    .where(or(eq(websiteOrigins.origin, `https://${host}`), like(websiteOrigins.origin, `https://${host}:%`)))
    .limit(1)
  return rows.length > 0
}

/** Whether the website may take online payments through the platform's keys (issue 29); the payments screen sets it. */
export async function setPlatformPayments(tx: Tx, websiteId: number, allowed: boolean) {
  await tx.update(websites).set({ platformPayments: allowed }).where(eq(websites.id, websiteId))
}
