import { useId, type ComponentType } from 'react'
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { Brand, Category, Product } from '../../common/contracts/catalogue'
import type { PageComponent } from '../../common/contracts/pages'
import { BrandCarousel } from '../features/catalogue/brand-carousel'
import { CategoryCarousel } from '../features/catalogue/category-carousel'
import { ProductCardSkeleton } from '../features/catalogue/product-card-skeleton'
import { ProductCarousel } from '../features/catalogue/product-carousel'
import type { ProductCardProps } from '../features/catalogue/product-card'
import { blockTitle, type PageBlockProps } from '../features/page-builder/blocks/block-props'
import { HeroBanner } from '../features/page-builder/blocks/hero-banner/view'
import { RichText } from '../features/page-builder/blocks/rich-text/view'
import { SupplierTiles } from '../features/page-builder/blocks/supplier-tiles/view'
import { classifyLink } from '../features/page-builder/blocks/slide-link'
import { Carousel } from '../ui/carousel'

interface BlockProps extends PageBlockProps {
  title?: string
  action?: ProductCardProps['action']
  corner?: ProductCardProps['corner']
}

/** A block's `response` as a list of `item`; undefined (so the carousel shows placeholders) when missing or malformed. */
function responseList<S extends $ZodType>(block: PageComponent, item: S): z.infer<S>[] | undefined {
  if (block.response === undefined || block.response === null) return undefined
  const parsed = z.safeParse(z.array(item), block.response)
  return parsed.success ? parsed.data : undefined
}

const viewAllHref = (block: PageComponent) => {
  const target = classifyLink((block.data as { link?: string } | null)?.link)
  return target.kind === 'internal' ? target.to : undefined
}

/** Page builder: block type → component (STYLE "Page builder"). The server fills `response` (server/features/pages/blocks.ts). */
export const blockRegistry: Record<string, ComponentType<BlockProps>> = {
  hero_banner: HeroBanner,
  rich_text: RichText,
  supplier_tiles: SupplierTiles,
  product_carousel: ({ block, headingId, title, action, corner }) => (
    <ProductCarousel
      title={title ?? block.name}
      headingId={headingId}
      viewAllHref={viewAllHref(block)}
      products={responseList(block, Product)}
      action={action}
      corner={corner}
    />
  ),
  category_carousel: ({ block, headingId, title }) => <CategoryCarousel title={title} headingId={headingId} categories={responseList(block, Category)} />,
  brand_carousel: ({ block, headingId, title }) => <BrandCarousel title={title} headingId={headingId} brands={responseList(block, Brand)} />,
}

const warned = new Set<string>()

export interface PageBlocksProps {
  blocks: PageComponent[]
  /** While the page data loads: shows a banner and a product row of skeletons. */
  loading?: boolean
  action?: ProductCardProps['action']
  corner?: ProductCardProps['corner']
}

/** Renders a page's blocks in `order`; unknown types render nothing and are logged once per type. */
export function PageBlocks({ blocks, loading, action, corner }: PageBlocksProps) {
  if (loading && blocks.length === 0) return <PageBlocksSkeleton />
  const sorted = blocks.map((block, index) => ({ block, index })).sort((a, b) => (a.block.order ?? 0) - (b.block.order ?? 0) || a.index - b.index)
  return (
    <div className="flex flex-col gap-8 sm:gap-10">
      {sorted.map(({ block, index }) => {
        // hasOwn: a type such as 'constructor' must not find Object.prototype's members
        const Component = Object.hasOwn(blockRegistry, block.type) ? blockRegistry[block.type] : undefined
        if (!Component) {
          if (!warned.has(block.type)) {
            warned.add(block.type)
            console.warn(`PageBlocks: no component for block type "${block.type}" (block "${block.name}"); skipped`)
          }
          return null
        }
        return <Block key={`${index}-${block.type}`} block={block} Component={Component} action={action} corner={corner} />
      })}
    </div>
  )
}

function Block({ block, Component, action, corner }: { block: PageComponent; Component: ComponentType<BlockProps> } & Pick<BlockProps, 'action' | 'corner'>) {
  const headingId = useId()
  const title = blockTitle(block) ?? (block.type === 'product_carousel' ? block.name : undefined)
  const usesHeading = title !== undefined && block.type !== 'hero_banner' && block.type !== 'rich_text'
  return (
    <section aria-labelledby={usesHeading ? headingId : undefined} data-block-type={block.type} className="min-w-0">
      <Component block={block} headingId={headingId} title={title} action={action} corner={corner} />
    </section>
  )
}

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
