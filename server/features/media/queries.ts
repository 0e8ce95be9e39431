import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { media } from '../../db/schema/index'

export async function findMedia(db: Db, path: string) {
  const rows = await db.select().from(media).where(eq(media.path, path)).limit(1)
  return rows[0] ?? null
}

export async function upsertMedia(db: Db, row: typeof media.$inferInsert) {
  await db.insert(media).values(row).onConflictDoUpdate({ target: media.path, set: { bytes: row.bytes, width: row.width, height: row.height, contentType: row.contentType } })
}
