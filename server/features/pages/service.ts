import type { PageData } from '../../../common/contracts/pages'
import type { RequestCtx } from '../../platform/request-context'
import { resolveBlocks } from './blocks'
import * as queries from './queries'

export async function getPageData(ctx: RequestCtx, url: string): Promise<PageData | null> {
  const key = `page:${ctx.site.id}:${url}`
  return ctx.caches.pages.getOrLoad(key, async () => {
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
