import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { websites } from './sites'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    avatar: text('avatar'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_site_slug_uq').on(t.websiteId, t.slug)],
)

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    logo: text('logo'),
  },
  (t) => [uniqueIndex('brands_site_slug_uq').on(t.websiteId, t.slug)],
)

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    info: text('info'),
    /** brand and category names and the staff's search keywords, kept by the catalogue service so search finds them too */
    keywords: text('keywords').notNull().default(''),
    /** what staff typed as search keywords (part of `keywords`) */
    searchKeywords: text('search_keywords').notNull().default(''),
    /** draft and archived products are hidden from the storefront */
    status: text('status').$type<'draft' | 'active' | 'archived'>().notNull().default('active'),
    /** optimistic concurrency: every staff write adds one (common/contracts/admin.ts) */
    version: integer('version').notNull().default(1),
    hsnCode: text('hsn_code'),
    gstRate: integer('gst_rate'),
    /** compensation cess, percent of the taxable value (null: none) */
    cessRate: integer('cess_rate'),
    /** images in order, the first the card image; `src` a path under /cdn/ (an upload's or a demo image's) */
    medias: jsonb('medias').$type<{ src: string; alt?: string }[]>().notNull().default([]),
    popularity: integer('popularity').notNull().default(0),
    /** lowest pack price and best pack discount (percent), kept by the catalogue service for sorting */
    minPricePaise: integer('min_price_paise').notNull().default(0),
    maxDiscount: integer('max_discount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(keywords, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex('products_site_slug_uq').on(t.websiteId, t.slug),
    // Counting a website's products that match a join (staff: by category) reads this index, not the wide rows.
    index('products_site_id_idx').on(t.websiteId, t.id),
    index('products_site_category_idx').on(t.websiteId, t.categoryId),
    index('products_site_brand_idx').on(t.websiteId, t.brandId),
    index('products_site_popularity_idx').on(t.websiteId, t.popularity),
    index('products_site_price_idx').on(t.websiteId, t.minPricePaise),
    index('products_site_discount_idx').on(t.websiteId, t.maxDiscount),
    index('products_site_created_idx').on(t.websiteId, t.createdAt),
    index('products_site_name_idx').on(t.websiteId, t.name),
    index('products_site_updated_idx').on(t.websiteId, t.updatedAt),
    // Staff filter by status; drafts and archived products are few, so this finds them without a scan.
    index('products_site_status_idx').on(t.websiteId, t.status, t.updatedAt),
    index('products_search_idx').using('gin', t.search),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
)

export const packs = pgTable(
  'packs',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    position: integer('position').notNull().default(0),
    sku: text('sku'),
    barcode: text('barcode'),
    weightGrams: integer('weight_grams'),
  },
  (t) => [
    index('packs_product_idx').on(t.productId),
    uniqueIndex('packs_site_sku_uq').on(t.websiteId, t.sku).where(sql`${t.sku} is not null`),
    uniqueIndex('packs_site_barcode_uq').on(t.websiteId, t.barcode).where(sql`${t.barcode} is not null`),
  ],
)

/**
 * Every category of a product. products.category_id is the primary one: it is here too, always at position 0,
 * and only it is; the storefront filters by the primary category through products' own index and looks here
 * only for the other ones (product_categories_extra_idx, small).
 */
export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId, t.productId),
    index('product_categories_extra_idx').on(t.categoryId, t.productId).where(sql`${t.position} > 0`),
  ],
)

/** A product's earlier slugs: the storefront still finds it by them. */
export const productSlugRedirects = pgTable(
  'product_slug_redirects',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.slug] }), index('product_slug_redirects_product_idx').on(t.productId)],
)

export const warehouses = pgTable('warehouses', {
  id: serial('id').primaryKey(),
  websiteId: integer('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
})

export const stock = pgTable(
  'stock',
  {
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.packId, t.warehouseId] }),
    // Every change goes through the stock service (server/features/stock); the database refuses what no change may leave.
    check('stock_levels_ck', sql`${t.reserved} >= 0 and ${t.quantity} >= ${t.reserved}`),
    // the staff stock table's low-stock view: rows with little available
    index('stock_available_idx').on(sql`(${t.quantity} - ${t.reserved})`),
  ],
)

/**
 * A CSV import between its preview and its apply (server/features/catalogue/csv-import.ts): the parsed rows, kept
 * for the website and the staff member who uploaded them until `expires_at`, and what the preview showed each row
 * would do. Apply plans again from these rows against the catalogue as it is then, and writes only when that plan is
 * the one the preview showed.
 */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    token: text('token').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    fileName: text('file_name').notNull(),
    /** the file's header and rows as parsed (cells as text, with their line numbers); emptied once applied */
    rows: jsonb('rows').$type<unknown>(),
    /** what the preview showed each row would do, by line (csv-shown.ts); emptied once applied */
    planned: jsonb('planned').$type<unknown>(),
    /** 'previewed' until applied once; then what the apply did */
    status: text('status').$type<'previewed' | 'applied'>().notNull().default('previewed'),
    result: jsonb('result').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('catalogue_imports_site_idx').on(t.websiteId, t.expiresAt)],
)

/** Staff synonyms of one website: a shopper's word and what it means in this catalogue (docs/decisions/0035-search.md). */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** as the shopper types it, lower case */
    term: text('term').notNull(),
    /** the catalogue's words it means */
    means: text('means').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('search_synonyms_site_term_uq').on(t.websiteId, t.term, t.means)],
)

/** Searches that found nothing, per website and normalised query: how often and when last (the zero-result report). */
export const searchMisses = pgTable(
  'search_misses',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    count: integer('count').notNull().default(1),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.query] }), index('search_misses_site_count_idx').on(t.websiteId, t.count)],
)
