import * as delivery from '../features/delivery/service'
import { liveShelf } from '../features/catalogue/shelf'
import { STOCK_FRESH_MS } from '../features/catalogue/shelf-stock'
import type { RequestCtx } from '../platform/request-context'

/** What the page showed when it was rendered: kept while it is still what a new render would read. */
interface Kept {
  html: string
  shelf: unknown
  stock: unknown
  at: number
}

/** Renders of visitors' pages under way, per app (its caches) and page. */
const rendering = new WeakMap<object, Map<string, Promise<unknown>>>()

/**
 * Rendered pages of visitors with no session (first visits, crawlers), kept in the `pages` cache so any staff write
 * in any process drops them, and only while the shelf and the warehouse's stock snapshot are the ones they showed
 * (never longer than STOCK_FRESH_MS): what the API's own kept answers allow (docs/decisions/0040-rendered-page-cache.md).
 * Such a page depends on nothing else of the request than its website, address (origin + URL) and warehouse: the
 * HTML carries no nonce or other per-response value, and its headers are set per response by the caller.
 */
export async function renderedPageCache(ctx: RequestCtx, origin: string, url: string) {
  const anonymous = !ctx.session && !ctx.user
  if (!anonymous) return null
  const warehouseId = await delivery.currentWarehouseId(ctx)
  const shelf = await liveShelf(ctx)
  const stock = shelf ? await shelf.stock.at(warehouseId) : null
  const key = `html:${warehouseId}:${origin}${url}`
  const fresh = (kept: Kept) => kept.shelf === shelf && kept.stock === stock && Date.now() - kept.at <= STOCK_FRESH_MS
  return {
    hit: () => (ctx.caches.pages.lookup(ctx.site.id, key, (kept) => fresh(kept as Kept)) as Kept | undefined)?.html,
    // A page with a query string (searches, filters) is kept from its second render: most are asked once.
    keep: (html: string, at: number) => ctx.caches.pages.set(ctx.site.id, key, { html, shelf, stock, at } satisfies Kept, url.includes('?')),
    /**
     * One render for every visitor asking for this page while it is under way: when the kept page expires (a new
     * stock snapshot every 5 s), the visitors asking at that moment wait for one render instead of each making one.
     */
    once<T>(render: () => Promise<T>): Promise<T> {
      let underWay = rendering.get(ctx.caches)
      if (!underWay) rendering.set(ctx.caches, (underWay = new Map()))
      const page = `${ctx.site.id}|${key}`
      const running = underWay.get(page)
      if (running) return running as Promise<T>
      const done = render().finally(() => underWay.delete(page))
      underWay.set(page, done)
      return done
    },
  }
}
