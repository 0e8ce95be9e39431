/**
 * The page builder's live preview (docs/decisions/0028-page-builder.md): the editor frames the storefront at
 * `<url>?page-preview=1` and posts it the page data of the unsaved page. Only a same-origin parent window can.
 */
export const PAGE_PREVIEW_PARAM = 'page-preview'

export interface PreviewMessage {
  type: 'page-preview'
  url: string
  page: unknown
}
