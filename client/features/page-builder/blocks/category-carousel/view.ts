import type { CategoryNode } from '../../../../../common/contracts/catalogue'
import { readCategory } from '../stored-catalogue'
import { type BlockReading, readTitle, responseList } from '../block-view'

export interface CategoryCarouselProps {
  title?: string
  /** the categories the server found for the block's parent; undefined shows placeholders */
  categories?: CategoryNode[]
}

/** Drawn by the catalogue's CategoryCarousel, which the app's block registry gives it (features do not import each other). */
export const categoryCarouselView: BlockReading<CategoryCarouselProps> = {
  read: (block) => ({ title: readTitle(block), categories: responseList(block, readCategory) }),
  heading: ({ title }) => title,
}
