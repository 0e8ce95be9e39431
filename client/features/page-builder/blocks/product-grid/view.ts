import type { BlockReading } from '../block-view'
import { type ProductCarouselProps, productCarouselView } from '../product-carousel/view'

export type ProductGridProps = ProductCarouselProps

/** Read as the product carousel is (title, "View all" link, the server's products); drawn by the catalogue's ProductGridSection. */
export const productGridView: BlockReading<ProductGridProps> = productCarouselView
