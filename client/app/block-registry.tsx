import { type ComponentType, Fragment, type ReactNode, useId } from 'react'
import type { BlockType } from '../../common/contracts/page-blocks'
import type { PageComponent } from '../../common/contracts/pages'
import { BrandCarousel } from '../features/catalogue/brand-carousel'
import { CategoryCarousel } from '../features/catalogue/category-carousel'
import { CategoryGrid } from '../features/catalogue/category-grid'
import { ProductCardSkeleton } from '../features/catalogue/product-card-skeleton'
import { ProductCarousel } from '../features/catalogue/product-carousel'
import { ProductGridSection } from '../features/catalogue/product-grid-section'
import type { ProductCardProps } from '../features/catalogue/product-card'
import { brandCarouselView } from '../features/page-builder/blocks/brand-carousel/view'
import type { BlockView } from '../features/page-builder/blocks/block-view'
import { categoryCarouselView } from '../features/page-builder/blocks/category-carousel/view'
import { categoryGridView } from '../features/page-builder/blocks/category-grid/view'
import { heroBannerView } from '../features/page-builder/blocks/hero-banner/view'
import { productCarouselView } from '../features/page-builder/blocks/product-carousel/view'
import { productGridView } from '../features/page-builder/blocks/product-grid/view'
import { richTextView } from '../features/page-builder/blocks/rich-text/view'
import { supplierTilesView } from '../features/page-builder/blocks/supplier-tiles/view'
import { asPlaceholder, BLOCKS_ABOVE_FOLD, isLater } from '../features/pages/fold'
import { Carousel } from '../ui/carousel'
import { WhenNear } from '../ui/when-near'

/** What the page hands every block besides its own data: the product cards' slots, which the route fills. */
type CardSlots = Pick<ProductCardProps, 'action' | 'corner'>
type SectionProps = { block: PageComponent } & CardSlots

/** One block in its <section>, labelled by the block's heading when it shows one. */
function section<P>({ read, heading, View }: BlockView<P, CardSlots>): ComponentType<SectionProps> {
  return function BlockSection({ block, action, corner }) {
    const headingId = useId()
    const props = read(block)
    const title = heading?.(props)
    return (
      <section aria-labelledby={title !== undefined ? headingId : undefined} data-block-type={block.type} className="min-w-0">
        <View {...props} headingId={headingId} action={action} corner={corner} />
      </section>
    )
  }
}

/**
 * Page builder: block type → its storefront view (STYLE "Page builder"), each read from the stored block by its
 * module in features/page-builder/blocks/; the carousels are the catalogue's. The server fills `response`
 * (server/features/pages/blocks.ts). A block type missing here fails the typecheck.
 */
const blockSections: Record<BlockType, ComponentType<SectionProps>> = {
  hero_banner: section(heroBannerView),
  rich_text: section(richTextView),
  supplier_tiles: section(supplierTilesView),
  product_carousel: section({
    ...productCarouselView,
    View: ({ title, headingId, viewAllHref, products, action, corner }) => (
      <ProductCarousel title={title} headingId={headingId} viewAllHref={viewAllHref} products={products} action={action} corner={corner} />
    ),
  }),
  category_carousel: section({
    ...categoryCarouselView,
    View: ({ title, headingId, categories }) => <CategoryCarousel title={title} headingId={headingId} categories={categories} />,
  }),
  brand_carousel: section({
    ...brandCarouselView,
    View: ({ title, headingId, brands }) => <BrandCarousel title={title} headingId={headingId} brands={brands} />,
  }),
  category_grid: section({
    ...categoryGridView,
    View: ({ title, headingId, categories }) => <CategoryGrid title={title} headingId={headingId} categories={categories} />,
  }),
  product_grid: section({
    ...productGridView,
    View: ({ title, headingId, viewAllHref, products, action, corner }) => (
      <ProductGridSection title={title} headingId={headingId} viewAllHref={viewAllHref} products={products} action={action} corner={corner} />
    ),
  }),
}

const warned = new Set<string>()

export interface PageBlocksProps {
  blocks: PageComponent[]
  /** While the page data loads: shows a banner and a product row of skeletons. */
  loading?: boolean
  action?: ProductCardProps['action']
  corner?: ProductCardProps['corner']
  /** shown after the first block (the home page's buy-again shelf, below the banner) */
  afterFirst?: ReactNode
  /** a block below the fold came near the viewport without its data (features/pages/fold.ts): fetch the page's */
  onLater?: () => void
}

/** Renders a page's blocks in `order`; unknown types render nothing and are logged once per type. */
export function PageBlocks({ blocks, loading, action, corner, afterFirst, onLater }: PageBlocksProps) {
  if (loading && blocks.length === 0) return <PageBlocksSkeleton />
  const sorted = blocks.map((block, index) => ({ block, index })).sort((a, b) => (a.block.order ?? 0) - (b.block.order ?? 0) || a.index - b.index)
  const sections = sorted.map(({ block, index }, position) => {
    const Section = sectionFor(block.type)
    if (!Section) {
      if (!warned.has(block.type)) {
        warned.add(block.type)
        console.warn(`PageBlocks: no component for block type "${block.type}" (block "${block.name}"); skipped`)
      }
      return null
    }
    const key = `${index}-${block.type}`
    if (position < BLOCKS_ABOVE_FOLD) return <Section key={key} block={block} action={action} corner={corner} />
    // Below the fold: its placeholder until it nears the viewport, then the block (its data asked for if missing).
    return (
      <WhenNear key={key} onNear={() => isLater(block) && onLater?.()}>
        {(near) => <Section block={near ? block : asPlaceholder(block)} action={action} corner={corner} />}
      </WhenNear>
    )
  })
  if (afterFirst) sections.splice(1, 0, <Fragment key="after-first">{afterFirst}</Fragment>)
  return <div className="flex flex-col gap-8 sm:gap-10">{sections}</div>
}

// hasOwn: a type such as 'constructor' must not find Object.prototype's members
const isBlockType = (type: string): type is BlockType => Object.hasOwn(blockSections, type)
const sectionFor = (type: string) => (isBlockType(type) ? blockSections[type] : undefined)

function PageBlocksSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-8 sm:gap-10">
      <span role="status" className="sr-only">
        Loading page
      </span>
      <div className="aspect-[4/3] w-full animate-pulse rounded-2xl bg-border/70 motion-reduce:animate-none sm:aspect-[16/5]" />
      <div>
        <div className="mb-4 h-6 w-48 animate-pulse rounded bg-border/70 motion-reduce:animate-none" />
        <Carousel label="Loading products" placeholder={5} placeholderSlide={<ProductCardSkeleton />} />
      </div>
    </div>
  )
}
