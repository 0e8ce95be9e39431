import { sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../../db/client'

/**
 * What the in-process read model of a website's catalogue is built from (shelf.ts, docs/decisions/0038): three
 * statements on its first read in a process, then none until a staff write drops it.
 */

export interface ShelfProductRow {
  id: number
  name: string
  slug: string
  description: string | null
  info: string | null
  medias: { src: string; alt?: string }[]
  brand_id: number
  brand_name: string
  brand_slug: string
  category_slug: string
  /** extra categories, then the primary one (last) */
  category_ids: number[]
  category_name: string
  keywords: string
  popularity: number
  min_price_paise: number
  max_discount: number
  created_at: string | Date
  /** the product's place in the orders the database itself sorts (its collation for names, microseconds for times) */
  name_rank: number
  newest_rank: number
}

/** Every active product of a website with what its answers, its sorts and its search need. */
export async function loadShelfProducts(db: Db, websiteId: number): Promise<ShelfProductRow[]> {
  return rowsOf<ShelfProductRow>(
    await db.execute(sql`
      select p.id, p.name, p.slug, p.description, p.info, p.medias, p.brand_id, b.name as brand_name, b.slug as brand_slug,
             c.slug as category_slug,
             array(select pc.category_id from product_categories pc where pc.product_id = p.id and pc.position > 0) || p.category_id as category_ids,
             concat_ws(' ', c.name, parent.name) as category_name,
             -- the names of its brand and categories as they are now (a rename rewrites no product: issue 30), then the staff's words
             concat_ws(' ', b.name,
               (select string_agg(concat_ws(' ', kc.name, kp.name), ' ' order by pc.position, kc.id)
                  from product_categories pc join categories kc on kc.id = pc.category_id left join categories kp on kp.id = kc.parent_id
                  where pc.product_id = p.id),
               nullif(p.search_keywords, '')) as keywords,
             p.popularity, p.min_price_paise, p.max_discount, p.created_at, r.name_rank, r.newest_rank
      from products p
      -- ranked over the narrow columns alone: sorting the wide rows (descriptions) spilled to disk
      join (select id, (row_number() over (order by name asc, id))::int as name_rank,
                   (row_number() over (order by created_at desc, id desc))::int as newest_rank
            from products where website_id = ${websiteId} and status = 'active') r on r.id = p.id
      join brands b on b.id = p.brand_id
      join categories c on c.id = p.category_id
      left join categories parent on parent.id = c.parent_id
      where p.website_id = ${websiteId} and p.status = 'active'`),
  )
}

export interface ShelfPackRow {
  id: number
  product_id: number
  name: string
  price_paise: number
  mrp_paise: number
}

/** The packs of the website's active products, in the order answers show them (cheapest first, as queries.loadPacks). */
export async function loadShelfPacks(db: Db, websiteId: number): Promise<ShelfPackRow[]> {
  return rowsOf<ShelfPackRow>(
    await db.execute(sql`
      select k.id, k.product_id, k.name, k.price_paise, k.mrp_paise
      from packs k join products p on p.id = k.product_id
      where p.website_id = ${websiteId} and p.status = 'active'
      order by k.product_id, k.price_paise, k.position, k.id`),
  )
}

/** Earlier slugs of active products (staff renamed them): the storefront still finds them. */
export async function loadShelfRedirects(db: Db, websiteId: number): Promise<{ slug: string; product_id: number }[]> {
  return rowsOf<{ slug: string; product_id: number }>(
    await db.execute(sql`
      select r.slug, r.product_id from product_slug_redirects r join products p on p.id = r.product_id
      where r.website_id = ${websiteId} and p.website_id = ${websiteId} and p.status = 'active'`),
  )
}

/**
 * The packs of the website with nothing free to sell at a warehouse (no stock row, or all of it reserved): one
 * statement, few rows (most packs are in stock), read by the stock snapshot (shelf-stock.ts).
 */
export async function soldOutPackIds(db: Db, websiteId: number, warehouseId: number): Promise<number[]> {
  const rows = rowsOf<{ ids: number[] | null }>(
    await db.execute(sql`
      select array_agg(k.id) as ids from packs k
      where k.website_id = ${websiteId}
        and not exists (select 1 from stock s where s.pack_id = k.id and s.warehouse_id = ${warehouseId} and s.quantity > s.reserved)`),
  )
  return rows[0]?.ids ?? []
}
