import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Sort } from '../../../common/contracts/catalogue'
import { countedElsewhere } from '../../platform/approximate-size'
import type { RequestCtx } from '../../platform/request-context'
import type { PackRow, ProductRow } from './queries'
import type { SearchDoc } from './search-index'
import { toPack, toProduct } from './shape'
import { type StockSnapshot, stockSnapshots } from './shelf-stock'
import * as shelfQueries from './shelf-queries'

/**
 * The website's catalogue as shoppers read it, in memory (docs/decisions/0038-catalogue-read-model.md): every active
 * product with its packs, the orders of every sort, slugs and earlier slugs. Built on its first read in a process
 * from three statements and kept like the search index (caches.indexes): any staff write that changes the
 * storefront drops it in every app process through the cache bus. Lists, products, search and suggestions are
 * answered from it; only stock, which checkouts change without a drop, comes from a short-lived snapshot.
 */
export interface Shelf {
  products: ShelfProduct[]
  /** product id → index in `products` */
  byId: Map<number, number>
  bySlug: Map<string, number>
  /** earlier slugs (staff renamed the product) */
  moved: Map<string, number>
  /** indexes of `products` in each sort's order (the database's own order for names and times) */
  orders: Record<ListSort, Int32Array>
  /** the search index's documents (search-service.ts builds its index from them) */
  docs: SearchDoc[]
  /** product indexes by category (primary and extra ones) and by brand */
  byCategory: Map<number, number[]>
  byBrand: Map<number, number[]>
  /** each product's place in each sort's order (the inverse of `orders`) */
  ranks: Record<ListSort, Int32Array>
  /** a filter's products in a sort's order, by filter and sort: made on first use, bounded by their total length */
  lists: Map<string, Int32Array>
  listed: number
  stock: ReturnType<typeof stockSnapshots>
}

export interface ShelfProduct {
  row: ProductRow
  brandId: number
  categoryIds: number[]
  packs: ShelfPack[]
  /** the product's JSON up to its packs, made on its first answer (answers are put together from these) */
  head?: string
}

interface ShelfPack extends Omit<PackRow, 'available'> {
  /** the pack's JSON up to its warehouse and stock, made on its first answer */
  head?: string
}

type ListSort = Exclude<Sort, 'relevance'>

const BY_ID = (a: number, b: number) => a - b

export async function buildShelf(ctx: RequestCtx): Promise<Shelf> {
  const [rows, packRows, moved] = await Promise.all([
    shelfQueries.loadShelfProducts(ctx.db, ctx.site.id),
    shelfQueries.loadShelfPacks(ctx.db, ctx.site.id),
    shelfQueries.loadShelfRedirects(ctx.db, ctx.site.id),
  ])
  rows.sort((a, b) => BY_ID(a.id, b.id))
  // The driver makes a string per row: one copy of each brand, category, keyword list and pack name is enough.
  const strings = new Map<string, string>()
  const one = (text: string) => {
    const hit = strings.get(text)
    if (hit !== undefined) return hit
    strings.set(text, text)
    return text
  }
  for (const r of rows) {
    r.brand_name = one(r.brand_name)
    r.brand_slug = one(r.brand_slug)
    r.category_slug = one(r.category_slug)
    r.category_name = one(r.category_name)
    r.keywords = one(r.keywords)
  }
  const byId = new Map(rows.map((r, i) => [r.id, i]))
  const products: ShelfProduct[] = rows.map((r) => ({
    row: {
      id: r.id,
      name: r.name,
      slug: r.slug,
      description: r.description,
      info: r.info,
      medias: r.medias,
      brandName: r.brand_name,
      brandSlug: r.brand_slug,
      categorySlug: r.category_slug,
    },
    brandId: r.brand_id,
    categoryIds: r.category_ids,
    packs: [],
  }))
  for (const k of packRows) {
    const i = byId.get(k.product_id)
    if (i !== undefined) products[i]!.packs.push({ id: k.id, productId: k.product_id, name: one(k.name), pricePaise: k.price_paise, mrpPaise: k.mrp_paise })
  }
  const n = rows.length
  const sorted = (cmp: (a: (typeof rows)[number], b: (typeof rows)[number]) => number) =>
    Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => cmp(rows[a]!, rows[b]!))
  const orders: Record<ListSort, Int32Array> = {
    popularity: sorted((a, b) => b.popularity - a.popularity || a.id - b.id),
    price_asc: sorted((a, b) => a.min_price_paise - b.min_price_paise || a.id - b.id),
    price_desc: sorted((a, b) => b.min_price_paise - a.min_price_paise || a.id - b.id),
    discount: sorted((a, b) => b.max_discount - a.max_discount || b.popularity - a.popularity || a.id - b.id),
    newest: sorted((a, b) => a.newest_rank - b.newest_rank),
    name: sorted((a, b) => a.name_rank - b.name_rank),
  }
  const ranks = {} as Record<ListSort, Int32Array>
  for (const [sort, order] of Object.entries(orders) as [ListSort, Int32Array][]) {
    const rank = new Int32Array(n)
    order.forEach((i, r) => {
      rank[i] = r
    })
    ranks[sort] = rank
  }
  const byCategory = new Map<number, number[]>()
  const byBrand = new Map<number, number[]>()
  const push = (map: Map<number, number[]>, key: number, i: number) => {
    const list = map.get(key)
    if (list) list.push(i)
    else map.set(key, [i])
  }
  rows.forEach((r, i) => {
    for (const c of new Set(r.category_ids)) push(byCategory, c, i)
    push(byBrand, r.brand_id, i)
  })
  const docs: SearchDoc[] = rows.map((r, i) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    brandId: r.brand_id,
    brandName: r.brand_name,
    categoryIds: r.category_ids,
    categoryName: r.category_name,
    keywords: r.keywords,
    packNames: products[i]!.packs.map((k) => k.name).join(' '),
    popularity: r.popularity,
    minPricePaise: r.min_price_paise,
    maxDiscount: r.max_discount,
    createdAt: new Date(r.created_at).getTime(),
    image: r.medias[0]?.src ?? '',
  }))
  const shelf: Shelf = {
    products,
    byId,
    bySlug: new Map(rows.map((r, i) => [r.slug, i])),
    moved: new Map(moved.flatMap((m) => (byId.has(m.product_id) ? [[m.slug, byId.get(m.product_id)!] as const] : []))),
    orders,
    docs,
    byCategory,
    byBrand,
    ranks,
    lists: new Map(),
    listed: 0,
    stock: stockOf(ctx),
  }
  // not charged again to each answer and page kept while it is current (they only point at it)
  return countedElsewhere(shelf)
}

// Out of buildShelf: a closure made there would keep its scope, every raw row read, alive with the shelf.
const stockOf = ({ db, site }: RequestCtx) => stockSnapshots((warehouseId) => shelfQueries.soldOutPackIds(db, site.id, warehouseId))

/**
 * The website's shelf, built on first use in this process and dropped with its cached answers. Concurrent first
 * reads share one build. Null while the cache bus may be missing drops (nothing may be kept), and inside a
 * transaction: a shelf kept from there would read its stock through a finished transaction, and other requests
 * would wait on that transaction's connection for the build. Then read the database.
 */
export function liveShelf(ctx: RequestCtx): Promise<Shelf> | null {
  const cache = ctx.caches.indexes
  if (!cache.live() || ctx.db instanceof PgTransaction) return null
  // counted (metrics: the share of reads that found the website's shelf kept, against rebuilds)
  const hit = cache.lookup(ctx.site.id, 'shelf', () => true) as Promise<Shelf> | undefined
  if (hit) return hit
  const building = buildShelf(ctx)
  ctx.caches.rebuilt('shelf')
  cache.keepWhileBuilding(ctx.site.id, 'shelf', building)
  building.catch(() => cache.drop(ctx.site.id))
  return building
}

/** A shelf even while nothing may be kept (then built for this read alone): search needs one. */
export const shelfOf = (ctx: RequestCtx): Promise<Shelf> => liveShelf(ctx) ?? buildShelf(ctx)

export interface ShelfFilter {
  categoryIds?: number[]
  brandIds?: number[]
}

/** At most this many product indexes kept in `lists` (4 bytes each): then they are dropped and made again as asked. */
const LISTED_MAX = 4_000_000

/** One page of a list without search: how many products match, and the page's indexes in order. */
export function shelfPage(shelf: Shelf, filter: ShelfFilter, sort: Sort, limit: number, offset: number): { total: number; page: number[] } {
  const order = filtered(shelf, filter, sort === 'relevance' ? 'popularity' : sort)
  return { total: order.length, page: Array.from(order.subarray(offset, offset + limit)) }
}

/** The products a filter keeps, in a sort's order: from the category and brand lists, ordered by their ranks. */
function filtered(shelf: Shelf, filter: ShelfFilter, sort: ListSort): Int32Array {
  const { categoryIds, brandIds } = filter
  if (!categoryIds && !brandIds) return shelf.orders[sort]
  const key = `${sort}:${categoryIds?.join(',') ?? '*'}:${brandIds?.join(',') ?? '*'}`
  const hit = shelf.lists.get(key)
  if (hit) return hit
  const union = (map: Map<number, number[]>, ids: number[]): number[] => {
    if (ids.length === 1) return map.get(ids[0]!) ?? []
    const seen = new Uint8Array(shelf.products.length)
    const out: number[] = []
    for (const id of ids)
      for (const i of map.get(id) ?? []) {
        if (seen[i]) continue
        seen[i] = 1
        out.push(i)
      }
    return out
  }
  let found: number[]
  if (categoryIds) {
    found = union(shelf.byCategory, categoryIds)
    if (brandIds) {
      const brands = new Set(brandIds)
      found = found.filter((i) => brands.has(shelf.products[i]!.brandId))
    }
  } else found = union(shelf.byBrand, brandIds!)
  const rank = shelf.ranks[sort]
  const order = shelf.orders[sort]
  // ranks are distinct: sorting them (natively, as numbers) and reading the order back gives the products in order
  const list = new Int32Array(found.length)
  for (let k = 0; k < found.length; k++) list[k] = rank[found[k]!]!
  list.sort()
  for (let k = 0; k < list.length; k++) list[k] = order[list[k]!]!
  if (shelf.listed + list.length > LISTED_MAX) {
    shelf.lists.clear()
    shelf.listed = 0
  }
  shelf.lists.set(key, list)
  shelf.listed += list.length
  return list
}

/** An active product by id, slug, or a slug it had before (as queries.findProductIdBySlug). */
export function shelfProductIndex(shelf: Shelf, slugOrId: string): number | undefined {
  if (/^\d{1,9}$/.test(slugOrId)) return shelf.byId.get(Number(slugOrId))
  return shelf.bySlug.get(slugOrId) ?? shelf.moved.get(slugOrId)
}

const PACKS_KEY = '"packs":[]}'
const WAREHOUSE_KEY = ',"warehouse_id":'

/**
 * Products as answers show them (toProduct, toPack), with what the warehouse has free to sell (null: no warehouse,
 * nothing), as the JSON of their array, put together from each product's and pack's
 * JSON made once (toProduct and toPack's bytes: only the warehouse and the stock differ between answers).
 */
export function shelfProductsJson(shelf: Shelf, indexes: number[], warehouseId: number | null, stock: StockSnapshot | null): string {
  const house = `${WAREHOUSE_KEY}${warehouseId ?? 0},"in_stock":`
  let json = '['
  for (let n = 0; n < indexes.length; n++) {
    const p = shelf.products[indexes[n]!]!
    p.head ??= JSON.stringify(toProduct(p.row, [])).slice(0, -PACKS_KEY.length + '"packs":'.length)
    json += `${n ? ',' : ''}${p.head}[`
    for (let m = 0; m < p.packs.length; m++) {
      const k = p.packs[m]!
      if (k.head === undefined) {
        const whole = JSON.stringify(toPack({ ...k, available: 0 }, 0))
        k.head = whole.slice(0, whole.lastIndexOf(WAREHOUSE_KEY))
      }
      json += `${m ? ',' : ''}${k.head}${house}${stock !== null && !stock.soldOut.has(k.id)}}`
    }
    json += ']}'
  }
  return `${json}]`
}
