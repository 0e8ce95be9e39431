import type { Product, Sort } from '../../../common/contracts/catalogue'
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
  /** how many products match a filter, by filter */
  counts: Map<string, number>
  stock: ReturnType<typeof stockSnapshots>
}

export interface ShelfProduct {
  row: ProductRow
  brandId: number
  categoryIds: number[]
  packs: Omit<PackRow, 'available'>[]
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
    if (i !== undefined) products[i]!.packs.push({ id: k.id, productId: k.product_id, name: k.name, pricePaise: k.price_paise, mrpPaise: k.mrp_paise })
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
    counts: new Map(),
    stock: stockSnapshots((warehouseId) => shelfQueries.soldOutPackIds(ctx.db, ctx.site.id, warehouseId)),
  }
  return shelf
}

/**
 * The website's shelf, built on first use in this process and dropped with its cached answers. Concurrent first
 * reads share one build. Null while the cache bus may be missing drops (nothing may be kept): read the database.
 */
export function liveShelf(ctx: RequestCtx): Promise<Shelf> | null {
  const cache = ctx.caches.indexes
  if (!cache.live()) return null
  const hit = cache.get(ctx.site.id, 'shelf') as Promise<Shelf> | undefined
  if (hit) return hit
  const building = buildShelf(ctx)
  cache.set(ctx.site.id, 'shelf', building)
  building.catch(() => cache.drop(ctx.site.id))
  return building
}

/** A shelf even while nothing may be kept (then built for this read alone): search needs one. */
export const shelfOf = (ctx: RequestCtx): Promise<Shelf> => liveShelf(ctx) ?? buildShelf(ctx)

export interface ShelfFilter {
  categoryIds?: number[]
  brandIds?: number[]
}

/** One page of a list without search: how many products match, and the page's indexes in order. */
export function shelfPage(shelf: Shelf, filter: ShelfFilter, sort: Sort, limit: number, offset: number): { total: number; page: number[] } {
  const order = shelf.orders[sort === 'relevance' ? 'popularity' : sort]
  if (!filter.categoryIds && !filter.brandIds) return { total: order.length, page: Array.from(order.subarray(offset, offset + limit)) }
  const cats = filter.categoryIds ? new Set(filter.categoryIds) : null
  const brands = filter.brandIds ? new Set(filter.brandIds) : null
  const { products } = shelf
  const matches = (i: number) => {
    const p = products[i]!
    if (brands && !brands.has(p.brandId)) return false
    if (cats && !p.categoryIds.some((c) => cats.has(c))) return false
    return true
  }
  const countKey = JSON.stringify([filter.categoryIds, filter.brandIds])
  const known = shelf.counts.get(countKey)
  const page: number[] = []
  let seen = 0
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!
    if (!matches(i)) continue
    if (seen >= offset && seen < offset + limit) page.push(i)
    seen++
    if (known !== undefined && seen >= offset + limit) break
  }
  if (known === undefined) {
    if (shelf.counts.size >= 5000) shelf.counts.clear()
    shelf.counts.set(countKey, seen)
  }
  return { total: known ?? seen, page }
}

/** An active product by id, slug, or a slug it had before (as queries.findProductIdBySlug). */
export function shelfProductIndex(shelf: Shelf, slugOrId: string): number | undefined {
  if (/^\d{1,9}$/.test(slugOrId)) return shelf.byId.get(Number(slugOrId))
  return shelf.bySlug.get(slugOrId) ?? shelf.moved.get(slugOrId)
}

/** Products as answers show them, with what the warehouse has free to sell (null: no warehouse, nothing). */
export function shelfProducts(shelf: Shelf, indexes: number[], warehouseId: number | null, stock: StockSnapshot | null): Product[] {
  return indexes.map((i) => {
    const p = shelf.products[i]!
    return toProduct(
      p.row,
      p.packs.map((k) => toPack({ ...k, available: stock && !stock.soldOut.has(k.id) ? 1 : 0 }, warehouseId)),
    )
  })
}
