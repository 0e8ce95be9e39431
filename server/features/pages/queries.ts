import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { pages } from '../../db/schema/pages'

export type PageRow = typeof pages.$inferSelect

export async function findPage(db: Db, websiteId: number, url: string): Promise<PageRow | null> {
  const rows = await db
    .select()
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.url, url)))
    .limit(1)
  return rows[0] ?? null
}

export async function insertPages(tx: Tx, rows: (typeof pages.$inferInsert)[]) {
  await tx.insert(pages).values(rows)
}

export function listPageUrls(db: Db, websiteId: number) {
  return db.select({ url: pages.url }).from(pages).where(eq(pages.websiteId, websiteId))
}
