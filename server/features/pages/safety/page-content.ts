import type { SavePageInput } from '../../../../common/contracts/admin-pages'
import type { PageComponent } from '../../../../common/contracts/pages'
import type { PageContent } from '../../../db/schema/pages'
import { cleanPageHtml } from '../../../platform/rich-text'
import { cleanPageCss } from './page-css'
import { cleanSchemaScript } from './schema-script'

/**
 * A page as staff sent it (every block's props already checked by its schema, common/contracts/page-blocks.ts)
 * made safe to store: rich text to the allow-list, CSS parsed, scoped and cleaned, JSON-LD re-serialised.
 * Links and images were checked by the schemas (refused with the field's path, never rewritten).
 */
export function cleanPageContent(input: SavePageInput): PageContent {
  return {
    components: input.components.map((block): PageComponent => {
      if (block.type !== 'rich_text') return block
      return { ...block, data: { ...block.data, html: cleanPageHtml(block.data.html) } }
    }),
    css: cleanPageCss(input.css),
    show_footer: input.show_footer,
    show_navbar: input.show_navbar,
    show_sub_navbar: input.show_sub_navbar,
    seo_title: input.seo_title,
    seo_description: input.seo_description,
    seo_keyword: input.seo_keyword,
    schema_script: cleanSchemaScript(input.schema_script),
  }
}
