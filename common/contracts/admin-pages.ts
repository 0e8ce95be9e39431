import * as z from 'zod/mini'
import { isAppPage, isAppPath, PAGE_URL } from '../rules/page-paths'
import { staleBody, versionOf } from './admin'
import { defineContract } from './http'
import { wholeNumber } from './whole-numbers'
import { PageBlockInput } from './page-blocks'
import { MAX_PAGE_URL_LENGTH, PageData } from './pages'
import { text } from './text'

/**
 * Staff calls of pages (CONTRACT "Staff calls"): a save changes the draft only; publishing copies it to what
 * GET /api/page/data answers, in every app process, and keeps a version (docs/decisions/0025-page-safety.md).
 */

const int = () => z.number().check(z.int())

export const PageUrl = text('Page address', [
  z.trim(),
  z.maxLength(MAX_PAGE_URL_LENGTH, `The address is limited to ${MAX_PAGE_URL_LENGTH} characters`),
  z.regex(PAGE_URL, 'Use an address like /diwali-offers: lowercase letters, digits, - and _, separated by /'),
  z.refine((url) => !isAppPath(url) || isAppPage(url), 'This address belongs to the shop itself (products, account, checkout …): choose another'),
])

const Seo = (label: string, max: number) => z._default(z.nullable(text(label, [z.maxLength(max, `${label} is limited to ${max} characters`)])), null)

const isJson = (s: string) => {
  try {
    JSON.parse(s)
    return true
  } catch {
    return false
  }
}

export const PAGE_CSS_MAX = 50_000
export const SCHEMA_SCRIPT_MAX = 50_000

/** The page data of spec §3 as an editor sends it. */
export const PageContentInput = z.object({
  components: z.array(PageBlockInput).check(z.maxLength(60, 'At most 60 blocks on a page')),
  css: z._default(text('CSS', [z.maxLength(PAGE_CSS_MAX, `CSS is limited to ${PAGE_CSS_MAX} characters`)]), ''),
  show_footer: z._default(z.boolean(), true),
  show_navbar: z._default(z.boolean(), true),
  show_sub_navbar: z._default(z.boolean(), true),
  seo_title: Seo('SEO title', 200),
  seo_description: Seo('SEO description', 500),
  seo_keyword: Seo('SEO keywords', 500),
  schema_script: z._default(
    z.nullable(
      text('Schema script', [
        z.maxLength(SCHEMA_SCRIPT_MAX, `The schema script is limited to ${SCHEMA_SCRIPT_MAX} characters`),
        z.refine((s) => s.trim() === '' || isJson(s), 'The schema script must be JSON-LD (valid JSON)'),
      ]),
    ),
    null,
  ),
})

/** The shop's own screens (APP_PAGES) show no blocks: only their page settings are edited. */
export const APP_PAGE_BLOCKS_MESSAGE = 'This is the shop’s own screen: it shows no blocks, only its page settings are used'

export const SavePageInput = z.extend(PageContentInput, {
  url: PageUrl,
  /** the draft version the editor read (0 for a page with no draft yet); 409 when someone saved in between */
  version: versionOf(0, 'a new page'),
})
export type SavePageInput = z.infer<typeof SavePageInput>

const PageContent = z.object({
  components: z.array(z.record(z.string(), z.unknown())),
  css: z.string(),
  show_footer: z.boolean(),
  show_navbar: z.boolean(),
  show_sub_navbar: z.boolean(),
  seo_title: z.nullable(z.string()),
  seo_description: z.nullable(z.string()),
  seo_keyword: z.nullable(z.string()),
  schema_script: z.nullable(z.string()),
})

/** The draft as saved: rich text sanitised, CSS scoped and cleaned, JSON-LD re-serialised. */
export const PageDraft = z.extend(PageContent, {
  url: z.string(),
  version: int(),
  updated_at: z.string(),
  /** the number of the version shoppers see, null when never published */
  published_version: z.nullable(int()),
})
export type PageDraft = z.infer<typeof PageDraft>

export const PublishedPage = z.extend(PageContent, {
  url: z.string(),
  number: int(),
  published_at: z.string(),
  published_by: z.nullable(z.object({ id: int(), name: z.nullable(z.string()) })),
})
export type PublishedPage = z.infer<typeof PublishedPage>

export const UrlQuery = z.object({ url: PageUrl })

export const getPageDraft = defineContract({
  method: 'GET',
  path: '/api/admin/pages/draft',
  summary: "Admin: a page's draft (its published version when no draft was saved)",
  query: UrlQuery,
  response: PageDraft,
})

export const savePageDraft = defineContract({
  method: 'PUT',
  path: '/api/admin/pages',
  summary: "Admin: save a page's draft; shoppers keep seeing the published page",
  body: SavePageInput,
  response: PageDraft,
  stale: staleBody(PageDraft),
})

export const publishPage = defineContract({
  method: 'POST',
  path: '/api/admin/pages/publish',
  summary: "Admin: publish a page's draft: every app process answers it from now on",
  body: z.object({ url: PageUrl }),
  response: PublishedPage,
})

export const listPageVersions = defineContract({
  method: 'GET',
  path: '/api/admin/pages/versions',
  summary: 'Admin: every published version of a page, newest first',
  query: UrlQuery,
  response: z.object({ data: z.array(PublishedPage) }),
})

export const rollbackPage = defineContract({
  method: 'POST',
  path: '/api/admin/pages/rollback',
  summary: 'Admin: make an earlier version the draft and publish it',
  body: z.object({ url: PageUrl, number: wholeNumber(1) }),
  response: PublishedPage,
})

/** The home page is always there: it can be edited and rolled back, not taken down. */
const TakeDownUrl = PageUrl.check(
  z.refine((url) => url !== '/', 'The home page cannot be taken down: edit it or roll it back instead'),
  z.refine((url) => !isAppPage(url), 'This is the shop’s own screen: edit its settings, it cannot be taken down'),
)

export const unpublishPage = defineContract({
  method: 'POST',
  path: '/api/admin/pages/unpublish',
  summary: 'Admin: take a published page off the storefront (shoppers get 404); its draft and versions are kept',
  body: z.object({ url: TakeDownUrl }),
  response: PageDraft,
})

export const deletePage = defineContract({
  method: 'DELETE',
  path: '/api/admin/pages',
  summary: 'Admin: delete a page: its draft and what shoppers see (404); its version history stays in the audit and versions',
  query: z.object({ url: TakeDownUrl }),
  response: z.object({ ok: z.literal(true) }),
})

/** The element a page's own CSS is scoped to: the storefront wraps a page's blocks in it. */
export const PAGE_CSS_SCOPE = '[data-page-content]'

/** One page of the website as the page builder lists it: what shoppers see and whether the draft differs. */
export const PageSummary = z.object({
  url: z.string(),
  /** 'draft': never published; 'changes': published, with saved changes not yet live; 'published': the draft is live */
  state: z.enum(['draft', 'changes', 'published']),
  seo_title: z.nullable(z.string()),
  blocks: int(),
  draft_updated_at: z.nullable(z.string()),
  published_version: z.nullable(int()),
  published_at: z.nullable(z.string()),
  published_by: z.nullable(z.string()),
})
export type PageSummary = z.infer<typeof PageSummary>

export const listPages = defineContract({
  method: 'GET',
  path: '/api/admin/pages',
  summary: 'Admin: every page of this website by address, with its draft and published state',
  query: z.object({ q: z.optional(text('Search', [z.maxLength(200)])) }),
  response: z.object({ data: z.array(PageSummary) }),
})

/**
 * The page builder's live preview: the page as the editor holds it (not saved), made safe exactly as a save
 * would and resolved as shoppers' page data is (carousels filled). Changes nothing; admins only.
 */
export const PreviewPageInput = z.extend(PageContentInput, { url: PageUrl })
export type PreviewPageInput = z.infer<typeof PreviewPageInput>

export const previewPage = defineContract({
  method: 'POST',
  path: '/api/admin/pages/preview',
  summary: 'Admin: page data of an unsaved page, rendered by the storefront preview (nothing is stored)',
  body: PreviewPageInput,
  response: PageData,
})
