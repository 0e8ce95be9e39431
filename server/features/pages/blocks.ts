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
        s: logic.s === 'discount' || logic.s === 'newest' || logic.s === 'price_asc' ? logic.s : 'popularity',
        page: 1,
        perPage: Math.min(Number(logic.limit) || 12, 24),
      })
      return { ...block, response: page.value.data }
    }
    case 'category_carousel': {
      const meta = await catalogue.catalogueMeta(ctx)
      const parent = typeof logic.parent === 'string' ? meta.tree.find((c) => c.slug === logic.parent) : undefined
      return { ...block, response: parent ? parent.children : meta.tree }
    }
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

const stringList = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined)
