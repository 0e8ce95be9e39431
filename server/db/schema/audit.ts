import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { websites } from './sites'

/**
 * Every staff write, per website, written in the transaction of the write (server/platform/audit.ts):
 * who, when, what, and the record before and after. `data` keeps anything else the write noted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id').references(() => websites.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_site_idx').on(t.websiteId, t.createdAt),
    index('audit_log_entity_idx').on(t.websiteId, t.entity, t.entityId, t.id),
    index('audit_log_user_idx').on(t.websiteId, t.userId, t.createdAt),
  ],
)
