import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { type Db, rowsOf } from '../../db/client'
import { brands, categories, packs, products, stock, warehouses } from '../../db/schema/index'
import type { Sort } from '../../../common/contracts/catalogue'

export type CategoryRow = typeof categories.$inferSelect
export type BrandRow = typeof brands.$inferSelect

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
  /** to_tsquery text, e.g. 'basmati:* & rice:*' */
  tsquery?: string
  /** the raw search words, for typo-tolerant trigram matching */
  text?: string
}

const ORDER: Record<Exclude<Sort, 'relevance'>, SQL> = {
  popularity: sql`p.popularity desc, p.id`,
  price_asc: sql`p.min_price_paise asc, p.id`,
  price_desc: sql`p.min_price_paise desc, p.id`,
  discount: sql`p.max_discount desc, p.popularity desc, p.id`,
  newest: sql`p.created_at desc, p.id desc`,
  name: sql`p.name asc, p.id`,
}

function whereOf(f: ProductFilter): SQL {
  const parts: SQL[] = [sql`p.website_id = ${f.websiteId}`]
  if (f.categoryIds) parts.push(sql`p.category_id = any(${toIntArray(f.categoryIds)})`)
  if (f.brandIds) parts.push(sql`p.brand_id = any(${toIntArray(f.brandIds)})`)
  if (f.tsquery && f.text) parts.push(sql`(p.search @@ to_tsquery('english', ${f.tsquery}) or ${f.text} <% p.name)`)
  return sql.join(parts, sql` and `)
}

const toIntArray = (ids: number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`

/** One page of product ids in order, and the total that match. */
export async function findProductPage(db: Db, f: ProductFilter, sort: Sort, limit: number, offset: number) {
  const order =
    sort === 'relevance' && f.tsquery && f.text
      ? sql`ts_rank(p.search, to_tsquery('english', ${f.tsquery})) + word_similarity(${f.text}, p.name) desc, p.popularity desc, p.id`
      : ORDER[sort === 'relevance' ? 'popularity' : sort]
  const where = whereOf(f)
  const list = rowsOf<{ id: number; total: number }>(
    await db.execute(sql`select p.id, (count(*) over ())::int as total from products p where ${where} order by ${order} limit ${limit} offset ${offset}`),
  )
  if (list.length > 0 || offset === 0) return { ids: list.map((r) => r.id), total: list[0]?.total ?? 0 }
  const count = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from products p where ${where}`))
  return { ids: [], total: count[0]?.total ?? 0 }
}

export async function findProductIdBySlug(db: Db, websiteId: number, slugOrId: string): Promise<number | null> {
  const byId = /^\d{1,9}$/.test(slugOrId) ? Number(slugOrId) : null
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), byId !== null ? eq(products.id, byId) : eq(products.slug, slugOrId)))
    .limit(1)
  return rows[0]?.id ?? null
}

/** Products with brand and category, in the order of `ids`. */
export async function loadProducts(db: Db, websiteId: number, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      description: products.description,
      info: products.info,
      medias: products.medias,
      brandName: brands.name,
      brandSlug: brands.slug,
      categorySlug: categories.slug,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids)))
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined)
}

export type ProductRow = Awaited<ReturnType<typeof loadProducts>>[number]

/** Packs of these products with what the warehouse has free to sell. */
export function loadPacks(db: Db, productIds: number[], warehouseId: number | null) {
  if (productIds.length === 0) return Promise.resolve([])
  return db
    .select({
      id: packs.id,
      productId: packs.productId,
      name: packs.name,
      pricePaise: packs.pricePaise,
      mrpPaise: packs.mrpPaise,
      available: sql<number>`coalesce(${stock.quantity} - ${stock.reserved}, 0)::int`,
    })
    .from(packs)
    .leftJoin(stock, and(eq(stock.packId, packs.id), eq(stock.warehouseId, warehouseId ?? -1)))
    .where(inArray(packs.productId, productIds))
    // Cheapest first: the card shows the first pack, and sorting by price uses the lowest one.
    .orderBy(asc(packs.productId), asc(packs.pricePaise), asc(packs.position), asc(packs.id))
}

export type PackRow = Awaited<ReturnType<typeof loadPacks>>[number]
