import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { media } from '../../db/schema/media'

export async function findMedia(db: Db, path: string) {
  const rows = await db.select().from(media).where(eq(media.path, path)).limit(1)
  return rows[0] ?? null
}

/** Adds an image unless its path is taken (the path names the bytes): true when this call added it. */
export async function insertMediaOnce(db: Db | Tx, row: typeof media.$inferInsert): Promise<boolean> {
  const added = await db.insert(media).values(row).onConflictDoNothing({ target: media.path }).returning({ path: media.path })
  return added.length > 0
}

/** Which of `paths` a website may show: its own uploads and the shared demo images. */
export async function usablePaths(db: Db | Tx, websiteId: number, paths: string[]): Promise<string[]> {
  if (paths.length === 0) return []
  const rows = await db
    .select({ path: media.path })
    .from(media)
    .where(and(inArray(media.path, paths), or(eq(media.websiteId, websiteId), isNull(media.websiteId))))
  return rows.map((r) => r.path)
}
