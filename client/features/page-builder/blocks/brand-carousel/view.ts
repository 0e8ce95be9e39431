import type { Brand } from '../../../../../common/contracts/catalogue'
import { readBrand } from '../stored-catalogue'
import { type BlockReading, readTitle, responseList } from '../block-view'

export interface BrandCarouselProps {
  title?: string
  /** the website's brands, from the server; undefined shows placeholders */
  brands?: Brand[]
}

/** Drawn by the catalogue's BrandCarousel, which the app's block registry gives it (features do not import each other). */
export const brandCarouselView: BlockReading<BrandCarouselProps> = {
  read: (block) => ({ title: readTitle(block), brands: responseList(block, readBrand) }),
  heading: ({ title }) => title,
}
