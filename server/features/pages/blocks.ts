import type { Product } from '../../../common/contracts/catalogue'
import { GRID_LIMIT_MAX } from '../../../common/contracts/page-blocks'
import type { PageComponent } from '../../../common/contracts/pages'
import type { RequestCtx } from '../../platform/request-context'
import { cleanPageHtml } from '../../platform/rich-text'
import * as catalogue from '../catalogue/service'

/**
 * Fills each block's `response` with the data it shows, so a page renders from one call (and on the server).
 * Blocks that show stored HTML are sanitised at render time too (SECURITY XS-03).
 */
export async function resolveBlocks(ctx: RequestCtx, blocks: PageComponent[]): Promise<PageComponent[]> {
  const sorted = [...blocks].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
  return Promise.all(sorted.map((block) => resolveBlock(ctx, block)))
}

async function resolveBlock(ctx: RequestCtx, block: PageComponent): Promise<PageComponent> {
  const logic = (block.logicdata ?? {}) as Record<string, unknown>
  switch (block.type) {
    case 'product_carousel': {
      const page = await catalogue.listProducts(ctx, {
        c: stringList(logic.c),
        b: stringList(logic.b),
        s: sortOf(logic.s),
        page: 1,
        perPage: Math.min(Number(logic.limit) || 12, 24),
      })
      return { ...block, response: page.value.data }
    }
    case 'category_carousel':
      return { ...block, response: await categoriesUnder(ctx, logic.parent) }
    case 'category_grid':
      return { ...block, response: (await categoriesUnder(ctx, logic.parent)).slice(0, gridLimit(logic.limit, GRID_LIMIT_MAX)) }
    case 'product_grid':
      return { ...block, response: await productGrid(ctx, logic) }
    case 'brand_carousel':
      return { ...block, response: (await catalogue.catalogueMeta(ctx)).brands }
    case 'rich_text': {
      const data = (block.data ?? {}) as { html?: string }
      return { ...block, data: { html: cleanPageHtml(data.html ?? '') } }
    }
    case 'supplier_tiles': {
      const data = (block.data ?? {}) as { items?: unknown[] }
      if (Array.isArray(data.items) && data.items.length > 0) return block
      // A tiles block with no tiles of its own shows the website's supplier tiles (Website Settings → Popup & SEO),
      // when the website shows its suppliers (show_supplier_page); a site save drops cached pages (changesStorefront).
      const tiles = ctx.site.showSupplierPage ? (ctx.site.settings.supplierTiles ?? []) : []
      return { ...block, data: { ...data, items: tiles.map(({ name, link, avatar, image, title }) => ({ name, link, avatar, image, title })) } }
    }
    default:
      return block
  }
}

async function categoriesUnder(ctx: RequestCtx, parentSlug: unknown) {
  const meta = await catalogue.catalogueMeta(ctx)
  const parent = typeof parentSlug === 'string' ? meta.tree.find((c) => c.slug === parentSlug) : undefined
  return parent ? parent.children : meta.tree
}

/** A grid's size: the block's limit, at most GRID_LIMIT_MAX (its rows are in the page's HTML). */
const gridLimit = (limit: unknown, fallback: number) => Math.min(Number.isInteger(limit) && Number(limit) > 0 ? Number(limit) : fallback, GRID_LIMIT_MAX)

/** Picked products in the order staff put them (those no longer sold left out), else a list query like the carousel's. */
async function productGrid(ctx: RequestCtx, logic: Record<string, unknown>): Promise<Product[]> {
  const picked = stringList(logic.p) ?? []
  const limit = gridLimit(logic.limit, picked.length || PRODUCT_GRID_SIZE)
  if (picked.length > 0) {
    const found = await Promise.all(picked.slice(0, limit).map((slug) => catalogue.getProduct(ctx, slug)))
    return found.flatMap((p) => (p ? [p.value] : []))
  }
  const page = await catalogue.listProducts(ctx, { c: stringList(logic.c), b: stringList(logic.b), s: sortOf(logic.s), page: 1, perPage: limit })
  return page.value.data
}

/** 12 fills whole rows at 2, 3, 4 and 6 across. */
const PRODUCT_GRID_SIZE = 12

const sortOf = (s: unknown) => (s === 'discount' || s === 'newest' || s === 'price_asc' ? s : 'popularity')

const stringList = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined)
