import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../../db/client'
import { searchMisses, searchSynonyms } from '../../db/schema/index'
import type { SearchDoc } from './search-index'

/** Every active product of a website as the search index reads it: one statement. */
export async function loadSearchDocs(db: Db, websiteId: number): Promise<SearchDoc[]> {
  const rows = rowsOf<{
    id: number
    name: string
    slug: string
    brand_id: number
    brand_name: string
    category_ids: number[]
    category_name: string
    keywords: string
    pack_names: string | null
    popularity: number
    min_price_paise: number
    max_discount: number
    created_at: string | Date
    image: string | null
  }>(
    await db.execute(sql`
      select p.id, p.name, p.slug, p.brand_id, b.name as brand_name,
             array(select pc.category_id from product_categories pc where pc.product_id = p.id and pc.position > 0) || p.category_id as category_ids,
             concat_ws(' ', c.name, parent.name) as category_name, p.keywords,
             (select string_agg(k.name, ' ') from packs k where k.product_id = p.id) as pack_names,
             p.popularity, p.min_price_paise, p.max_discount, p.created_at, p.medias->0->>'src' as image
      from products p
      join brands b on b.id = p.brand_id
      join categories c on c.id = p.category_id
      left join categories parent on parent.id = c.parent_id
      where p.website_id = ${websiteId} and p.status = 'active'`),
  )
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    brandId: r.brand_id,
    brandName: r.brand_name,
    categoryIds: r.category_ids,
    categoryName: r.category_name,
    keywords: r.keywords,
    packNames: r.pack_names ?? '',
    popularity: r.popularity,
    minPricePaise: r.min_price_paise,
    maxDiscount: r.max_discount,
    createdAt: new Date(r.created_at).getTime(),
    image: r.image ?? '',
  }))
}

/** Products with something free to sell at this warehouse. */
export async function inStockProductIds(db: Db, websiteId: number, warehouseId: number): Promise<Set<number>> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select distinct k.product_id as id from stock s join packs k on k.id = s.pack_id
      where s.warehouse_id = ${warehouseId} and k.website_id = ${websiteId} and s.quantity - s.reserved > 0`),
  )
  return new Set(rows.map((r) => r.id))
}

export function listSynonyms(db: Db, websiteId: number) {
  return db
    .select({ id: searchSynonyms.id, term: searchSynonyms.term, means: searchSynonyms.means, createdAt: searchSynonyms.createdAt })
    .from(searchSynonyms)
    .where(eq(searchSynonyms.websiteId, websiteId))
    .orderBy(asc(searchSynonyms.term), asc(searchSynonyms.id))
}

/** One more search that found nothing. */
export async function recordMiss(db: Db, websiteId: number, query: string) {
  await db
    .insert(searchMisses)
    .values({ websiteId, query })
    .onConflictDoUpdate({ target: [searchMisses.websiteId, searchMisses.query], set: { count: sql`${searchMisses.count} + 1`, lastAt: sql`now()` } })
}

export function listMisses(db: Db, websiteId: number, limit: number) {
  return db
    .select({ query: searchMisses.query, count: searchMisses.count, lastAt: searchMisses.lastAt })
    .from(searchMisses)
    .where(eq(searchMisses.websiteId, websiteId))
    .orderBy(desc(searchMisses.count), desc(searchMisses.lastAt))
    .limit(limit)
}

export function deleteMiss(db: Db, websiteId: number, query: string) {
  return db.delete(searchMisses).where(and(eq(searchMisses.websiteId, websiteId), eq(searchMisses.query, query)))
}
