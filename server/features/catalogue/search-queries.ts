import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { searchMisses, searchSynonyms } from '../../db/schema/catalogue'

export function listSynonyms(db: Db, websiteId: number) {
  return db
    .select({ id: searchSynonyms.id, term: searchSynonyms.term, means: searchSynonyms.means, createdAt: searchSynonyms.createdAt })
    .from(searchSynonyms)
    .where(eq(searchSynonyms.websiteId, websiteId))
    .orderBy(asc(searchSynonyms.term), asc(searchSynonyms.id))
}

/** One more search that found nothing. */
export async function recordMiss(db: Db, websiteId: number, query: string) {
  await db
    .insert(searchMisses)
    .values({ websiteId, query })
    .onConflictDoUpdate({ target: [searchMisses.websiteId, searchMisses.query], set: { count: sql`${searchMisses.count} + 1`, lastAt: sql`now()` } })
}

export function listMisses(db: Db, websiteId: number, limit: number) {
  return db
    .select({ query: searchMisses.query, count: searchMisses.count, lastAt: searchMisses.lastAt })
    .from(searchMisses)
    .where(eq(searchMisses.websiteId, websiteId))
    .orderBy(desc(searchMisses.count), desc(searchMisses.lastAt))
    .limit(limit)
}

export function deleteMiss(db: Db, websiteId: number, query: string) {
  return db.delete(searchMisses).where(and(eq(searchMisses.websiteId, websiteId), eq(searchMisses.query, query)))
}
