import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { pages, pageVersions } from '../../db/schema/pages'

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
  await keepPublishedAsFirstVersions(tx, rows[0]?.websiteId)
}

/**
 * A published page with no version yet (a seeded or starter page) is kept as its version 1, by no one, so the first
 * publish can be rolled back to it (issue 29). The migration `setup_checklist` ran the same for every website.
 */
export async function keepPublishedAsFirstVersions(tx: Tx, websiteId: number | undefined) {
  if (websiteId === undefined) return
  await tx.execute(sql`
    insert into ${pageVersions} (website_id, url, number, content)
    select p.website_id, p.url, 1, jsonb_build_object(
      'components', p.components, 'css', p.css, 'show_footer', p.show_footer, 'show_navbar', p.show_navbar,
      'show_sub_navbar', p.show_sub_navbar, 'seo_title', p.seo_title, 'seo_description', p.seo_description,
      'seo_keyword', p.seo_keyword, 'schema_script', p.schema_script)
    from ${pages} p
    where p.website_id = ${websiteId}
      and not exists (select 1 from ${pageVersions} v where v.website_id = p.website_id and v.url = p.url)`)
}

export function listPageUrls(db: Db, websiteId: number) {
  return db.select({ url: pages.url }).from(pages).where(eq(pages.websiteId, websiteId))
}
