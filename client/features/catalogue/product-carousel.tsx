import { Link } from '../../lib/router'
import type { Product } from '../../../common/contracts/catalogue'
import { Carousel, type CarouselProps } from '../../ui/carousel'
import { CarouselHeading } from '../../ui/carousel-heading'
import { ChevronRightIcon } from '../../ui/icons'
import { ProductCard, type ProductCardProps } from './product-card'
import { ProductCardSkeleton } from './product-card-skeleton'

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
      <CarouselHeading id={headingId} title={title} action={viewAllHref && <ViewAllLink href={viewAllHref} title={title} />} />
      <Carousel
        label={headingId ? undefined : title}
        labelledBy={headingId}
        slidesPerView={slidesPerView}
        placeholder={5}
        placeholderSlide={<ProductCardSkeleton />}
      >
        {products?.map((product) => (
          <ProductCard
            key={product.product_id}
            product={product}
            action={action}
            corner={corner}
            className="transition-shadow duration-200 hover:shadow-md motion-reduce:transition-none"
          />
        ))}
      </Carousel>
    </>
  )
}

/** A shelf's 'View all' link, named by the shelf's title for screen readers. */
export function ViewAllLink({ href, title }: { href: string; title: string }) {
  return (
    <Link to={href} className="inline-flex items-center gap-0.5 rounded-md text-primary hover:underline hover:underline-offset-4">
      View all<span className="sr-only"> {title}</span>
      <ChevronRightIcon className="size-4" />
    </Link>
  )
}
