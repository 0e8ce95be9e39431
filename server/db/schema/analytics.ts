import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { websites } from './sites'

/**
 * Analytics events kept by the product itself when no PostHog host is configured (spec §9, issue #16;
 * docs/decisions/0037-analytics-and-monitoring.md). Only what the reports read is kept in columns.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** PostHog's anonymous or identified id, as the browser sent it */
    distinctId: text('distinct_id').notNull(),
    sessionId: text('session_id'),
    /** the page's path (no query), for page views */
    path: text('path'),
    /** the search words of a product search page view */
    search: text('search'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_site_at_idx').on(t.websiteId, t.at)],
)

/** Browser errors posted to the product when the website has no monitoring DSN (spec §9). */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    type: text('type'),
    url: text('url'),
    environment: text('environment'),
    stack: text('stack'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_errors_site_at_idx').on(t.websiteId, t.at)],
)
