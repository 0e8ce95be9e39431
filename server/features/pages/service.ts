import type { Product } from '../../../common/contracts/catalogue'
import type { PageData } from '../../../common/contracts/pages'
import type { Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import * as catalogue from '../catalogue/service'
import * as delivery from '../delivery/service'
import { resolveBlocks } from './blocks'
import * as queries from './queries'

export async function getPageData(ctx: RequestCtx, url: string): Promise<PageData | null> {
  // Product blocks carry the packs (and warehouse ids) of the warehouse serving the shopper: one cached page per warehouse.
  const key = `page:${await delivery.currentWarehouseId(ctx)}:${url}`
  return ctx.caches.pages.getOrLoad(ctx.site.id, key, async () => {
    const row = await queries.findPage(ctx.db, ctx.site.id, url)
    if (!row) return null
    return {
      url: row.url,
      data: await resolveBlocks(ctx, row.components),
      css: row.css,
      show_footer: row.showFooter,
      show_sub_navbar: row.showSubNavbar,
      show_navbar: row.showNavbar,
      seo_title: row.seoTitle,
      seo_description: row.seoDescription,
      seo_keyword: row.seoKeyword,
      schema_script: row.schemaScript,
    }
  }) as Promise<PageData | null>
}

/** The blocks whose `response` is a list of products (their cards carry the shopper's Add to Cart). */
const PRODUCT_BLOCKS = new Set(['product_carousel', 'product_grid'])

/** The page with the shopper's cart quantities and wishlist flags on its product blocks; the cached page is not changed. */
export async function getPageDataForShopper(ctx: RequestCtx, url: string): Promise<PageData | null> {
  const page = await getPageData(ctx, url)
  if (!page || (!ctx.session && !ctx.user)) return page
  const lists = page.data.map((block) => (PRODUCT_BLOCKS.has(block.type) && Array.isArray(block.response) ? (block.response as Product[]) : []))
  const overlaid = await catalogue.withShopperState(ctx, lists.flat())
  let at = 0
  const data = page.data.map((block, i) => {
    if (lists[i].length === 0) return block
    at += lists[i].length
    return { ...block, response: overlaid.slice(at - lists[i].length, at) }
  })
  return { ...page, data }
}

/** A new website's first pages: a home page that says hello (its catalogue is still empty) and the product list's settings. */
export async function createStarterPages(tx: Tx, websiteId: number, siteName: string) {
  const welcome = `<h1>Welcome to ${escapeHtml(siteName)}</h1><p>Our shelves are being stocked. Browse what we have so far, or come back soon.</p><p><a href="/products">See all products</a></p>`
  await queries.insertPages(tx, [
    { websiteId, url: '/', components: [{ name: 'Welcome', type: 'rich_text', data: { html: welcome }, order: 0, settings: {} }], seoTitle: siteName },
    { websiteId, url: '/products', components: [] },
  ])
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
