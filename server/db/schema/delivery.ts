import { date, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
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

/** Delivery charge rule of a warehouse: cart lines are grouped by it (delivery_charge_id in the cart). */
export const deliveryCharges = pgTable('delivery_charges', {
  id: serial('id').primaryKey(),
  websiteId: integer('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  warehouseId: integer('warehouse_id')
    .notNull()
    .references(() => warehouses.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  chargePaise: integer('charge_paise').notNull(),
  freeAbovePaise: integer('free_above_paise').notNull(),
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
  },
  (t) => [uniqueIndex('delivery_slots_uq').on(t.warehouseId, t.date, t.startTime)],
)
