/**
 * The page builder's live preview (docs/decisions/0028-page-builder.md): the editor frames the storefront at
 * `<url>?page-preview=1` and posts it the page data of the unsaved page. Only a same-origin parent window can.
 */
export const PAGE_PREVIEW_PARAM = 'page-preview'

/**
 * The preview marks its document with this attribute: content below the fold then looks ahead at once, as after a
 * scroll (client/ui/when-near.tsx), since the editor's view is no shopper's first load.
 */
export const LOOK_AHEAD_ATTRIBUTE = 'data-look-ahead'

export interface PreviewMessage {
  type: 'page-preview'
  url: string
  page: unknown
}

/**
 * Website Settings' live preview: the same frame, sent the unsaved settings (already checked by the group's save
 * schema) as a patch of GET /api/init's answer. The storefront merges it into what it has and checks the result
 * against InitData before it shows it.
 */
export interface SitePreviewMessage {
  type: 'site-preview'
  patch: unknown
}
