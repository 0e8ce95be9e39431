import { and, eq, or, type SQL, sql } from 'drizzle-orm'
import type { PRODUCT_SORTS, ProductStatus } from '../../../common/contracts/admin-catalogue'
import { type Db, rowsOf } from '../../db/client'
import { packs } from '../../db/schema/catalogue'
import { inCategories, inOrderOf } from './queries'

/** The staff product table: every status, filters, sorts; fast on 50,000 products (bench/README.md). */

export interface AdminProductFilter {
  websiteId: number
  status?: ProductStatus
  brandId?: number
  /** a category and its subcategories, matched by any of a product's categories */
  categoryIds?: number[]
  stock?: 'in_stock' | 'out_of_stock'
  /** words (a prefix tsquery and the text for typo matches) and products found by code (SKU, barcode, slug, id) */
  search?: { tsquery?: string; text?: string; ids: number[] }
}

type SortColumn = (typeof PRODUCT_SORTS)[number]

const ids = (list: number[]) => sql`${`{${list.map((n) => Math.trunc(n)).join(',')}}`}::int[]`

/**
 * What a product's packs have free to sell across the website's warehouses: the figure the stock service keeps in
 * step with every stock change (`product_stock`), so filtering and sorting by it reads one row per product.
 */
const AVAILABLE = sql`coalesce((select ps.available from product_stock ps where ps.product_id = p.id), 0)`

function whereOf(f: AdminProductFilter): SQL {
  const parts: SQL[] = [sql`p.website_id = ${f.websiteId}`]
  if (f.status) parts.push(sql`p.status = ${f.status}`)
  if (f.brandId !== undefined) parts.push(sql`p.brand_id = ${f.brandId}`)
  if (f.categoryIds) parts.push(inCategories(sql`p`, f.categoryIds))
  if (f.stock) {
    // Every product has its figure (a trigger makes it with the product): the few out of stock come from its index.
    const cond = f.stock === 'in_stock' ? sql`ps.available > 0` : sql`ps.available <= 0`
    parts.push(sql`p.id in (select ps.product_id from product_stock ps where ps.website_id = ${f.websiteId} and ${cond})`)
  }
  if (f.search) {
    const { tsquery, text } = f.search
    const byCode = sql`p.id = any(${ids(f.search.ids)})`
    parts.push(tsquery && text ? sql`(p.search @@ to_tsquery('english', ${tsquery}) or ${text} <% p.name or ${byCode})` : byCode)
  }
  return sql.join(parts, sql` and `)
}

const ORDER: Record<SortColumn, SQL> = {
  name: sql`p.name`,
  price: sql`p.min_price_paise`,
  available: sql`a.available`,
  updated_at: sql`p.updated_at`,
  created_at: sql`p.created_at`,
  status: sql`p.status`,
}

export async function findAdminProductPage(
  db: Db,
  f: AdminProductFilter,
  sort: { column: SortColumn; desc: boolean },
  limit: number,
  offset: number,
): Promise<number[]> {
  const dir = sort.desc ? sql`desc` : sql`asc`
  // By stock: read in the order of the figures' index (website, available, product), stopping at the page.
  const query =
    sort.column === 'available'
      ? sql`select p.id from product_stock a join products p on p.id = a.product_id
            where a.website_id = ${f.websiteId} and ${whereOf(f)} order by a.available ${dir}, a.product_id ${dir} limit ${limit} offset ${offset}`
      : sql`select p.id from products p where ${whereOf(f)} order by ${ORDER[sort.column]} ${dir}, p.id ${dir} limit ${limit} offset ${offset}`
  const rows = rowsOf<{ id: number }>(await db.execute(query))
  return rows.map((r) => r.id)
}

export async function countAdminProducts(db: Db, f: AdminProductFilter): Promise<number> {
  return rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from products p where ${whereOf(f)}`))[0]?.total ?? 0
}

/** Products whose pack has this SKU or barcode, or whose slug or id it is: staff search by code too. */
export async function productIdsByCode(db: Db, websiteId: number, code: string): Promise<number[]> {
  const byPack = await db
    .select({ id: packs.productId })
    .from(packs)
    .where(and(eq(packs.websiteId, websiteId), or(eq(packs.sku, code), eq(packs.barcode, code))))
  const id = /^\d{1,9}$/.test(code) ? Number(code) : -1
  const bySlug = rowsOf<{ id: number }>(
    await db.execute(sql`select id from products where website_id = ${websiteId} and (slug = ${code.toLowerCase()} or id = ${id})`),
  )
  return [...new Set([...byPack, ...bySlug].map((r) => r.id))]
}

/** The table's rows for these products, in the order of `productIds`. */
export async function loadAdminRows(db: Db, websiteId: number, productIds: number[]) {
  if (productIds.length === 0) return []
  const rows = rowsOf<{
    id: number
    name: string
    slug: string
    medias: { src: string }[]
    brand_name: string
    brand_slug: string
    status: ProductStatus
    packs: number
    min_price: number
    max_price: number
    available: number
    version: number
    updated_at: string | Date
    categories: { slug: string; name: string }[] | null
  }>(
    await db.execute(sql`
      select p.id, p.name, p.slug, p.medias, b.name as brand_name, b.slug as brand_slug, p.status, p.version, p.updated_at,
             (select count(*)::int from packs k where k.product_id = p.id) as packs,
             (select coalesce(min(k.price_paise), 0)::int from packs k where k.product_id = p.id) as min_price,
             (select coalesce(max(k.price_paise), 0)::int from packs k where k.product_id = p.id) as max_price,
             ${AVAILABLE} as available,
             (select json_agg(json_build_object('slug', c.slug, 'name', c.name) order by c.id <> p.category_id, pc.position, c.id)
                from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id) as categories
      from products p join brands b on b.id = p.brand_id
      where p.website_id = ${websiteId} and p.id = any(${ids(productIds)})`),
  )
  return inOrderOf(productIds, rows)
}
