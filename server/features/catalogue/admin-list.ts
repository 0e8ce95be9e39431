import { type ListMeta, parseSort } from '../../../common/contracts/admin'
import type { AdminProductQuery, AdminProductRow } from '../../../common/contracts/admin-catalogue'
import type { StaffCtx } from '../../platform/staff-write'
import * as q from './admin-list-queries'
import { toRupees } from './admin-shape'
import { listBrands, listCategories } from './queries'
import { toPrefixTsquery } from './search-text'
import { withDescendants } from './service'

/** The staff product table: search (words, or a SKU, barcode, slug or id), filters, sort, one page and the total. */
export async function listProducts(ctx: StaffCtx, query: AdminProductQuery): Promise<{ data: AdminProductRow[]; meta: ListMeta }> {
  const meta = { total: 0, page: query.page, perPage: query.perPage }
  const filter = await toFilter(ctx, query)
  if (!filter) return { data: [], meta }
  const [ids, total] = await Promise.all([
    q.findAdminProductPage(ctx.db, filter, parseSort(query.sort), query.perPage, (query.page - 1) * query.perPage),
    q.countAdminProducts(ctx.db, filter),
  ])
  const rows = await q.loadAdminRows(ctx.db, ctx.site.id, ids)
  return {
    data: rows.map((r) => ({
      product_id: r.id,
      product_name: r.name,
      slug: r.slug,
      image: r.medias[0]?.src ?? '',
      brand_name: r.brand_name,
      brand_slug: r.brand_slug,
      categories: r.categories ?? [],
      status: r.status,
      packs: r.packs,
      min_price: toRupees(r.min_price),
      max_price: toRupees(r.max_price),
      available: r.available,
      version: r.version,
      updated_at: new Date(r.updated_at).toISOString(),
    })),
    meta: { ...meta, total },
  }
}

/** Null when a filter names nothing of this website (no product can match). */
async function toFilter(ctx: StaffCtx, query: AdminProductQuery): Promise<q.AdminProductFilter | null> {
  const filter: q.AdminProductFilter = { websiteId: ctx.site.id, status: query.status, stock: query.stock }
  if (query.brand) {
    const brand = (await listBrands(ctx.db, ctx.site.id)).find((b) => b.slug === query.brand)
    if (!brand) return null
    filter.brandId = brand.id
  }
  if (query.category) {
    const cats = await listCategories(ctx.db, ctx.site.id)
    const found = cats.find((c) => c.slug === query.category)
    if (!found) return null
    filter.categoryIds = withDescendants(cats, found.id)
  }
  if (query.q) {
    const words = toPrefixTsquery(query.q)
    filter.search = { tsquery: words?.tsquery, text: words?.text, ids: await q.productIdsByCode(ctx.db, ctx.site.id, query.q) }
    if (!words && filter.search.ids.length === 0) return null
  }
  return filter
}
