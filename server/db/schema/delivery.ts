import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { warehouses } from './catalogue'
import { websites } from './sites'

/** A serviceable pincode of a website and the warehouse that serves it. */
export const pincodes = pgTable(
  'pincodes',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    pincode: text('pincode').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    deliveryDays: integer('delivery_days').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.pincode] })],
)

/**
 * Delivery charge rule of a warehouse: cart lines are grouped by it (delivery_charge_id in the cart). Null amounts
 * follow the website's rule (settings.delivery); set amounts are the warehouse's own (docs/decisions/0021).
 */
export const deliveryCharges = pgTable('delivery_charges', {
  id: serial('id').primaryKey(),
  websiteId: integer('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  warehouseId: integer('warehouse_id')
    .notNull()
    .references(() => warehouses.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  chargePaise: integer('charge_paise'),
  freeAbovePaise: integer('free_above_paise'),
})

/** Two-hour delivery windows with a capacity; `booked` is taken at order time under a row lock. */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
    /** no longer offered (its window left the template, or its day closed); kept for the orders booked in it */
    withdrawn: boolean('withdrawn').notNull().default(false),
  },
  (t) => [
    uniqueIndex('delivery_slots_uq').on(t.warehouseId, t.date, t.startTime),
    // a website's slots by date (reports' slot utilisation: docs/decisions/0023-reports.md)
    index('delivery_slots_site_date_idx').on(t.websiteId, t.date),
  ],
)

export interface SlotWindow {
  start: string
  end: string
}

/** How a warehouse's slots are made (delivery/schedule.ts); a warehouse without a row uses the default template. */
export const deliveryTemplates = pgTable('delivery_templates', {
  warehouseId: integer('warehouse_id')
    .primaryKey()
    .references(() => warehouses.id, { onDelete: 'cascade' }),
  websiteId: integer('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  /** 0 = Sunday … 6 = Saturday */
  weekdays: jsonb('weekdays').$type<number[]>().notNull(),
  windows: jsonb('windows').$type<SlotWindow[]>().notNull(),
  capacity: integer('capacity').notNull(),
  cutoffMinutes: integer('cutoff_minutes').notNull(),
  daysAhead: integer('days_ahead').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Days without delivery (holidays): a warehouse's, or the whole website's when warehouse_id is null. */
export const deliveryClosures = pgTable(
  'delivery_closures',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id').references(() => warehouses.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_closures_site_idx').on(t.websiteId, t.toDate)],
)
