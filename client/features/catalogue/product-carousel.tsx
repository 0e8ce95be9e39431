import { Link } from '../../lib/router'
import type { Product } from '../../../common/contracts/catalogue'
import { Carousel, type CarouselProps } from '../../ui/carousel'
import { CarouselHeading } from '../../ui/carousel-heading'
import { ChevronRightIcon } from '../../ui/icons'
import { ProductCard, type ProductCardProps } from './product-card'

export interface ProductCarouselProps {
  title: string
  /** id for the h2 (the page section points its aria-labelledby at it) */
  headingId?: string
  /** the 'View all' target, a site path */
  viewAllHref?: string
  /** undefined while loading (skeleton cards show); an empty list renders nothing */
  products: Product[] | undefined
  action?: ProductCardProps['action']
  corner?: ProductCardProps['corner']
  slidesPerView?: CarouselProps['slidesPerView']
}

export function ProductCarousel({ title, headingId, viewAllHref, products, action, corner, slidesPerView }: ProductCarouselProps) {
  if (products && products.length === 0) return null
  return (
    <>
      <CarouselHeading id={headingId} title={title}
        action={viewAllHref && (
          <Link to={viewAllHref} className="inline-flex items-center gap-0.5 rounded-md text-primary hover:underline hover:underline-offset-4">
            View all<span className="sr-only"> {title}</span>
            <ChevronRightIcon className="size-4" />
          </Link>
        )} />
      <Carousel label={headingId ? undefined : title} labelledBy={headingId} slidesPerView={slidesPerView}
        placeholder={5} placeholderSlide={<ProductCardSkeleton />}>
        {products?.map((product) => (
          <ProductCard key={product.product_id} product={product} action={action} corner={corner}
            className="rounded-2xl transition-shadow duration-200 hover:shadow-md motion-reduce:transition-none" />
        ))}
      </Carousel>
    </>
  )
}

export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="product-card-skeleton" className="flex h-full flex-col rounded-2xl border border-border bg-surface p-3">
      <div className="mx-auto aspect-square w-full max-w-48 animate-pulse rounded-md bg-border/70 motion-reduce:animate-none" />
      <div className="mt-3 h-4 w-4/5 animate-pulse rounded bg-border/70 motion-reduce:animate-none" />
      <div className="mt-2 h-3 w-1/3 animate-pulse rounded bg-border/60 motion-reduce:animate-none" />
      <div className="mt-4 flex items-center justify-between">
        <div className="h-4 w-16 animate-pulse rounded bg-border/70 motion-reduce:animate-none" />
        <div className="h-8 w-20 animate-pulse rounded-md bg-border/60 motion-reduce:animate-none" />
      </div>
    </div>
  )
}
