import {
  APP_PAGE_BLOCKS_MESSAGE,
  type PageDraft,
  type PageSummary,
  type PreviewPageInput,
  type PublishedPage,
  type SavePageInput,
} from '../../../common/contracts/admin-pages'
import { isAppPage } from '../../../common/rules/page-paths'
import { invalid } from '../../platform/errors'
import type { PageData } from '../../../common/contracts/pages'
import type { PageContent } from '../../db/schema/pages'
import { fail, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import { expectVersion } from '../../platform/versioned'
import * as q from './admin-queries'
import type { PageRow } from './queries'
import { resolveBlocks } from './blocks'
import { cleanPageContent } from './safety/page-content'

/**
 * Staff calls of pages (docs/decisions/0025-page-safety.md): staff save a draft (versioned: a stale save is a
 * 409), publishing copies the draft into `pages` (what shoppers are answered), keeps a numbered version (who,
 * when, what) and drops the website's cached answers in every app process (changesStorefront).
 */

const DRAFT = { entity: 'page_draft' }
const PAGE = { entity: 'page', changesStorefront: true }

const BLANK: PageContent = {
  components: [],
  css: '',
  show_footer: true,
  show_navbar: true,
  show_sub_navbar: true,
  seo_title: null,
  seo_description: null,
  seo_keyword: null,
  schema_script: null,
}

function contentOf(row: PageRow): PageContent {
  return {
    components: row.components,
    css: row.css,
    show_footer: row.showFooter,
    show_navbar: row.showNavbar,
    show_sub_navbar: row.showSubNavbar,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    seo_keyword: row.seoKeyword,
    schema_script: row.schemaScript,
  }
}

function published(row: q.VersionRow): PublishedPage {
  return {
    url: row.url,
    number: row.number,
    ...row.content,
    published_at: row.publishedAt.toISOString(),
    published_by: row.userId === null ? null : { id: row.userId, name: row.userName },
  }
}

/** The draft an editor opens: the saved draft, else the published page (version 0), else a blank page. */
async function draftOf(ctx: StaffCtx, url: string): Promise<PageDraft> {
  const [draft, live, number] = await Promise.all([
    q.findDraft(ctx.db, ctx.site.id, url),
    q.findPublished(ctx.db, ctx.site.id, url),
    q.lastVersionNumber(ctx.db, ctx.site.id, url),
  ])
  const content = draft?.content ?? (live ? contentOf(live) : BLANK)
  return {
    url,
    ...content,
    version: draft?.version ?? 0,
    updated_at: (draft?.updatedAt ?? new Date(0)).toISOString(),
    published_version: number ?? (live ? 0 : null),
  }
}

const record = (d: PageDraft) => ({ ...d, updated_at: undefined })

export const getDraft = (ctx: StaffCtx, url: string) => draftOf(ctx, url)

/** An app screen's page row (e.g. /products) carries its settings only: blocks there would never show. */
function refuseAppPageBlocks(input: { url: string; components: unknown[] }) {
  if (isAppPage(input.url) && input.components.length > 0) throw invalid(APP_PAGE_BLOCKS_MESSAGE, { components: APP_PAGE_BLOCKS_MESSAGE })
}

export async function saveDraft(ctx: StaffWriteCtx, input: SavePageInput): Promise<PageDraft> {
  refuseAppPageBlocks(input)
  const { url } = input
  const row = await q.lockDraft(ctx.db, ctx.site.id, url)
  const current = await draftOf(ctx, url)
  await expectVersion(ctx, { ...DRAFT, id: url, label: `The page ${url}` }, input.version, { version: current.version, record: record(current) }, current)
  const content = cleanPageContent(input)
  return staffWrite(ctx, { ...DRAFT, action: row ? 'page_draft.update' : 'page_draft.create' }, async (tx) => {
    await q.saveDraft(tx, ctx.site.id, url, content, current.version + 1)
    const after = await draftOf({ ...ctx, db: tx }, url)
    return { id: url, before: row ? record(current) : null, after: record(after), result: after }
  })
}

/** Copies the draft into what shoppers see and keeps it as the page's next version. */
async function publishContent(ctx: StaffWriteCtx, url: string, content: PageContent, action: string, data?: Record<string, unknown>) {
  return staffWrite(ctx, { ...PAGE, action, data }, async (tx) => {
    const before = await q.findPublished(tx, ctx.site.id, url)
    await q.writePublished(tx, ctx.site.id, url, content)
    const number = ((await q.lastVersionNumber(tx, ctx.site.id, url)) ?? 0) + 1
    await q.insertVersion(tx, { websiteId: ctx.site.id, url, number, content, publishedBy: ctx.user.id })
    const version = await q.findVersion(tx, ctx.site.id, url, number)
    if (!version) throw new Error('the version just written is missing')
    return { id: url, before: before ? contentOf(before) : null, after: { ...content, number }, result: published(version) }
  })
}

export async function publish(ctx: StaffWriteCtx, url: string): Promise<Result<PublishedPage>> {
  // the draft row's lock puts two publishes (and a save) of one page one after the other
  const draft = await q.lockDraft(ctx.db, ctx.site.id, url)
  if (!draft) return fail('not_found', `The page ${url} has no saved draft to publish`)
  return ok(await publishContent(ctx, url, draft.content, 'page.publish', { draft_version: draft.version }))
}

export async function listVersions(ctx: StaffCtx, url: string) {
  return { data: (await q.listVersions(ctx.db, ctx.site.id, url)).map(published) }
}

/** Makes an old version the draft (so the editor shows what is live) and publishes it as a new version. */
export async function rollback(ctx: StaffWriteCtx, url: string, number: number): Promise<Result<PublishedPage>> {
  const draft = await q.lockDraft(ctx.db, ctx.site.id, url)
  const old = await q.findVersion(ctx.db, ctx.site.id, url, number)
  if (!old) return fail('not_found', `The page ${url} has no version ${number}`)
  await staffWrite(ctx, { ...DRAFT, action: 'page_draft.rollback', data: { number } }, async (tx) => {
    const before = await draftOf({ ...ctx, db: tx }, url)
    await q.saveDraft(tx, ctx.site.id, url, old.content, (draft?.version ?? 0) + 1)
    const after = await draftOf({ ...ctx, db: tx }, url)
    return { id: url, before: draft ? record(before) : null, after: record(after), result: after }
  })
  return ok(await publishContent(ctx, url, old.content, 'page.rollback', { number }))
}

/**
 * Takes a page off the storefront: shoppers get 404 in every process (changesStorefront). What was live stays the
 * draft (saved as one when there was none), so publishing again, or a rollback, brings it back.
 */
export async function unpublish(ctx: StaffWriteCtx, url: string): Promise<Result<PageDraft>> {
  const draft = await q.lockDraft(ctx.db, ctx.site.id, url)
  const live = await q.findPublished(ctx.db, ctx.site.id, url)
  if (!live) return fail('not_found', `The page ${url} is not published`)
  if (!draft) {
    await staffWrite(ctx, { ...DRAFT, action: 'page_draft.create', data: { reason: 'unpublish' } }, async (tx) => {
      await q.saveDraft(tx, ctx.site.id, url, contentOf(live), 1)
      const after = await draftOf({ ...ctx, db: tx }, url)
      return { id: url, before: null, after: record(after), result: after }
    })
  }
  return ok(
    await staffWrite(ctx, { ...PAGE, action: 'page.unpublish' }, async (tx) => {
      await q.deletePublished(tx, ctx.site.id, url)
      const after = await draftOf({ ...ctx, db: tx }, url)
      return { id: url, before: contentOf(live), after: null, result: after }
    }),
  )
}

/** Deletes the draft and the live page (shoppers get 404 in every process); the versions stay as history. */
export async function deletePage(ctx: StaffWriteCtx, url: string): Promise<Result<{ ok: true }>> {
  const draft = await q.lockDraft(ctx.db, ctx.site.id, url)
  const live = await q.findPublished(ctx.db, ctx.site.id, url)
  if (!draft && !live) return fail('not_found', `The page ${url} does not exist`)
  return ok(
    await staffWrite(ctx, { ...PAGE, action: 'page.delete' }, async (tx) => {
      await q.deletePublished(tx, ctx.site.id, url)
      await q.deleteDraft(tx, ctx.site.id, url)
      const before = { draft: draft ? { version: draft.version, ...draft.content } : null, published: live ? contentOf(live) : null }
      return { id: url, before, after: null, result: { ok: true as const } }
    }),
  )
}

/** Same content, whatever order jsonb gave the keys. */
const stable = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(stable).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v ?? null)

/** The page builder's list: every page with a draft or a published version, by address. */
export async function listPages(ctx: StaffCtx, search?: string): Promise<{ data: PageSummary[] }> {
  const { drafts, live, versions } = await q.listPageRows(ctx.db, ctx.site.id)
  const urls = new Set([...drafts.map((d) => d.url), ...live.map((p) => p.url)])
  const needle = search?.trim().toLowerCase()
  const data = [...urls]
    .map((url): PageSummary => {
      const draft = drafts.find((d) => d.url === url)
      const page = live.find((p) => p.url === url)
      const version = versions.find((v) => v.url === url)
      const content = draft?.content ?? (page ? contentOf(page) : BLANK)
      const state = !page ? 'draft' : draft && stable(draft.content) !== stable(contentOf(page)) ? 'changes' : 'published'
      return {
        url,
        state,
        seo_title: content.seo_title,
        blocks: content.components.length,
        draft_updated_at: draft ? draft.updatedAt.toISOString() : null,
        published_version: version?.number ?? (page ? 0 : null),
        published_at: version ? version.publishedAt.toISOString() : null,
        published_by: version?.userName ?? null,
      }
    })
    .filter((p) => !needle || p.url.toLowerCase().includes(needle) || (p.seo_title ?? '').toLowerCase().includes(needle))
    .sort((a, b) => a.url.localeCompare(b.url))
  return { data }
}

/** The live preview: the editor's unsaved page made safe as a save would and resolved as shoppers' page data is. */
export async function previewPage(ctx: StaffCtx, input: PreviewPageInput): Promise<PageData> {
  refuseAppPageBlocks(input)
  const { components, ...rest } = cleanPageContent({ ...input, version: 0 })
  return { url: input.url, ...rest, data: await resolveBlocks(ctx, components) }
}
