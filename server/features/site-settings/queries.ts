import { asc, eq, like, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { websiteOrigins, websites } from '../../db/schema/index'

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

export async function countWebsites(db: Db): Promise<number> {
  const rows = await db.select({ id: websites.id }).from(websites).limit(1)
  return rows.length
}
