import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { brands, catalogueImports, categories, packs, productCategories, products, productSlugRedirects, stock, warehouses } from '../../db/schema/catalogue'
import { stockThresholds } from '../../db/schema/stock'

/** Reads and writes of the CSV import and export (csv-*.ts); each takes the website id. */

type Conn = Db | Tx

/** PostgreSQL takes at most 65,535 parameters per statement: lists go in slices of this many. */
const SLICE = 1000
export function slices<T>(list: T[], size = SLICE): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}
async function sliced<T, R>(list: T[], run: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = []
  // One after another: inside a transaction they share one connection.
  for (const part of slices(list)) out.push(...(await run(part)))
  return out
}

export async function loadTaxonomy(db: Conn, websiteId: number) {
  const brandRows = await db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands).where(eq(brands.websiteId, websiteId))
  const categoryRows = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.websiteId, websiteId))
  const warehouseRows = await db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.websiteId, websiteId))
    .orderBy(sql`${warehouses.isDefault} desc`, asc(warehouses.id))
  return { brands: brandRows, categories: categoryRows, warehouses: warehouseRows }
}
export type Taxonomy = Awaited<ReturnType<typeof loadTaxonomy>>

export const productIdsBySlugs = (db: Conn, websiteId: number, slugs: string[]) =>
  sliced(slugs, (part) =>
    db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(and(eq(products.websiteId, websiteId), inArray(products.slug, part))),
  )

export const productIdsByNames = (db: Conn, websiteId: number, lowerNames: string[]) =>
  sliced(lowerNames, (part) =>
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.websiteId, websiteId), inArray(sql`lower(${products.name})`, part))),
  )

/** Packs of the website holding any of these SKUs or barcodes, with their product. */
export async function packsByCodes(db: Conn, websiteId: number, skus: string[], barcodes: string[]) {
  const columns = {
    packId: packs.id,
    productId: packs.productId,
    sku: packs.sku,
    barcode: packs.barcode,
    productName: products.name,
    productSlug: products.slug,
  }
  const bySku = await sliced(skus, (part) =>
    db
      .select(columns)
      .from(packs)
      .innerJoin(products, eq(products.id, packs.productId))
      .where(and(eq(packs.websiteId, websiteId), inArray(packs.sku, part))),
  )
  const byBarcode = await sliced(barcodes, (part) =>
    db
      .select(columns)
      .from(packs)
      .innerJoin(products, eq(products.id, packs.productId))
      .where(and(eq(packs.websiteId, websiteId), inArray(packs.barcode, part))),
  )
  return { bySku, byBarcode }
}

/** One apply at a time per website, to the end of its transaction: two applies of one file create its new brands and categories once. */
export async function serialiseApplies(tx: Tx, websiteId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalogue_import_apply'), ${websiteId}::int)`)
}

/** Locks products for the import's transaction, in id order (as the other staff writes take them). */
export const lockProducts = (tx: Tx, websiteId: number, ids: number[]) =>
  sliced(
    [...ids].sort((a, b) => a - b),
    (part) =>
      tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.websiteId, websiteId), inArray(products.id, part)))
        .orderBy(asc(products.id))
        .for('update'),
  )

/** Everything an import compares: the products' own columns, categories (primary first), packs and stock. */
export async function loadProductState(db: Conn, websiteId: number, ids: number[]) {
  const productRows = await sliced(ids, (part) =>
    db
      .select({
        id: products.id,
        version: products.version,
        name: products.name,
        slug: products.slug,
        brandId: products.brandId,
        categoryId: products.categoryId,
        status: products.status,
        description: products.description,
        info: products.info,
        searchKeywords: products.searchKeywords,
        hsnCode: products.hsnCode,
        gstRate: products.gstRate,
        cessRate: products.cessRate,
        medias: products.medias,
      })
      .from(products)
      .where(and(eq(products.websiteId, websiteId), inArray(products.id, part))),
  )
  const categoryRows = await sliced(ids, (part) =>
    db
      .select({ productId: productCategories.productId, categoryId: productCategories.categoryId, position: productCategories.position })
      .from(productCategories)
      .where(inArray(productCategories.productId, part))
      .orderBy(asc(productCategories.productId), asc(productCategories.position), asc(productCategories.categoryId)),
  )
  const packRows = await sliced(ids, (part) =>
    db
      .select({
        id: packs.id,
        productId: packs.productId,
        name: packs.name,
        pricePaise: packs.pricePaise,
        mrpPaise: packs.mrpPaise,
        sku: packs.sku,
        barcode: packs.barcode,
        weightGrams: packs.weightGrams,
        position: packs.position,
      })
      .from(packs)
      .where(inArray(packs.productId, part))
      .orderBy(asc(packs.productId), asc(packs.position), asc(packs.id)),
  )
  const stockRows = await sliced(
    packRows.map((k) => k.id),
    (part) =>
      db
        .select({ packId: stock.packId, warehouseId: stock.warehouseId, quantity: stock.quantity, reserved: stock.reserved })
        .from(stock)
        .where(inArray(stock.packId, part)),
  )
  const thresholdRows = await exportThresholds(
    db,
    packRows.map((k) => k.id),
  )
  return { productRows, categoryRows, packRows, stockRows, thresholdRows }
}

/** Packs' own low-stock marks (the stock feature's table; a pack without one has the default). */
export const exportThresholds = (db: Conn, packIds: number[]) =>
  sliced(packIds, (part) =>
    db.select({ packId: stockThresholds.packId, lowAt: stockThresholds.lowAt }).from(stockThresholds).where(inArray(stockThresholds.packId, part)),
  )

/* ---------- export ---------- */

/** The next `limit` products after `afterId` (keyset paging: every batch is one short query, memory stays flat). */
export function exportProducts(db: Db, websiteId: number, afterId: number, limit: number) {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      brand: brands.name,
      status: products.status,
      description: products.description,
      info: products.info,
      searchKeywords: products.searchKeywords,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      cessRate: products.cessRate,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.websiteId, websiteId), gt(products.id, afterId)))
    .orderBy(asc(products.id))
    .limit(limit)
}

export function exportCategorySlugs(db: Db, productIds: number[]) {
  return db
    .select({ productId: productCategories.productId, slug: categories.slug })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(inArray(productCategories.productId, productIds))
    .orderBy(asc(productCategories.productId), asc(productCategories.position), asc(categories.id))
}

export function exportPacks(db: Db, productIds: number[]) {
  return db
    .select({
      id: packs.id,
      productId: packs.productId,
      name: packs.name,
      pricePaise: packs.pricePaise,
      mrpPaise: packs.mrpPaise,
      sku: packs.sku,
      barcode: packs.barcode,
      weightGrams: packs.weightGrams,
      position: packs.position,
    })
    .from(packs)
    .where(inArray(packs.productId, productIds))
    .orderBy(asc(packs.productId), asc(packs.position), asc(packs.id))
}

export function exportStock(db: Db, packIds: number[]) {
  if (packIds.length === 0) return Promise.resolve([])
  return db.select({ packId: stock.packId, warehouseId: stock.warehouseId, quantity: stock.quantity }).from(stock).where(inArray(stock.packId, packIds))
}

/* ---------- writes of an import ---------- */

/** `count` ids of a table's own sequence. */
export async function nextIds(tx: Tx, table: 'products' | 'packs', count: number): Promise<number[]> {
  if (count === 0) return []
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count}::int)`),
  )
  return rows.map((r) => r.id)
}

/** Every product slug of the website (a new product's must be none of them). */
export async function productSlugs(db: Conn, websiteId: number): Promise<Set<string>> {
  return new Set((await db.select({ slug: products.slug }).from(products).where(eq(products.websiteId, websiteId))).map((r) => r.slug))
}

export type NewProduct = Omit<typeof products.$inferInsert, 'id'>

export const insertProducts = (tx: Tx, rows: NewProduct[]) =>
  sliced(rows, (part) => tx.insert(products).values(part).returning({ id: products.id, slug: products.slug }))

export interface ProductUpdate {
  id: number
  name: string
  brandId: number
  categoryId: number
  status: string
  description: string | null
  info: string | null
  searchKeywords: string
  hsnCode: string | null
  gstRate: number | null
  cessRate: number | null
  medias: { src: string; alt?: string }[]
}

/** A new product that takes a slug takes it back from any redirect (as the product form does). */
export async function dropRedirects(tx: Tx, websiteId: number, slugs: string[]) {
  for (const part of slices(slugs))
    await tx.delete(productSlugRedirects).where(and(eq(productSlugRedirects.websiteId, websiteId), inArray(productSlugRedirects.slug, part)))
}

/** Changed products, one statement per slice; each moves to its next version. */
export async function updateProducts(tx: Tx, rows: ProductUpdate[]) {
  for (const part of slices(rows, 500)) {
    const values = sql.join(
      part.map(
        (r) =>
          sql`(${r.id}::int, ${r.name}::text, ${r.brandId}::int, ${r.categoryId}::int, ${r.status}::text, ${r.description}::text, ${r.info}::text, ${r.searchKeywords}::text, ${r.hsnCode}::text, ${r.gstRate}::int, ${r.cessRate}::int, ${JSON.stringify(r.medias)}::jsonb)`,
      ),
      sql`, `,
    )
    await tx.execute(sql`
      update products p set name = v.name, brand_id = v.brand_id, category_id = v.category_id, status = v.status, description = v.description,
        info = v.info, search_keywords = v.search_keywords, hsn_code = v.hsn_code, gst_rate = v.gst_rate, cess_rate = v.cess_rate, medias = v.medias, version = p.version + 1, updated_at = now()
      from (values ${values}) as v(id, name, brand_id, category_id, status, description, info, search_keywords, hsn_code, gst_rate, cess_rate, medias)
      where p.id = v.id`)
  }
}

/** Products whose packs or stock alone changed still move to their next version (an editor's copy is stale). */
export async function bumpVersions(tx: Tx, ids: number[]) {
  for (const part of slices(ids))
    await tx
      .update(products)
      .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(inArray(products.id, part))
}

/** Replaces the categories of these products (the first of each list is the primary, at position 0). */
export async function replaceCategories(tx: Tx, lists: { productId: number; categoryIds: number[] }[]) {
  for (const part of slices(lists))
    await tx.delete(productCategories).where(
      inArray(
        productCategories.productId,
        part.map((l) => l.productId),
      ),
    )
  const rows = lists.flatMap((l) => l.categoryIds.map((categoryId, position) => ({ productId: l.productId, categoryId, position })))
  for (const part of slices(rows)) await tx.insert(productCategories).values(part)
}

export type NewPack = Omit<typeof packs.$inferInsert, 'id'>

export const insertPacks = (tx: Tx, rows: NewPack[]) => sliced(rows, (part) => tx.insert(packs).values(part).returning({ id: packs.id }))

export interface PackUpdate {
  id: number
  name: string
  pricePaise: number
  mrpPaise: number
  sku: string | null
  barcode: string | null
  weightGrams: number | null
  position: number
}

/** Changed packs. Their codes are freed first, so codes can move between packs of a product in one import. */
export async function updatePacks(tx: Tx, rows: PackUpdate[]) {
  for (const part of slices(rows))
    await tx
      .update(packs)
      .set({ sku: null, barcode: null })
      .where(
        inArray(
          packs.id,
          part.map((r) => r.id),
        ),
      )
  for (const part of slices(rows, 500)) {
    const values = sql.join(
      part.map(
        (r) =>
          sql`(${r.id}::int, ${r.name}::text, ${r.pricePaise}::int, ${r.mrpPaise}::int, ${r.sku}::text, ${r.barcode}::text, ${r.weightGrams}::int, ${r.position}::int)`,
      ),
      sql`, `,
    )
    await tx.execute(sql`
      update packs k set name = v.name, price_paise = v.price, mrp_paise = v.mrp, sku = v.sku, barcode = v.barcode, weight_grams = v.weight, position = v.position
      from (values ${values}) as v(id, name, price, mrp, sku, barcode, weight, position)
      where k.id = v.id`)
  }
}

/* ---------- the import's own table ---------- */

export async function saveImport(db: Conn, row: typeof catalogueImports.$inferInsert) {
  // Expired previews of the website go when a new one comes.
  await db.delete(catalogueImports).where(and(eq(catalogueImports.websiteId, row.websiteId), lt(catalogueImports.expiresAt, new Date())))
  await db.insert(catalogueImports).values(row)
}

/** The import of this website and person, locked for its apply; null when unknown or expired. */
export async function lockImport(tx: Tx, websiteId: number, userId: number, token: string) {
  const rows = await tx
    .select()
    .from(catalogueImports)
    .where(
      and(
        eq(catalogueImports.token, token),
        eq(catalogueImports.websiteId, websiteId),
        eq(catalogueImports.userId, userId),
        gt(catalogueImports.expiresAt, new Date()),
      ),
    )
    .for('update')
  return rows[0] ?? null
}

export async function markApplied(tx: Tx, token: string, result: unknown) {
  await tx.update(catalogueImports).set({ status: 'applied', rows: null, planned: null, result }).where(eq(catalogueImports.token, token))
}
