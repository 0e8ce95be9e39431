import type { BlockType } from '../../../../common/contracts/page-blocks'
import type { KnownBlock } from './block-draft'
import { newKey } from './block-draft'
import { brandCarouselEditor } from './brand-carousel/form'
import { categoryCarouselEditor } from './category-carousel/form'
import { categoryGridEditor } from './category-grid/form'
import type { BlockEditor } from './form-props'
import { heroBannerEditor } from './hero-banner/form'
import { productCarouselEditor } from './product-carousel/form'
import { productGridEditor } from './product-grid/form'
import { richTextEditor } from './rich-text/form'
import { supplierTilesEditor } from './supplier-tiles/form'

/**
 * The page builder's block types, in the palette's order: staff code, loaded with the editor and never by the
 * storefront (whose views are in the same folders, read by client/app/block-registry.tsx). A block type missing
 * here fails the typecheck.
 */
export const BLOCK_EDITORS: { [T in BlockType]: BlockEditor<T> } = {
  hero_banner: heroBannerEditor,
  product_carousel: productCarouselEditor,
  product_grid: productGridEditor,
  rich_text: richTextEditor,
  category_carousel: categoryCarouselEditor,
  category_grid: categoryGridEditor,
  brand_carousel: brandCarouselEditor,
  supplier_tiles: supplierTilesEditor,
}

// hasOwn: a stored type such as 'constructor' must not find Object.prototype's members
export const isBlockType = (type: string): type is BlockType => Object.hasOwn(BLOCK_EDITORS, type)
export const PALETTE = Object.keys(BLOCK_EDITORS).filter(isBlockType)
export const blockLabel = (type: string) => (isBlockType(type) ? BLOCK_EDITORS[type].label : type)

export const newBlock = (type: BlockType): KnownBlock => ({ key: newKey(), ...BLOCK_EDITORS[type].make() })

/** The settings form of a block type (`type` picks it, so the form gets that type's block). */
export const formFor = <T extends BlockType>(type: T): BlockEditor<T>['Form'] => BLOCK_EDITORS[type].Form
