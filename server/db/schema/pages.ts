import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { PageComponent } from '../../../common/contracts/pages'
import { websites } from './sites'
import { users } from './accounts'

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    components: jsonb('components').$type<PageComponent[]>().notNull().default([]),
    css: text('css').notNull().default(''),
    showFooter: boolean('show_footer').notNull().default(true),
    showNavbar: boolean('show_navbar').notNull().default(true),
    showSubNavbar: boolean('show_sub_navbar').notNull().default(true),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    seoKeyword: text('seo_keyword'),
    schemaScript: text('schema_script'),
  },
  (t) => [uniqueIndex('pages_site_url_uq').on(t.websiteId, t.url)],
)

/** The page data of spec §3 as staff save and publish it (what `pages` holds once published). */
export interface PageContent {
  components: PageComponent[]
  css: string
  show_footer: boolean
  show_navbar: boolean
  show_sub_navbar: boolean
  seo_title: string | null
  seo_description: string | null
  seo_keyword: string | null
  schema_script: string | null
}

/** What staff are editing: shoppers never see it until it is published into `pages`. */
export const pageDrafts = pgTable(
  'page_drafts',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    content: jsonb('content').$type<PageContent>().notNull(),
    /** 1 on the first save, +1 on each; an editor's save with an older version is refused (409) */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_drafts_site_url_uq').on(t.websiteId, t.url)],
)

/** Every publish of a page: who, when and exactly what went live (rollback republishes one of these). */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** 1, 2, 3 … per page */
    number: integer('number').notNull(),
    content: jsonb('content').$type<PageContent>().notNull(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_versions_site_url_number_uq').on(t.websiteId, t.url, t.number)],
)
