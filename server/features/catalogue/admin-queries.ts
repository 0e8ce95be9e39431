import { and, asc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { brands, categories, packs, productCategories, products, productSlugRedirects, stock } from '../../db/schema/catalogue'
import { inOrderOf, PACK_COLUMNS, PRODUCT_COLUMNS, stockAt } from './queries'

/** Staff reads and writes of products and packs; every one takes the website id (another website's id finds nothing). */

type Conn = Db | Tx

export type ProductValues = Pick<
  typeof products.$inferInsert,
  'name' | 'slug' | 'brandId' | 'categoryId' | 'description' | 'info' | 'searchKeywords' | 'status' | 'hsnCode' | 'gstRate' | 'cessRate' | 'medias'
>
export interface PackValues {
  name: string
  pricePaise: number
  mrpPaise: number
  sku: string | null
  barcode: string | null
  weightGrams: number | null
  position: number
}

/** Products as staff see them, in the order of `ids`. */
export async function loadProductRows(db: Conn, websiteId: number, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      ...PRODUCT_COLUMNS,
      status: products.status,
      version: products.version,
      brandId: products.brandId,
      categoryId: products.categoryId,
      searchKeywords: products.searchKeywords,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      cessRate: products.cessRate,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids)))
  return inOrderOf(ids, rows)
}
export type AdminProductRowData = Awaited<ReturnType<typeof loadProductRows>>[number]

/** Category slugs of products: the primary first, then as staff listed them. */
export function loadProductCategorySlugs(db: Conn, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([])
  return db
    .select({ productId: productCategories.productId, slug: categories.slug, name: categories.name })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(inArray(productCategories.productId, productIds))
    .orderBy(asc(productCategories.productId), sql`"categories"."id" <> "products"."category_id"`, asc(productCategories.position), asc(categories.id))
}

/** Packs in staff order, with what the website's default warehouse has free (the storefront's `in_stock`). */
export function loadAdminPacks(db: Conn, productIds: number[], warehouseId: number | null) {
  if (productIds.length === 0) return Promise.resolve([])
  return db
    .select({ ...PACK_COLUMNS, sku: packs.sku, barcode: packs.barcode, weightGrams: packs.weightGrams, position: packs.position })
    .from(packs)
    .leftJoin(stock, stockAt(warehouseId))
    .where(inArray(packs.productId, productIds))
    .orderBy(asc(packs.productId), asc(packs.position), asc(packs.id))
}
export type AdminPackRow = Awaited<ReturnType<typeof loadAdminPacks>>[number]

/** Locks the products for the write's transaction (concurrent writers wait here); answers the ids found, in id order. */
export async function lockProducts(tx: Tx, websiteId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update')
  return rows.map((r) => r.id)
}

export async function findBrandByName(db: Conn, websiteId: number, name: string) {
  const rows = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(and(eq(brands.websiteId, websiteId), sql`(lower(${brands.name}) = lower(${name}) or ${brands.slug} = lower(${name}))`))
    .orderBy(sql`lower(${brands.name}) = lower(${name}) desc`)
    .limit(1)
  return rows[0] ?? null
}

export async function findCategoriesBySlugs(db: Conn, websiteId: number, slugs: string[]) {
  if (slugs.length === 0) return []
  return db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), inArray(categories.slug, slugs)))
}

export async function findCategoryBySlug(db: Conn, websiteId: number, slug: string) {
  const [row] = await findCategoriesBySlugs(db, websiteId, [slug])
  return row ?? null
}

/** Product slugs of the website starting with `base` (to pick a free one). */
export async function slugsLike(db: Conn, websiteId: number, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), sql`${products.slug} like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`))
  return new Set(rows.map((r) => r.slug))
}

export async function productWithSlug(db: Conn, websiteId: number, slug: string): Promise<number | null> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.slug, slug)))
    .limit(1)
  return rows[0]?.id ?? null
}

/** Packs of other products of the website that use any of these SKUs or barcodes. */
export async function packCodesInUse(db: Conn, websiteId: number, codes: { skus: string[]; barcodes: string[] }, exceptProductId: number | null) {
  if (codes.skus.length === 0 && codes.barcodes.length === 0) return []
  const others = exceptProductId === null ? undefined : ne(packs.productId, exceptProductId)
  return db
    .select({ sku: packs.sku, barcode: packs.barcode, productName: products.name })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(
      and(
        eq(packs.websiteId, websiteId),
        others,
        or(codes.skus.length ? inArray(packs.sku, codes.skus) : undefined, codes.barcodes.length ? inArray(packs.barcode, codes.barcodes) : undefined),
      ),
    )
}

export async function insertProduct(tx: Tx, websiteId: number, values: ProductValues): Promise<number> {
  const [row] = await tx
    .insert(products)
    .values({ websiteId, ...values })
    .returning({ id: products.id })
  return row.id
}

/** Changes a product and moves it to the next version. */
export async function updateProduct(tx: Tx, id: number, values: Partial<ProductValues>) {
  await tx
    .update(products)
    .set({ ...values, version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(eq(products.id, id))
}

/** The first is the primary (position 0, as products.category_id must say: schema/catalogue.ts). */
export async function setProductCategories(tx: Tx, productId: number, categoryIds: number[]) {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId))
  await tx.insert(productCategories).values(categoryIds.map((categoryId, position) => ({ productId, categoryId, position })))
}

/** One more (never the primary) category for each product. */
export async function addProductCategory(tx: Tx, productIds: number[], categoryId: number) {
  if (productIds.length === 0) return
  await tx
    .insert(productCategories)
    .values(productIds.map((productId) => ({ productId, categoryId, position: 100 })))
    .onConflictDoNothing()
}

/** The new packs' ids, in the list's order. */
export async function insertPacks(tx: Tx, websiteId: number, productId: number, list: PackValues[]): Promise<number[]> {
  if (list.length === 0) return []
  const rows = await tx
    .insert(packs)
    .values(list.map((k) => ({ websiteId, productId, ...k })))
    .returning({ id: packs.id, position: packs.position })
  const idAt = new Map(rows.map((r) => [r.position, r.id]))
  return list.map((k) => idAt.get(k.position)!)
}

export async function updatePack(tx: Tx, productId: number, packId: number, values: PackValues) {
  await tx
    .update(packs)
    .set(values)
    .where(and(eq(packs.id, packId), eq(packs.productId, productId)))
}

/** Frees a product's SKUs and barcodes for the rest of the write (codes may move between its packs). */
export async function clearPackCodes(tx: Tx, productId: number) {
  await tx.update(packs).set({ sku: null, barcode: null }).where(eq(packs.productId, productId))
}

export async function deletePacks(tx: Tx, productId: number, keep: number[]) {
  await tx.delete(packs).where(and(eq(packs.productId, productId), keep.length ? notInArray(packs.id, keep) : sql`true`))
}

/** Packs of the product not in `keep` that open orders still hold stock of. */
export async function heldPacks(db: Conn, productId: number, keep: number[]) {
  return db
    .selectDistinct({ id: packs.id, name: packs.name })
    .from(packs)
    .innerJoin(stock, eq(stock.packId, packs.id))
    .where(and(eq(packs.productId, productId), keep.length ? notInArray(packs.id, keep) : sql`true`, sql`${stock.reserved} > 0`))
}

export async function setPackPrices(tx: Tx, list: { id: number; pricePaise: number; mrpPaise: number }[]) {
  if (list.length === 0) return
  const values = sql.join(
    list.map((k) => sql`(${k.id}::int, ${k.pricePaise}::int, ${k.mrpPaise}::int)`),
    sql`, `,
  )
  await tx.execute(sql`update packs set price_paise = v.price, mrp_paise = v.mrp from (values ${values}) as v(id, price, mrp) where packs.id = v.id`)
}

export async function setStatus(tx: Tx, ids: number[], status: 'draft' | 'active' | 'archived') {
  if (ids.length === 0) return
  await tx
    .update(products)
    .set({ status, version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(inArray(products.id, ids))
}

export async function setPrimaryCategory(tx: Tx, ids: number[], categoryId: number) {
  await tx.update(products).set({ categoryId }).where(inArray(products.id, ids))
}

export async function bumpVersions(tx: Tx, ids: number[]) {
  if (ids.length === 0) return
  await tx
    .update(products)
    .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(inArray(products.id, ids))
}

/**
 * What the storefront sorts and searches by, from the packs, brand and categories: lowest price, best discount,
 * and the search keywords (brand and category names and the staff's own words) that the staff product list's
 * full-text search reads. The storefront's shelf reads brand and category names as they are now (shelf-queries.ts),
 * so renaming a category or brand rewrites no product; these keywords then hold the names of the product's last save.
 */
export async function refreshDerived(tx: Tx, ids: number[]) {
  if (ids.length === 0) return
  await tx.execute(sql`
    update products p set
      min_price_paise = coalesce((select min(k.price_paise) from packs k where k.product_id = p.id), 0),
      max_discount = coalesce((
        select max(case when k.mrp_paise > k.price_paise then round((k.mrp_paise - k.price_paise) * 100.0 / k.mrp_paise) else 0 end)::int
        from packs k where k.product_id = p.id), 0),
      keywords = concat_ws(' ',
        (select b.name from brands b where b.id = p.brand_id),
        (select string_agg(concat_ws(' ', c.name, up.name), ' ' order by pc.position, c.id)
           from product_categories pc join categories c on c.id = pc.category_id left join categories up on up.id = c.parent_id
           where pc.product_id = p.id),
        nullif(p.search_keywords, ''))
    where p.id = any(${sql`${`{${ids.join(',')}}`}::int[]`})`)
}

/** The old slug keeps leading to the product; a product now using a slug takes it back from any redirect. */
export async function moveSlug(tx: Tx, websiteId: number, productId: number, from: string, to: string) {
  await tx.delete(productSlugRedirects).where(and(eq(productSlugRedirects.websiteId, websiteId), eq(productSlugRedirects.slug, to)))
  await tx
    .insert(productSlugRedirects)
    .values({ websiteId, slug: from, productId })
    .onConflictDoUpdate({ target: [productSlugRedirects.websiteId, productSlugRedirects.slug], set: { productId, createdAt: new Date() } })
}

export async function dropRedirect(tx: Tx, websiteId: number, slug: string) {
  await tx.delete(productSlugRedirects).where(and(eq(productSlugRedirects.websiteId, websiteId), eq(productSlugRedirects.slug, slug)))
}

/** The packs of products, for a price change (in product and pack order). */
export function packsOf(db: Conn, websiteId: number, productIds: number[]) {
  return db
    .select({
      productId: products.id,
      productName: products.name,
      packId: packs.id,
      packName: packs.name,
      pricePaise: packs.pricePaise,
      mrpPaise: packs.mrpPaise,
    })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(products.websiteId, websiteId), inArray(products.id, productIds)))
    .orderBy(asc(products.id), asc(packs.position), asc(packs.id))
}

export function packById(db: Conn, websiteId: number, packId: number) {
  return db
    .select({ id: packs.id, productId: packs.productId, pricePaise: packs.pricePaise, mrpPaise: packs.mrpPaise })
    .from(packs)
    .where(and(eq(packs.websiteId, websiteId), eq(packs.id, packId)))
}
