import type { PageComponent, PageData } from '../../../common/contracts/pages'

/**
 * Issue 31 (the home page's HTML ≤ 100 KB): a server-rendered page shows its first blocks in full and the rest
 * as their placeholders (heading, link and skeletons of a fixed size). A block below the fold keeps its stored data
 * but not the `response` the server filled for it (the products, categories or brands it shows), which is what
 * makes a page heavy, in its markup and in the state the page hydrates from. In the browser a block below the fold
 * draws as its placeholder until it is about to scroll into view, and then asks for the page's data when it has none
 * (PageBlocks' `onLater`): less to draw while the page starts, whichever way it was opened.
 */
export const BLOCKS_ABOVE_FOLD = 2

/** A block whose `response` was left for the browser to fetch. */
type LaterBlock = PageComponent & { later?: true }

export const isLater = (block: PageComponent) => (block as LaterBlock).later === true

/** The block as its placeholder: without the data the server filled (the view draws its heading and skeletons). */
export const asPlaceholder = (block: PageComponent): PageComponent => (block.response === undefined ? block : { ...block, response: undefined })

/** The page as server rendering shows it: blocks after the first BLOCKS_ABOVE_FOLD (by order) without their response. */
export function foldPage(page: PageData): PageData {
  const ranked = page.data.map((block, index) => ({ block, index })).sort((a, b) => (a.block.order ?? 0) - (b.block.order ?? 0) || a.index - b.index)
  const below = new Set(ranked.slice(BLOCKS_ABOVE_FOLD).map((r) => r.block))
  const data = page.data.map((block): LaterBlock => (below.has(block) && block.response !== undefined ? { ...block, response: undefined, later: true } : block))
  return { ...page, data }
}
