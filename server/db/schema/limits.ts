import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Refused attempts counted over a window, shared by every app process (issue #16): failed coupon codes per shopper
 * (SECURITY BL-05). Rows older than a day are deleted as new ones come.
 */
export const failedAttempts = pgTable(
  'failed_attempts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('failed_attempts_key_at_idx').on(t.key, t.at)],
)

/**
 * Background jobs that run once per period whichever process gets there first (issue #16): a process claims a
 * run by moving `due_at` forward in one statement, so the others find it not due.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
})
