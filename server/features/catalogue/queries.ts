import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { type Db, rowsOf } from '../../db/client'
import { brands, categories, packs, products, productSlugRedirects, stock, warehouses } from '../../db/schema/catalogue'
import type { Sort } from '../../../common/contracts/catalogue'

export function listCategories(db: Db, websiteId: number) {
  return db.select().from(categories).where(eq(categories.websiteId, websiteId)).orderBy(asc(categories.position), asc(categories.name))
}

export function listBrands(db: Db, websiteId: number) {
  return db.select().from(brands).where(eq(brands.websiteId, websiteId)).orderBy(asc(brands.name))
}

export async function defaultWarehouseId(db: Db, websiteId: number): Promise<number | null> {
  const rows = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.websiteId, websiteId))
    .orderBy(sql`${warehouses.isDefault} desc`, asc(warehouses.id))
    .limit(1)
  return rows[0]?.id ?? null
}

export interface ProductFilter {
  websiteId: number
  categoryIds?: number[]
  brandIds?: number[]
}

const ORDER: Record<Exclude<Sort, 'relevance'>, SQL> = {
  popularity: sql`p.popularity desc, p.id`,
  price_asc: sql`p.min_price_paise asc, p.id`,
  price_desc: sql`p.min_price_paise desc, p.id`,
  discount: sql`p.max_discount desc, p.popularity desc, p.id`,
  newest: sql`p.created_at desc, p.id desc`,
  name: sql`p.name asc, p.id`,
}

/** Shoppers see active products only (SECURITY AZ-15: outside any filter they send). */
const SOLD = sql`'active'`

function whereOf(f: ProductFilter, alias = sql`p`): SQL {
  const parts: SQL[] = [sql`${alias}.website_id = ${f.websiteId}`, sql`${alias}.status = ${SOLD}`]
  if (f.categoryIds) parts.push(inCategories(alias, f.categoryIds))
  if (f.brandIds) parts.push(sql`${alias}.brand_id = any(${toIntArray(f.brandIds)})`)
  return sql.join(parts, sql` and `)
}

const toIntArray = (ids: number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`

/**
 * Products with any of these categories: by the primary one through products' own indexes (as fast as one
 * category per product was), or by another one of theirs (product_categories at positions above 0: few rows).
 */
export function inCategories(alias: SQL, ids: number[]): SQL {
  const list = toIntArray(ids)
  return sql`(${alias}.category_id = any(${list}) or ${alias}.id = any(array(select pc.product_id from product_categories pc where pc.category_id = any(${list}) and pc.position > 0)))`
}

/** How many products match (the catalogue service caches it per filter: it does not change with sort or page). */
export async function countProducts(db: Db, f: ProductFilter): Promise<number> {
  return rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from products p where ${whereOf(f)}`))[0]?.total ?? 0
}

/** One page of product ids in order (search is the index's: search-service.ts). The sort follows an index and stops at the page. */
export async function findProductPage(db: Db, f: ProductFilter, sort: Sort, limit: number, offset: number): Promise<number[]> {
  const order = ORDER[sort === 'relevance' ? 'popularity' : sort]
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select p.id from products p where ${whereOf(f)} order by ${order} limit ${limit} offset ${offset}`))
  return rows.map((r) => r.id)
}

/** An active product by id, slug, or a slug it had before (staff renamed it). */
export async function findProductIdBySlug(db: Db, websiteId: number, slugOrId: string): Promise<number | null> {
  const byId = /^\d{1,9}$/.test(slugOrId) ? Number(slugOrId) : null
  const sold = and(eq(products.websiteId, websiteId), eq(products.status, 'active'))
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(sold, byId !== null ? eq(products.id, byId) : eq(products.slug, slugOrId)))
    .limit(1)
  if (rows[0] || byId !== null) return rows[0]?.id ?? null
  const moved = await db
    .select({ id: products.id })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(and(eq(productSlugRedirects.websiteId, websiteId), eq(productSlugRedirects.slug, slugOrId), sold))
    .limit(1)
  return moved[0]?.id ?? null
}

/** What every product answer shows (with `brands` joined); staff answers add their own columns. */
export const PRODUCT_COLUMNS = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  info: products.info,
  medias: products.medias,
  brandName: brands.name,
  brandSlug: brands.slug,
}

/** Rows in the order of `ids` (those not found left out). */
export function inOrderOf<R extends { id: number }>(ids: number[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined)
}

/** Products with brand and category, in the order of `ids`. */
export async function loadProducts(db: Db, websiteId: number, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await db
    .select({ ...PRODUCT_COLUMNS, categorySlug: categories.slug })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids)))
  return inOrderOf(ids, rows)
}

export type ProductRow = Awaited<ReturnType<typeof loadProducts>>[number]

/** What every pack answer shows, with what one warehouse has free (`stockAt` joined). */
export const PACK_COLUMNS = {
  id: packs.id,
  productId: packs.productId,
  name: packs.name,
  pricePaise: packs.pricePaise,
  mrpPaise: packs.mrpPaise,
  available: sql<number>`coalesce(${stock.quantity} - ${stock.reserved}, 0)::int`,
}
export const stockAt = (warehouseId: number | null) => and(eq(stock.packId, packs.id), eq(stock.warehouseId, warehouseId ?? -1))

/** Packs of these products with what the warehouse has free to sell. */
export function loadPacks(db: Db, productIds: number[], warehouseId: number | null) {
  if (productIds.length === 0) return Promise.resolve([])
  return (
    db
      .select(PACK_COLUMNS)
      .from(packs)
      .leftJoin(stock, stockAt(warehouseId))
      .where(inArray(packs.productId, productIds))
      // Cheapest first: the card shows the first pack, and sorting by price uses the lowest one.
      .orderBy(asc(packs.productId), asc(packs.pricePaise), asc(packs.position), asc(packs.id))
  )
}

export type PackRow = Awaited<ReturnType<typeof loadPacks>>[number]

/** Every product slug a shopper can open, for the sitemap. */
export function listProductSlugs(db: Db, websiteId: number) {
  return db
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.status, 'active')))
    .orderBy(asc(products.id))
}

const RELATED_LIMIT = 8

/** Products of the same category as `productId` (its primary one), most popular first: 'Similar products'. */
export async function similarProductIds(db: Db, websiteId: number, productId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select p.id from products p
      where p.website_id = ${websiteId} and p.status = ${SOLD} and p.id <> ${productId}
        and p.category_id = (select category_id from products where id = ${productId} and website_id = ${websiteId})
      order by p.popularity desc, p.id limit ${RELATED_LIMIT}`),
  )
  return rows.map((r) => r.id)
}

/**
 * 'Often bought together' from real orders: the products that share most orders with `productId` on this website
 * (cancelled and expired orders left out), then by id. Uses order_items (product_id, order_id).
 */
export async function boughtTogetherIds(db: Db, websiteId: number, productId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select other.product_id as id
      from order_items mine
      join orders o on o.id = mine.order_id and o.website_id = ${websiteId} and o.status not in ('cancelled', 'expired')
      join order_items other on other.order_id = mine.order_id and other.product_id <> mine.product_id
      join products p on p.id = other.product_id and p.status = ${SOLD}
      where mine.product_id = ${productId}
      group by other.product_id
      order by count(distinct other.order_id) desc, other.product_id
      limit ${RELATED_LIMIT}`),
  )
  return rows.map((r) => r.id)
}

/** The fallback before there are orders: popular products of the sibling categories (same parent), else none. */
export async function siblingCategoryProductIds(db: Db, websiteId: number, productId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select p.id from products p
      join categories c on c.id = p.category_id
      join products me on me.id = ${productId} and me.website_id = ${websiteId}
      join categories mine on mine.id = me.category_id
      where p.website_id = ${websiteId} and p.status = ${SOLD} and p.category_id <> me.category_id
        and c.parent_id is not distinct from mine.parent_id and mine.parent_id is not null
      order by p.popularity desc, p.id limit ${RELATED_LIMIT}`),
  )
  return rows.map((r) => r.id)
}
