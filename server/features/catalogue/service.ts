import type { Brand, CategoryNode, DidYouMean, Product, ProductListQuery, Sort } from '../../../common/contracts/catalogue'
import type { RequestCtx } from '../../platform/request-context'
import * as cart from '../cart/service'
import * as delivery from '../delivery/service'
import * as wishlist from '../wishlist/service'
import * as queries from './queries'
import * as search from './search-service'
import { words } from './search-words'
import { toPack, toProduct } from './shape'
import { liveShelf, type Shelf, type ShelfFilter, shelfPage, shelfProductIndex, shelfProductsJson } from './shelf'
import type { StockSnapshot } from './shelf-stock'

interface SiteCatalogueMeta {
  tree: CategoryNode[]
  brands: Brand[]
  categoryIdsBySlug: Map<string, number[]>
  brandIdBySlug: Map<string, number>
}

/** Categories and brands of the website, cached: they are read by every list and every page. */
export function catalogueMeta(ctx: RequestCtx): Promise<SiteCatalogueMeta> {
  // With the shelf (caches.indexes): never pushed out by the many answers of the catalogue cache.
  return ctx.caches.indexes.getOrLoad(ctx.site.id, 'meta', async () => {
    ctx.caches.rebuilt('meta')
    const [cats, brandRows] = await Promise.all([queries.listCategories(ctx.db, ctx.site.id), queries.listBrands(ctx.db, ctx.site.id)])
    const nodes = new Map(cats.map((c) => [c.id, { name: c.name, slug: c.slug, avatar: c.avatar, children: [] as CategoryNode[] }]))
    const tree: CategoryNode[] = []
    for (const c of cats) (c.parentId ? nodes.get(c.parentId)?.children : tree)?.push(nodes.get(c.id)!)
    const categoryIdsBySlug = new Map(cats.map((c) => [c.slug, withDescendants(cats, c.id)]))
    return {
      tree,
      brands: brandRows.map((b) => ({ name: b.name, slug: b.slug, logo: b.logo })),
      categoryIdsBySlug,
      brandIdBySlug: new Map(brandRows.map((b) => [b.slug, b.id])),
    }
  }) as Promise<SiteCatalogueMeta>
}

/** A category and every category under it, at any depth (staff may nest them). */
export function withDescendants(cats: { id: number; parentId: number | null }[], id: number): number[] {
  const ids = [id]
  for (let i = 0; i < ids.length; i++) for (const c of cats) if (c.parentId === ids[i] && !ids.includes(c.id)) ids.push(c.id)
  return ids
}

export interface ProductPage {
  data: Product[]
  meta: { total: number; page: number; perPage: number; lastPage: number; sort: Sort }
  did_you_mean?: DidYouMean[]
  instead?: DidYouMean & { data: Product[]; total: number }
}

/** A catalogue answer and its JSON, serialised once: cache hits are sent as they are. */
export interface Serialised<T> {
  value: T
  json: string
}

const serialise = <T>(value: T): Serialised<T> => ({ value, json: JSON.stringify(value) })

/** An answer put together as JSON (the shelf's): its value is read from it only if someone needs it. */
function fromJson<T>(json: string): Serialised<T> {
  let value: T | undefined
  return {
    json,
    get value() {
      value ??= JSON.parse(json) as T
      return value
    },
  }
}

/** A list's answer with its total, known without reading the JSON (the zero-result report needs it). */
export type SerialisedPage = Serialised<ProductPage> & { total: number }

export async function listProducts(ctx: RequestCtx, query: ProductListQuery): Promise<SerialisedPage> {
  const warehouseId = await delivery.currentWarehouseId(ctx)
  const shelf = liveShelf(ctx)
  // From memory (docs/decisions/0038-catalogue-read-model.md), stock as fresh as its snapshot.
  if (shelf) {
    const kept = await shelf
    const stock = await kept.stock.at(warehouseId)
    const key = `page:${warehouseId}:${JSON.stringify([query.q, query.c, query.b, query.s, query.page, query.perPage])}`
    // searches are kept from their second ask: most texts are asked once
    return keptFor(ctx, key, kept, stock, () => shelfProductPage(ctx, kept, stock, query, warehouseId), Boolean(query.q))
  }
  const key = `list:${warehouseId}:${JSON.stringify([query.q, query.c, query.b, query.s, query.page, query.perPage])}`
  return ctx.caches.catalogue.getOrLoad(ctx.site.id, key, async () => {
    const page = await loadProductPage(ctx, query, warehouseId)
    return { ...serialise(page), total: page.meta.total }
  }) as Promise<SerialisedPage>
}

interface ListPlan {
  q: string | undefined
  sort: Sort
  filter: { categoryIds?: number[]; brandIds?: number[] }
  offset: number
}

async function planList(ctx: RequestCtx, query: ProductListQuery): Promise<ListPlan> {
  const meta = await catalogueMeta(ctx)
  const q = query.q && words(query.q).length > 0 ? query.q : undefined
  // An empty list (?c=) means no filter; slugs that match nothing match no products.
  const categoryIds = query.c?.length ? query.c.flatMap((slug) => meta.categoryIdsBySlug.get(slug) ?? []) : undefined
  const brandIds = query.b?.length ? query.b.flatMap((slug) => meta.brandIdBySlug.get(slug) ?? []) : undefined
  return { q, sort: query.s ?? (q ? 'relevance' : 'popularity'), filter: { categoryIds, brandIds }, offset: (query.page - 1) * query.perPage }
}

const pageMeta = (query: ProductListQuery, total: number, sort: Sort): ProductPage['meta'] => ({
  total,
  page: query.page,
  perPage: query.perPage,
  lastPage: Math.max(1, Math.ceil(total / query.perPage)),
  sort,
})

/**
 * An answer made from the shelf, kept while it shows the shelf and stock snapshot of now (so for at most
 * STOCK_FRESH_MS, and never across a staff write): answers many shoppers ask for are sent as made. `repeated`: kept
 * only from the second time it is made lately (searches: most texts are asked once).
 */
async function keptFor<T>(ctx: RequestCtx, key: string, shelf: Shelf, stock: StockSnapshot | null, make: () => T | Promise<T>, repeated = false): Promise<T> {
  type Kept = { shelf: Shelf; stock: StockSnapshot | null; answer: T }
  const hit = ctx.caches.catalogue.lookup(ctx.site.id, key, (kept) => (kept as Kept).shelf === shelf && (kept as Kept).stock === stock) as Kept | undefined
  if (hit) return hit.answer
  const answer = await make()
  ctx.caches.catalogue.set(ctx.site.id, key, { shelf, stock, answer }, repeated)
  return answer
}

async function shelfProductPage(
  ctx: RequestCtx,
  shelf: Shelf,
  stock: StockSnapshot | null,
  query: ProductListQuery,
  warehouseId: number | null,
): Promise<SerialisedPage> {
  const { q, sort, filter, offset } = await planList(ctx, query)
  let page: number[]
  let total: number
  if (q) {
    // Searched each time the page is made (a fraction of a millisecond): the page is read from the shelf.
    const found = await search.searchProducts(ctx, q, sort, filter, warehouseId, offset + query.perPage)
    page = found.ids.slice(offset).flatMap((id) => shelf.byId.get(id) ?? [])
    total = found.total
  } else ({ page, total } = shelfPage(shelf, filter, sort, query.perPage, offset))
  let json = `{"data":${shelfProductsJson(shelf, page, warehouseId, stock)},"meta":${JSON.stringify(pageMeta(query, total, sort))}`
  const near = await recovery(ctx, q, filter, query, total)
  if (near) json += `,"did_you_mean":${JSON.stringify(near.taxa)}`
  if (near && total === 0) {
    const instead = shelfPage(shelf, near.filter, sort, query.perPage, 0)
    const first = JSON.stringify(near.taxa[0]).slice(0, -1)
    json += `,"instead":${first},"data":${shelfProductsJson(shelf, instead.page, warehouseId, stock)},"total":${instead.total}}`
  }
  return Object.assign(fromJson<ProductPage>(`${json}}`), { total })
}

/** A search that finds at most this many products is offered the nearest categories or brands too. */
const VERY_LITTLE = 2

/**
 * A search without filters that found nothing or very little, on its first page (issue 31): the nearest categories or
 * brands, and the filter that lists the first one's products (shown instead of nothing). The list itself stays what
 * was searched (an empty one is counted a miss).
 */
async function recovery(ctx: RequestCtx, q: string | undefined, filter: ShelfFilter, query: ProductListQuery, total: number) {
  if (!q || total > VERY_LITTLE || query.page !== 1 || filter.categoryIds || filter.brandIds) return null
  const near = await search.nearestTaxa(ctx, q)
  const first = near[0]
  if (!first) return null
  const meta = await catalogueMeta(ctx)
  const taxa: DidYouMean[] = near.map((t) => ({ kind: t.kind, name: t.name, slug: t.slug }))
  return {
    taxa,
    filter: first.kind === 'category' ? { categoryIds: meta.categoryIdsBySlug.get(first.slug) ?? [] } : { brandIds: [first.id] },
  }
}

/** The same answer from the database: while nothing may be kept in memory (cache bus down). */
async function loadProductPage(ctx: RequestCtx, query: ProductListQuery, warehouseId: number | null): Promise<ProductPage> {
  const { q, sort, filter, offset } = await planList(ctx, query)
  let ids: number[]
  let total: number
  if (q) {
    const found = await search.searchProducts(ctx, q, sort, filter, warehouseId, offset + query.perPage)
    ids = found.ids.slice(offset)
    total = found.total
  } else {
    const where = { websiteId: ctx.site.id, ...filter }
    ;[ids, total] = await Promise.all([queries.findProductPage(ctx.db, where, sort, query.perPage, offset), queries.countProducts(ctx.db, where)])
  }
  const page: ProductPage = { data: await loadProductsWithPacks(ctx, ids, warehouseId), meta: pageMeta(query, total, sort) }
  const near = await recovery(ctx, q, filter, query, total)
  if (near) page.did_you_mean = near.taxa
  if (near && total === 0) {
    const where = { websiteId: ctx.site.id, ...near.filter }
    const [firstIds, count] = await Promise.all([queries.findProductPage(ctx.db, where, sort, query.perPage, 0), queries.countProducts(ctx.db, where)])
    page.instead = { ...near.taxa[0]!, data: await loadProductsWithPacks(ctx, firstIds, warehouseId), total: count }
  }
  return page
}

async function loadProductsWithPacks(ctx: RequestCtx, ids: number[], warehouseId: number | null): Promise<Product[]> {
  const [rows, packRows] = await Promise.all([queries.loadProducts(ctx.db, ctx.site.id, ids), queries.loadPacks(ctx.db, ids, warehouseId)])
  return rows.map((row) =>
    toProduct(
      row,
      packRows.filter((p) => p.productId === row.id).map((p) => toPack(p, warehouseId)),
    ),
  )
}

export async function getProduct(ctx: RequestCtx, idOrSlug: string): Promise<Serialised<Product> | null> {
  const warehouseId = await delivery.currentWarehouseId(ctx)
  const slug = idOrSlug.toLowerCase()
  const live = liveShelf(ctx)
  if (live) {
    const shelf = await live
    const i = shelfProductIndex(shelf, slug)
    if (i === undefined) return null
    const stock = await shelf.stock.at(warehouseId)
    return keptFor(ctx, `product:${warehouseId}:${i}`, shelf, stock, () => fromJson<Product>(shelfProductsJson(shelf, [i], warehouseId, stock).slice(1, -1)))
  }
  const key = `product:${warehouseId}:${slug}`
  return ctx.caches.catalogue.getOrLoad(ctx.site.id, key, async () => {
    const id = await queries.findProductIdBySlug(ctx.db, ctx.site.id, slug)
    if (id === null) return null
    const [product] = await loadProductsWithPacks(ctx, [id], warehouseId)
    return product ? serialise(product) : null
  }) as Promise<Serialised<Product> | null>
}

/**
 * The shopper's own state on the shared, cached answers: cart quantities on packs and the wishlist flag.
 * Changed products are new objects; the cached ones are never touched (another shopper gets them next).
 */
export async function withShopperState(ctx: RequestCtx, products: Product[]): Promise<Product[]> {
  if ((!ctx.session && !ctx.user) || products.length === 0) return products
  const [quantities, saved] = await Promise.all([
    cart.packQuantities(ctx),
    wishlist.savedProductIds(
      ctx,
      products.map((p) => p.product_id),
    ),
  ])
  if (quantities.size === 0 && saved.size === 0) return products
  let changed = false
  const mine = products.map((product) => {
    const inCart = product.packs.some((k) => quantities.has(k.pack_id))
    const wished = saved.has(product.product_id)
    if (!inCart && !wished) return product
    changed = true
    return {
      ...product,
      wishlist: wished,
      packs: inCart ? product.packs.map((k) => (quantities.has(k.pack_id) ? { ...k, quantity: quantities.get(k.pack_id) } : k)) : product.packs,
    }
  })
  return changed ? mine : products
}

/** The answer for this shopper: the cached JSON itself when nothing of theirs changes it. */
export async function listProductsForShopper(ctx: RequestCtx, query: ProductListQuery): Promise<ProductPage | string> {
  const page = await listProducts(ctx, query)
  // The zero-result report counts every search that found nothing, cached answer or not (first page only).
  if (query.q && query.page === 1 && page.total === 0 && !query.c?.length && !query.b?.length) await search.recordMiss(ctx, query.q)
  if (!ctx.session && !ctx.user) return page.json
  const { instead } = page.value
  const [data, insteadData] = await Promise.all([withShopperState(ctx, page.value.data), instead ? withShopperState(ctx, instead.data) : undefined])
  if (data === page.value.data && insteadData === instead?.data) return page.json
  return { ...page.value, data, ...(instead && insteadData ? { instead: { ...instead, data: insteadData } } : {}) }
}

export async function getProductForShopper(ctx: RequestCtx, idOrSlug: string): Promise<Product | string | null> {
  const product = await getProduct(ctx, idOrSlug)
  if (!product) return null
  if (!ctx.session && !ctx.user) return product.json
  const [mine] = await withShopperState(ctx, [product.value])
  return mine === product.value ? product.json : mine
}

/** Products by id in that order (those no longer sold left out), with the shopper's state: the wishlist page. */
export async function productsForShopper(ctx: RequestCtx, ids: number[]): Promise<Product[]> {
  const found = await Promise.all([...new Set(ids)].map((id) => getProduct(ctx, String(id))))
  return withShopperState(
    ctx,
    found.flatMap((p) => (p ? [p.value] : [])),
  )
}

/** The product page's shelves (issue 18); null for an unknown product. */
export async function relatedProducts(
  ctx: RequestCtx,
  idOrSlug: string,
): Promise<{ similar: Product[]; together: Product[]; together_from: 'orders' | 'category' } | null> {
  const id = await queries.findProductIdBySlug(ctx.db, ctx.site.id, idOrSlug.toLowerCase())
  if (id === null) return null
  const [similarIds, boughtIds] = await Promise.all([queries.similarProductIds(ctx.db, ctx.site.id, id), queries.boughtTogetherIds(ctx.db, ctx.site.id, id)])
  const fromOrders = boughtIds.length > 0
  const togetherIds = fromOrders ? boughtIds : await queries.siblingCategoryProductIds(ctx.db, ctx.site.id, id)
  const [similar, together] = await Promise.all([productsForShopper(ctx, similarIds), productsForShopper(ctx, togetherIds)])
  return { similar, together, together_from: fromOrders ? 'orders' : 'category' }
}
