import * as z from 'zod/mini'
import { IdParam, IdParams, listAnswer, someChange, staffListQuery, staleBody, Version } from './admin'
import { Pack, Product } from './catalogue'
import { defineContract } from './http'
import { INT_MAX } from './whole-numbers'
import { text } from './text'

/**
 * Staff calls of the catalogue: products, bulk actions, categories and brands. Prices are rupees as numbers,
 * like the storefront's product shape (`price`, `act_price`); the server keeps paise.
 */

const int = () => z.number().check(z.int())
export const required = (label: string, max: number) =>
  text(label, [z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} is at most ${max} characters`)])
export const optionalText = (label: string, max: number) => text(label, [z.trim(), z.maxLength(max, `${label} is at most ${max} characters`)])

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const Slug = (label = 'Slug') =>
  text(label, [
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, `${label} is required`),
    z.maxLength(80, `${label} is at most 80 characters`),
    z.regex(SLUG_PATTERN, `${label} may have only a–z, 0–9 and single dashes`),
  ])

export const PRICE_MAX = 10_000_000
/** Rupees: at least one paisa, at most two decimals (1e-9 is more than 0 but would round to a ₹0 price). */
export const Rupees = (label: string) =>
  z.number({ error: `${label} must be a number` }).check(
    z.positive(`${label} must be more than 0`),
    z.gte(0.01, `${label} must be at least ₹0.01`),
    z.lte(PRICE_MAX, `${label} is too large`),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} may have at most two decimals`),
  )

export const GST_RATES = [0, 5, 12, 18, 28] as const
export const GstRate = z.literal(GST_RATES, { error: `GST rate must be one of ${GST_RATES.join(', ')} %` })
/** GST compensation cess, percent of the taxable value (e.g. 12 on aerated drinks); a whole number, at most 290 */
export const CESS_MAX = 290
export const CessRate = z
  .number({ error: 'Cess must be a number' })
  .check(z.int('Cess must be a whole percent'), z.gte(0, 'Cess cannot be negative'), z.lte(CESS_MAX, `Cess is at most ${CESS_MAX} %`))
export const HsnCode = text('HSN code', [z.trim(), z.regex(/^(\d{4}|\d{6}|\d{8})$/, 'HSN code has 4, 6 or 8 digits')])

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]
export const ProductStatus = z.enum(PRODUCT_STATUSES, { error: 'Status must be draft, active or archived' })

/** Rich text (HTML) of description and info: the server keeps only safe tags and attributes. */
export const RichText = (label: string) => text(label, [z.maxLength(20_000, `${label} is too long`)])
export const Code = (label: string) =>
  text(label, [
    z.trim(),
    z.maxLength(64, `${label} is at most 64 characters`),
    z.regex(/^[A-Za-z0-9._/-]*$/, `${label} may have letters, digits and . _ / - only`),
  ])

/* ---------- what staff read ---------- */

/** The storefront's pack (CONTRACT: `pack_id`, `pack_name`, `price`, `act_price`, …) with what staff keep. */
export const AdminPack = z.object({
  ...Pack.shape,
  sku: z.nullable(z.string()),
  barcode: z.nullable(z.string()),
  weight_grams: z.nullable(int()),
  position: int(),
})
export type AdminPack = z.infer<typeof AdminPack>

/** The storefront's product shape (spec §3) with what staff keep; POST, GET, PATCH and duplicate answer it. */
export const AdminProduct = z.object({
  ...Product.shape,
  packs: z.array(AdminPack),
  status: ProductStatus,
  version: int(),
  brand_id: int(),
  /** category slugs, the primary (the storefront's `category_slug`) first */
  categories: z.array(z.string()),
  search_keywords: z.string(),
  hsn_code: z.nullable(z.string()),
  gst_rate: z.nullable(int()),
  /** GST compensation cess, percent (null: none) */
  cess_rate: z.nullable(int()),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AdminProduct = z.infer<typeof AdminProduct>

/** One row of the staff product table. */
export const AdminProductRow = z.object({
  product_id: int(),
  product_name: z.string(),
  slug: z.string(),
  image: z.string(),
  brand_name: z.string(),
  brand_slug: z.string(),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  status: ProductStatus,
  packs: int(),
  /** lowest and highest pack price, rupees */
  min_price: z.number(),
  max_price: z.number(),
  /** free to sell across the website's warehouses (on hand − reserved) */
  available: int(),
  version: int(),
  updated_at: z.string(),
})
export type AdminProductRow = z.infer<typeof AdminProductRow>

export const PRODUCT_SORTS = ['name', 'price', 'available', 'updated_at', 'created_at', 'status'] as const
export const STOCK_STATES = ['in_stock', 'out_of_stock'] as const

export const AdminProductQuery = staffListQuery(PRODUCT_SORTS, '-updated_at', {
  /** a category slug: products in it or in its subcategories, by any of their categories */
  category: z.optional(Slug('category')),
  brand: z.optional(Slug('brand')),
  status: z.optional(ProductStatus),
  stock: z.optional(z.enum(STOCK_STATES, { error: 'stock must be in_stock or out_of_stock' })),
})
export type AdminProductQuery = z.output<typeof AdminProductQuery>

/* ---------- what staff write ---------- */

/**
 * A new pack's opening stock: on hand per warehouse, recorded in the stock ledger as `received` ("Opening stock";
 * needs the stock permission too). Only for a new pack: an existing pack's stock changes under Stock.
 */
const OpeningStock = z
  .array(
    z.strictObject({
      warehouse_id: IdParam('warehouse_id'),
      quantity: z
        .number({ error: 'Opening stock must be a number' })
        .check(z.int('Opening stock is a whole number'), z.gte(0, 'Opening stock cannot be negative'), z.lte(1_000_000, 'Opening stock is too large')),
    }),
  )
  .check(
    z.maxLength(50, 'At most 50 warehouses'),
    z.refine((list) => new Set(list.map((s) => s.warehouse_id)).size === list.length, 'A warehouse is in the list twice'),
  )

const PackFields = {
  opening_stock: z.optional(OpeningStock),
  pack_name: required('Pack name', 60),
  price: Rupees('Price'),
  /** MRP */
  act_price: Rupees('MRP'),
  sku: z.optional(z.nullable(Code('SKU'))),
  barcode: z.optional(z.nullable(Code('Barcode'))),
  weight_grams: z.optional(
    z.nullable(z.number().check(z.int('Weight is in whole grams'), z.positive('Weight must be more than 0'), z.lte(1_000_000, 'Weight is too large'))),
  ),
}
const priceNotAboveMrp = z.refine<{ price: number; act_price: number }>((p) => p.price <= p.act_price, {
  message: 'Price cannot be more than the MRP',
  path: ['price'],
})

export const NewPackInput = z.strictObject(PackFields).check(priceNotAboveMrp)
/** In an edit: `pack_id` keeps (and changes) an existing pack; without it the pack is new; a pack left out is removed. */
export const PackInput = z.strictObject({ pack_id: z.optional(IdParam('pack_id')), ...PackFields }).check(priceNotAboveMrp)

const Packs = <T extends z.ZodMiniType>(pack: T) => z.array(pack).check(z.minLength(1, 'Add at least one pack'), z.maxLength(20, 'At most 20 packs'))
const Categories = z.array(Slug('Category')).check(z.minLength(1, 'Choose at least one category'), z.maxLength(10, 'At most 10 categories'))

/** A path of an image on this server as /cdn/ serves it (an upload's `path`, e.g. `uploads/1/…webp`). */
export const MEDIA_PATH_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i
export const MediaPath = (label: string) =>
  text(label, [
    z.trim(),
    z.regex(MEDIA_PATH_PATTERN, `${label} must be an uploaded image`),
    z.refine((v) => !v.includes('..'), `${label} must be an uploaded image`),
  ])

export const MAX_PRODUCT_IMAGES = 12
export const ALT_MAX = 200
/** A product's images in order: the first is the card image (the storefront's `image`). */
export const MediaInput = z.strictObject({ src: MediaPath('Image'), alt: z._default(optionalText('Alt text', ALT_MAX), '') })
const Medias = z.array(MediaInput).check(z.maxLength(MAX_PRODUCT_IMAGES, `At most ${MAX_PRODUCT_IMAGES} images`))

const ProductFields = {
  /** images in order, each with its alt text; the first is the card image. Sent: the whole list */
  medias: z.optional(Medias),
  /** generated from the name when left out */
  slug: z.optional(Slug()),
  product_description: z.optional(z.nullable(RichText('Description'))),
  product_info: z.optional(z.nullable(RichText('Info'))),
  search_keywords: z.optional(optionalText('Search keywords', 500)),
  hsn_code: z.optional(z.nullable(HsnCode)),
  gst_rate: z.optional(z.nullable(GstRate)),
  cess_rate: z.optional(z.nullable(CessRate)),
}

/** CONTRACT: `product_name`, `brand` (name; created when new), `categories` (slugs), `product_description`?, `status`, `packs`. */
export const CreateProductInput = z.strictObject({
  product_name: required('Product name', 120),
  brand: required('Brand', 80),
  categories: Categories,
  status: z._default(z.enum(['active', 'draft'], { error: 'Status must be active or draft' }), 'active'),
  packs: Packs(NewPackInput),
  ...ProductFields,
})
export type CreateProductInput = z.input<typeof CreateProductInput>

/** Only what is sent changes; `version` is the one the editor read. `brand` must exist here (a name or slug). */
export const UpdateProductInput = z.strictObject({
  version: Version,
  product_name: z.optional(required('Product name', 120)),
  brand: z.optional(required('Brand', 80)),
  categories: z.optional(Categories),
  status: z.optional(ProductStatus),
  packs: z.optional(Packs(PackInput)),
  ...ProductFields,
})
export type UpdateProductInput = z.input<typeof UpdateProductInput>

export const listAdminProducts = defineContract({
  method: 'GET',
  path: '/api/admin/products',
  summary: 'Admin: products of this website (every status) with search, filters (category, brand, status, stock), sort and pagination',
  query: AdminProductQuery,
  response: listAnswer(AdminProductRow),
})

export const createAdminProduct = defineContract({
  method: 'POST',
  path: '/api/admin/products',
  summary: 'Admin: creates a product with its packs (a new brand name creates the brand); 201 with the product',
  status: 201,
  body: CreateProductInput,
  response: AdminProduct,
})

export const getAdminProduct = defineContract({
  method: 'GET',
  path: '/api/admin/products/:id',
  summary: 'Admin: one product of this website in any status, with its version',
  params: IdParams,
  response: AdminProduct,
})

export const updateAdminProduct = defineContract({
  method: 'PATCH',
  path: '/api/admin/products/:id',
  summary: 'Admin: changes a product (only the fields sent). 409 with the current product and the changed fields when `version` is not the current one',
  params: IdParams,
  body: UpdateProductInput,
  response: AdminProduct,
  stale: staleBody(AdminProduct),
})

export const duplicateAdminProduct = defineContract({
  method: 'POST',
  path: '/api/admin/products/:id/duplicate',
  summary: 'Admin: copies a product as a draft (name "… (copy)", a new slug, packs without SKU and barcode); 201 with the copy',
  status: 201,
  params: IdParams,
  body: z.optional(z.strictObject({})),
  response: AdminProduct,
})

/* ---------- bulk actions ---------- */

export const BULK_MAX = 500
const ProductIds = z
  .array(IdParam('product id'))
  .check(z.minLength(1, 'Choose at least one product'), z.maxLength(BULK_MAX, `At most ${BULK_MAX} products at a time`))

export const BulkProductAction = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('publish'), ids: ProductIds }),
  z.strictObject({ action: z.literal('unpublish'), ids: ProductIds }),
  z.strictObject({ action: z.literal('archive'), ids: ProductIds }),
  /** `replace`: the category becomes the only (and primary) one; `add`: one more */
  z.strictObject({ action: z.literal('set_category'), ids: ProductIds, category: Slug('Category'), mode: z._default(z.enum(['replace', 'add']), 'replace') }),
])
export type BulkProductAction = z.input<typeof BulkProductAction>

export const bulkAdminProducts = defineContract({
  method: 'POST',
  path: '/api/admin/products/bulk',
  summary:
    'Admin: publish (active), unpublish (draft), archive or set the category of many products in one transaction; 404 when an id is not a product of this website',
  body: BulkProductAction,
  response: z.object({ updated: int() }),
})

/**
 * A price change for many products: `percent` (−90 … 1000) or `amount` (rupees, + or −) applied to the selling
 * price, the MRP or both; results are rounded to the paisa.
 */
export const PriceChangeInput = z.strictObject({
  ids: ProductIds,
  kind: z.enum(['percent', 'amount'], { error: 'kind must be percent or amount' }),
  value: z.number({ error: 'Value must be a number' }).check(
    z.gte(-PRICE_MAX, 'Value is too small'),
    z.lte(PRICE_MAX, 'Value is too large'),
    z.refine((v) => v !== 0, 'Value cannot be 0'),
  ),
  field: z._default(z.enum(['price', 'act_price', 'both'], { error: 'field must be price, act_price or both' }), 'price'),
})
export type PriceChangeInput = z.input<typeof PriceChangeInput>

export const PriceChangeLine = z.object({
  product_id: int(),
  product_name: z.string(),
  pack_id: int(),
  pack_name: z.string(),
  old_price: z.number(),
  new_price: z.number(),
  old_act_price: z.number(),
  new_act_price: z.number(),
  /** why this pack cannot take the change (price ≤ 0, price above MRP); apply refuses while any line has one */
  error: z.nullable(z.string()),
})
export type PriceChangeLine = z.infer<typeof PriceChangeLine>

export const previewPriceChange = defineContract({
  method: 'POST',
  path: '/api/admin/products/prices/preview',
  summary: 'Admin: old → new price of every pack of the chosen products; changes nothing',
  body: PriceChangeInput,
  response: z.object({ lines: z.array(PriceChangeLine) }),
})

export const applyPriceChange = defineContract({
  method: 'POST',
  path: '/api/admin/products/prices/apply',
  summary: 'Admin: applies a price change in one transaction; 422 naming every pack that cannot take it (errors: { "packs.<pack_id>": why }), changing nothing',
  body: PriceChangeInput,
  response: z.object({ updated: int(), lines: z.array(PriceChangeLine) }),
})

/* ---------- categories ---------- */

/**
 * An uploaded image's path (`uploads/…`, checked to be one of this website's), an image path on this server
 * (`/cdn/…`, `/images/…`) or an https address.
 */
const ImageRef = (label: string) =>
  text(label, [
    z.trim(),
    z.maxLength(500, `${label} address is too long`),
    z.regex(
      /^(\/[A-Za-z0-9._~%/-]+|https:\/\/[^\s"'<>]+|[A-Za-z0-9][A-Za-z0-9/_.-]{0,200})$/,
      `${label} must be an uploaded image, a path like /cdn/… or an https address`,
    ),
    z.refine((v) => !v.includes('..'), `${label} must be an uploaded image, a path like /cdn/… or an https address`),
  ])

export const AdminCategory = z.object({
  id: int(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.nullable(int()),
  position: int(),
  avatar: z.nullable(z.string()),
  /** products that have this category (any of theirs) */
  products: int(),
})
export type AdminCategory = z.infer<typeof AdminCategory>

/** Flat, in tree order: each parent before its children, siblings by position. */
export const listAdminCategories = defineContract({
  method: 'GET',
  path: '/api/admin/categories',
  summary: 'Admin: every category of this website, flat in tree order (parent_id, position)',
  response: z.object({ data: z.array(AdminCategory) }),
})

export const createAdminCategory = defineContract({
  method: 'POST',
  path: '/api/admin/categories',
  summary: 'Admin: adds a category (at the end of its parent); 201',
  status: 201,
  body: z.strictObject({
    name: required('Name', 80),
    slug: z.optional(Slug()),
    parent_id: z.optional(z.nullable(IdParam('parent_id'))),
    avatar: z.optional(z.nullable(ImageRef('Avatar'))),
  }),
  response: AdminCategory,
})

export const updateAdminCategory = defineContract({
  method: 'PATCH',
  path: '/api/admin/categories/:id',
  summary: 'Admin: renames a category, changes its slug or avatar',
  params: IdParams,
  body: someChange(z.strictObject({ name: z.optional(required('Name', 80)), slug: z.optional(Slug()), avatar: z.optional(z.nullable(ImageRef('Avatar'))) })),
  response: AdminCategory,
})

export const moveAdminCategory = defineContract({
  method: 'POST',
  path: '/api/admin/categories/:id/move',
  summary: 'Admin: puts a category under a parent (null: top level) at a position among its siblings (0 first); 422 for a move under itself',
  params: IdParams,
  body: z.strictObject({
    parent_id: z.nullable(IdParam('parent_id')),
    position: z.number().check(z.int('position must be a whole number'), z.gte(0, 'position must be 0 or more'), z.lte(INT_MAX, 'position is too large')),
  }),
  response: z.object({ data: z.array(AdminCategory) }),
})

export const deleteAdminCategory = defineContract({
  method: 'DELETE',
  path: '/api/admin/categories/:id',
  summary: 'Admin: deletes a category without products or subcategories (409 otherwise)',
  params: IdParams,
  response: z.object({ ok: z.literal(true) }),
})

export type CreateCategoryInput = z.input<typeof createAdminCategory.body>
export type UpdateCategoryInput = z.input<typeof updateAdminCategory.body>
export type MoveCategoryInput = z.input<typeof moveAdminCategory.body>

/* ---------- brands ---------- */

export const AdminBrand = z.object({ id: int(), name: z.string(), slug: z.string(), logo: z.nullable(z.string()), products: int() })
export type AdminBrand = z.infer<typeof AdminBrand>

export const AdminBrandQuery = staffListQuery(['name', 'products'], 'name', {})
export type AdminBrandQuery = z.output<typeof AdminBrandQuery>

export const listAdminBrands = defineContract({
  method: 'GET',
  path: '/api/admin/brands',
  summary: 'Admin: brands of this website by name, with their product counts',
  query: AdminBrandQuery,
  response: listAnswer(AdminBrand),
})

const BrandFields = { slug: z.optional(Slug()), logo: z.optional(z.nullable(ImageRef('Logo'))) }

export const createAdminBrand = defineContract({
  method: 'POST',
  path: '/api/admin/brands',
  summary: 'Admin: adds a brand (422 when the name or slug is taken); 201',
  status: 201,
  body: z.strictObject({ name: required('Name', 80), ...BrandFields }),
  response: AdminBrand,
})

export const updateAdminBrand = defineContract({
  method: 'PATCH',
  path: '/api/admin/brands/:id',
  summary: 'Admin: renames a brand, changes its slug or logo',
  params: IdParams,
  body: someChange(z.strictObject({ name: z.optional(required('Name', 80)), ...BrandFields })),
  response: AdminBrand,
})

export type CreateBrandInput = z.input<typeof createAdminBrand.body>
export type UpdateBrandInput = z.input<typeof updateAdminBrand.body>
