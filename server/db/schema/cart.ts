import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { packs, warehouses } from './catalogue'
import { websites } from './sites'

/** A visitor's cart belongs to their session; a signed-in shopper's to them (carts merge at sign-in). */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    sessionIdHash: text('session_id_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    couponCode: text('coupon_code'),
    notes: text('notes'),
    /** the number of the order that just emptied this cart (it keeps its row); forgotten at the next change of its lines */
    orderedAs: text('ordered_as'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_user_uq').on(t.websiteId, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('carts_session_uq').on(t.websiteId, t.sessionIdHash).where(sql`${t.sessionIdHash} is not null`),
  ],
)

export const cartItems = pgTable(
  'cart_items',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.packId] })],
)

/**
 * Percentage or flat coupons with limits; `used` is counted at order time (issue #5) under a row lock. Staff pause
 * and resume them; a deleted coupon that was used is archived (orders keep its code), which frees its code.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<'percent' | 'flat'>().notNull(),
    /** percent (whole number) or paise */
    value: integer('value').notNull(),
    minCartPaise: integer('min_cart_paise').notNull().default(0),
    maxDiscountPaise: integer('max_discount_paise'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    firstOrderOnly: integer('first_order_only').notNull().default(0),
    categoryIds: integer('category_ids').array(),
    brandIds: integer('brand_ids').array(),
    used: integer('used').notNull().default(0),
    status: text('status').$type<'active' | 'paused' | 'archived'>().notNull().default('active'),
    /** shown in the store's list of offers; a hidden coupon works only when its code is typed */
    visible: boolean('visible').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_site_code_uq').on(t.websiteId, sql`upper(${t.code})`).where(sql`${t.status} <> 'archived'`),
    index('coupons_site_updated_idx').on(t.websiteId, t.updatedAt),
  ],
)

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    /** null for a walk-in sale at the counter: it counts towards the coupon's uses, not any customer's */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** the order that used it (orders arrive with issue #5) */
    orderId: integer('order_id'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
)

export const wishlistCategories = pgTable(
  'wishlist_categories',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wishlist_categories_user_idx').on(t.websiteId, t.userId)],
)

/** wishlistCategoryId null = the Default wishlist. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    wishlistCategoryId: integer('wishlist_category_id').references(() => wishlistCategories.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_uq').on(t.userId, t.productId, sql`coalesce(${t.wishlistCategoryId}, 0)`)],
)
