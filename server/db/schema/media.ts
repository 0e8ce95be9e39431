import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { websites } from './sites'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

/** Original images; resized variants are derived on request and cached. Kept in the database so app processes stay stateless. */
export const media = pgTable('media', {
  path: text('path').primaryKey(),
  websiteId: integer('website_id').references(() => websites.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
