import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { SiteSettings } from '../../../common/contracts/site-settings'

export const websites = pgTable('websites', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  description: text('description').notNull().default(''),
  theme: text('theme').notNull().default('light'),
  favicon: text('favicon'),
  showSupplierPage: boolean('show_supplier_page').notNull().default(false),
  showCart: boolean('show_cart').notNull().default(true),
  fontFamily: text('font_family').notNull().default('Inter'),
  navAlignment: text('nav_alignment').notNull().default('left'),
  settings: jsonb('settings').$type<SiteSettings>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** scheme + host + port → website; one website may answer on several origins. */
export const websiteOrigins = pgTable('website_origins', {
  origin: text('origin').primaryKey(),
  websiteId: integer('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
})
