import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { websites } from './sites'

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').unique(),
  phone: text('phone').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Roles are per website. */
export const websiteMembers = pgTable(
  'website_members',
  {
    websiteId: integer('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    superadmin: boolean('superadmin').notNull().default(false),
    hasAdminAccess: boolean('has_admin_access').notNull().default(false),
    isSalesAgent: boolean('is_sales_agent').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.userId] })],
)

export interface SessionData {
  pincode?: string
}

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    websiteId: integer('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    xsrfSecret: text('xsrf_secret').notNull(),
    data: jsonb('data').$type<SessionData>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
)
