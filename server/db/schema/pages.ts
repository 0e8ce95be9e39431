import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { PageComponent } from '../../../common/contracts/pages'
import { websites } from './sites'

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
