import type { ReactNode } from 'react'
import { BrandCarouselForm } from './brand-carousel/form'
import { CategoryCarouselForm } from './category-carousel/form'
import type { BlockFormProps } from './form-props'
import { HeroBannerForm } from './hero-banner/form'
import { ProductCarouselForm } from './product-carousel/form'
import { RichTextForm } from './rich-text/form'
import { SupplierTilesForm } from './supplier-tiles/form'

export const FORMS: Record<string, (props: BlockFormProps) => ReactNode> = {
  hero_banner: HeroBannerForm,
  rich_text: RichTextForm,
  product_carousel: ProductCarouselForm,
  category_carousel: CategoryCarouselForm,
  brand_carousel: BrandCarouselForm,
  supplier_tiles: SupplierTilesForm,
}
