import type { RequestCtx } from '../platform/request-context'
import { listProductSlugs } from '../features/catalogue/queries'
import { listPageUrls } from '../features/pages/queries'

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** The website's pages and products, for search engines (robots.txt points here). */
export async function sitemapXml(ctx: Pick<RequestCtx, 'db' | 'site'>, origin: string): Promise<string> {
  const [pages, products] = await Promise.all([listPageUrls(ctx.db, ctx.site.id), listProductSlugs(ctx.db, ctx.site.id)])
  const urls = [...pages.map((p) => p.url), ...products.map((p) => `/products/${p.slug}`)]
  const body = urls.map((u) => `<url><loc>${escapeXml(origin + u)}</loc></url>`).join('')
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`
}
