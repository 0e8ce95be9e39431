import type { DidYouMean, Sort } from '../../../common/contracts/catalogue'
import type { Suggestions } from '../../../common/contracts/search'
import type { RequestCtx } from '../../platform/request-context'
import * as queries from './queries'
import { SearchIndex } from './search-index'
import { type RecoveryTaxon, SearchRecovery } from './search-recovery'
import * as searchQueries from './search-queries'
import { words } from './search-words'
import { type Shelf, shelfOf } from './shelf'
import { inStockProducts } from './shelf-stock'

/** A website's index, over its shelf (docs/decisions/0038-catalogue-read-model.md). */
interface SiteSearch {
  index: SearchIndex
  recovery: SearchRecovery
  shelf: Shelf
}

/**
 * The website's search index, built on first use in this process and dropped with its cached answers (any write
 * to the catalogue, in any app process, through the cache bus). Concurrent first searches share one build.
 */
export function siteSearch(ctx: RequestCtx): Promise<SiteSearch> {
  const cache = ctx.caches.indexes
  const hit = cache.get(ctx.site.id, 'search') as Promise<SiteSearch> | undefined
  if (hit) return hit
  const building = buildSiteSearch(ctx)
  cache.keepWhileBuilding(ctx.site.id, 'search', building)
  building.catch(() => cache.drop(ctx.site.id))
  return building
}

async function buildSiteSearch(ctx: RequestCtx): Promise<SiteSearch> {
  const [shelf, cats, brandRows, synonyms] = await Promise.all([
    shelfOf(ctx),
    queries.listCategories(ctx.db, ctx.site.id),
    queries.listBrands(ctx.db, ctx.site.id),
    searchQueries.listSynonyms(ctx.db, ctx.site.id),
  ])
  const taxon = (r: { id: number; name: string; slug: string }) => ({ id: r.id, name: r.name, slug: r.slug })
  const index = new SearchIndex(shelf.docs, { categories: cats.map(taxon), brands: brandRows.map(taxon) }, synonyms)
  const taxa: RecoveryTaxon[] = [
    ...cats.map((c) => ({ ...taxon(c), kind: 'category' as const, parentId: c.parentId })),
    ...brandRows.map((b) => ({ ...taxon(b), kind: 'brand' as const, parentId: null })),
  ]
  return { index, recovery: new SearchRecovery(index, taxa, synonyms), shelf }
}

/** The categories and brands nearest to a search that found nothing (issue 31), nearest first. */
export async function nearestTaxa(ctx: RequestCtx, q: string): Promise<RecoveryTaxon[]> {
  return (await siteSearch(ctx)).recovery.nearest(q)
}

const didYouMean = (t: RecoveryTaxon): DidYouMean => ({ kind: t.kind, name: t.name, slug: t.slug })

/** Products in stock at the shopper's warehouse, from the shelf's stock snapshot (null: no warehouse, no preference). */
async function inStockAt(s: SiteSearch, warehouseId: number | null): Promise<Set<number> | null> {
  const snapshot = await s.shelf.stock.at(warehouseId)
  return snapshot && inStockProducts(snapshot, s.shelf.products)
}

/** How many products match, and the ids of the first `want` in order. */
export async function searchProducts(
  ctx: RequestCtx,
  q: string,
  sort: Sort,
  filter: { categoryIds?: number[]; brandIds?: number[] },
  warehouseId: number | null,
  want: number,
): Promise<{ total: number; ids: number[] }> {
  const s = await siteSearch(ctx)
  const inStock = await inStockAt(s, warehouseId)
  const found = s.index.searchTop(q, sort, { ...filter, inStock }, want)
  return { total: found.total, ids: found.hits.map((h) => h.doc.id) }
}

/**
 * As-you-type suggestions as the JSON of the contract's Suggestions (sent as they are), kept from their second ask:
 * the same prefixes are typed by many shoppers, most other texts once.
 */
export function suggest(ctx: RequestCtx, q: string, warehouseId: number | null): Promise<string> {
  return ctx.caches.catalogue.getOrLoad(ctx.site.id, `suggest:${warehouseId}:${q}`, () => suggestNow(ctx, q, warehouseId), true) as Promise<string>
}

async function suggestNow(ctx: RequestCtx, q: string, warehouseId: number | null): Promise<string> {
  const s = await siteSearch(ctx)
  const inStock = await inStockAt(s, warehouseId)
  const found = s.index.suggest(q, 6, inStock)
  const answer: Suggestions = {
    products: found.products.map((d) => ({ name: d.name, slug: d.slug, image: d.image, price: d.minPricePaise / 100 })),
    categories: found.categories.map((c) => ({ name: c.name, slug: c.slug })),
    brands: found.brands.map((b) => ({ name: b.name, slug: b.slug })),
  }
  if (found.products.length === 0 && found.categories.length === 0 && found.brands.length === 0) {
    const near = s.recovery.nearest(q)
    if (near.length > 0) answer.did_you_mean = near.map(didYouMean)
  }
  return JSON.stringify(answer)
}

/** A search that found nothing, as the report lists it: its words, normalised ('Tata  SALT' → 'tata salt'). */
export function missKey(q: string): string {
  return q.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 100)
}

/** Per app: when each shopper last had each miss counted (one search reads the list more than once: count it once). */
const recentMisses = new WeakMap<object, Map<string, number>>()
const MISS_REPEAT_MS = 10_000

export async function recordMiss(ctx: RequestCtx, q: string) {
  if (words(q).length === 0) return
  // the report is what shoppers looked for: the shop's own staff (a counter typing a code) are not shoppers
  if (ctx.user?.hasAdminAccess || ctx.user?.isSalesAgent) return
  const query = missKey(q)
  let recent = recentMisses.get(ctx.caches)
  if (!recent) recentMisses.set(ctx.caches, (recent = new Map()))
  const key = `${ctx.site.id}|${ctx.session?.idHash ?? ''}|${query}`
  const now = Date.now()
  if (now - (recent.get(key) ?? 0) < MISS_REPEAT_MS) return
  if (recent.size > 10_000) recent.clear()
  recent.set(key, now)
  await searchQueries.recordMiss(ctx.db, ctx.site.id, query)
}
