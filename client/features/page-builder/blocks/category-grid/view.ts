import type { BlockReading } from '../block-view'
import { type CategoryCarouselProps, categoryCarouselView } from '../category-carousel/view'

export type CategoryGridProps = CategoryCarouselProps

/** Read as the category carousel is (its title, the server's categories); drawn by the catalogue's CategoryGrid in rows. */
export const categoryGridView: BlockReading<CategoryGridProps> = categoryCarouselView
