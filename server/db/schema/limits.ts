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
