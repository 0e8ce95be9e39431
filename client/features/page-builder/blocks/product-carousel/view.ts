import type { Product } from '../../../../../common/contracts/catalogue'
import { classifyLink } from '../../../../../common/rules/links'
import { type BlockReading, readTitle, responseList } from '../block-view'
import { field, stringOr } from '../stored'
import { readProduct } from '../stored-catalogue'

export interface ProductCarouselProps {
  title: string
  /** the "View all" target, when the block's link is a site path */
  viewAllHref?: string
  /** the products the server found for the block's logicdata; undefined shows placeholders */
  products?: Product[]
}

/** Drawn by the catalogue's ProductCarousel, which the app's block registry gives it (features do not import each other). */
export const productCarouselView: BlockReading<ProductCarouselProps> = {
  read: (block) => {
    const target = classifyLink(stringOr(field(block.data, 'link')))
    return {
      title: readTitle(block) ?? block.name,
      viewAllHref: target.kind === 'internal' ? target.to : undefined,
      products: responseList(block, readProduct),
    }
  },
  heading: ({ title }) => title,
}
