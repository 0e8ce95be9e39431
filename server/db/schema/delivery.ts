import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { warehouses } from './catalogue'
import { websites } from './sites'

/** A serviceable pincode of a website and the warehouse that serves it. */
export const pincodes = pgTable(
  'pincodes',
  {
    websiteId: integer('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    pincode: text('pincode').notNull(),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id, { onDelete: 'cascade' }),
    deliveryDays: integer('delivery_days').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.pincode] })],
)
