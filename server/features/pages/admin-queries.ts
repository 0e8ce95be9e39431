import { and, desc, eq, max } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { users } from '../../db/schema/accounts'
import { type PageContent, pageDrafts, pages, pageVersions } from '../../db/schema/pages'
import type { PageRow } from './queries'

export function lockDraft(tx: Tx, websiteId: number, url: string) {
  return tx
    .select()
    .from(pageDrafts)
    .where(and(eq(pageDrafts.websiteId, websiteId), eq(pageDrafts.url, url)))
    .for('update')
    .then((rows) => rows[0] ?? null)
}

export function findDraft(db: Db | Tx, websiteId: number, url: string) {
  return db
    .select()
    .from(pageDrafts)
    .where(and(eq(pageDrafts.websiteId, websiteId), eq(pageDrafts.url, url)))
    .then((rows) => rows[0] ?? null)
}

export async function saveDraft(tx: Tx, websiteId: number, url: string, content: PageContent, version: number) {
  const [row] = await tx
    .insert(pageDrafts)
    .values({ websiteId, url, content, version })
    .onConflictDoUpdate({ target: [pageDrafts.websiteId, pageDrafts.url], set: { content, version, updatedAt: new Date() } })
    .returning()
  return row
}

export function findPublished(db: Db | Tx, websiteId: number, url: string): Promise<PageRow | null> {
  return db
    .select()
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.url, url)))
    .then((rows) => rows[0] ?? null)
}

/** What GET /api/page/data answers from now on. */
export async function writePublished(tx: Tx, websiteId: number, url: string, c: PageContent) {
  const values = {
    components: c.components,
    css: c.css,
    showFooter: c.show_footer,
    showNavbar: c.show_navbar,
    showSubNavbar: c.show_sub_navbar,
    seoTitle: c.seo_title,
    seoDescription: c.seo_description,
    seoKeyword: c.seo_keyword,
    schemaScript: c.schema_script,
  }
  await tx
    .insert(pages)
    .values({ websiteId, url, ...values })
    .onConflictDoUpdate({ target: [pages.websiteId, pages.url], set: values })
}

/** Shoppers get 404 from now on (the draft and the versions are the page builder's). */
export async function deletePublished(tx: Tx, websiteId: number, url: string) {
  const rows = await tx
    .delete(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.url, url)))
    .returning({ url: pages.url })
  return rows.length > 0
}

export async function deleteDraft(tx: Tx, websiteId: number, url: string) {
  await tx.delete(pageDrafts).where(and(eq(pageDrafts.websiteId, websiteId), eq(pageDrafts.url, url)))
}

export async function lastVersionNumber(db: Db | Tx, websiteId: number, url: string): Promise<number | null> {
  const [row] = await db
    .select({ n: max(pageVersions.number) })
    .from(pageVersions)
    .where(and(eq(pageVersions.websiteId, websiteId), eq(pageVersions.url, url)))
  return row?.n ?? null
}

export async function insertVersion(tx: Tx, row: typeof pageVersions.$inferInsert) {
  const [inserted] = await tx.insert(pageVersions).values(row).returning({ id: pageVersions.id })
  return inserted.id
}

const versionColumns = {
  url: pageVersions.url,
  number: pageVersions.number,
  content: pageVersions.content,
  publishedAt: pageVersions.publishedAt,
  userId: users.id,
  userName: users.name,
}

export function listVersions(db: Db | Tx, websiteId: number, url: string) {
  return db
    .select(versionColumns)
    .from(pageVersions)
    .leftJoin(users, eq(users.id, pageVersions.publishedBy))
    .where(and(eq(pageVersions.websiteId, websiteId), eq(pageVersions.url, url)))
    .orderBy(desc(pageVersions.number))
    .limit(200)
}

export function findVersion(db: Db | Tx, websiteId: number, url: string, number: number) {
  return db
    .select(versionColumns)
    .from(pageVersions)
    .leftJoin(users, eq(users.id, pageVersions.publishedBy))
    .where(and(eq(pageVersions.websiteId, websiteId), eq(pageVersions.url, url), eq(pageVersions.number, number)))
    .then((rows) => rows[0] ?? null)
}
export type VersionRow = NonNullable<Awaited<ReturnType<typeof findVersion>>>

/** Every draft and every published page of a website, with the last version's who and when (the page list). */
export async function listPageRows(db: Db | Tx, websiteId: number) {
  const [drafts, live, versions] = await Promise.all([
    db.select().from(pageDrafts).where(eq(pageDrafts.websiteId, websiteId)),
    db.select().from(pages).where(eq(pages.websiteId, websiteId)),
    db
      .selectDistinctOn([pageVersions.url], { url: pageVersions.url, number: pageVersions.number, publishedAt: pageVersions.publishedAt, userName: users.name })
      .from(pageVersions)
      .leftJoin(users, eq(users.id, pageVersions.publishedBy))
      .where(eq(pageVersions.websiteId, websiteId))
      .orderBy(pageVersions.url, desc(pageVersions.number)),
  ])
  return { drafts, live, versions }
}
