import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
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

/** Adds a synonym; the same one again answers the existing row. */
export async function insertSynonym(tx: Tx, websiteId: number, term: string, means: string) {
  const [row] = await tx.insert(searchSynonyms).values({ websiteId, term, means }).onConflictDoNothing().returning()
  return (
    row ??
    (
      await tx
        .select()
        .from(searchSynonyms)
        .where(and(eq(searchSynonyms.websiteId, websiteId), eq(searchSynonyms.term, term), eq(searchSynonyms.means, means)))
    )[0]!
  )
}

/** The deleted synonym, or null when the website has none with this id. */
export async function deleteSynonym(tx: Tx, websiteId: number, id: number) {
  const [row] = await tx
    .delete(searchSynonyms)
    .where(and(eq(searchSynonyms.websiteId, websiteId), eq(searchSynonyms.id, id)))
    .returning()
  return row ?? null
}
