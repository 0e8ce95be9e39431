import type { Product } from '../../../common/contracts/catalogue'
import { CarouselHeading } from '../../ui/carousel-heading'
import { ProductCard, type ProductCardProps } from './product-card'
import { ProductCardSkeleton } from './product-card-skeleton'
import { ViewAllLink } from './product-carousel'

export interface ProductGridSectionProps {
  title: string
  /** id for the h2 (the page section points its aria-labelledby at it) */
  headingId?: string
  /** the 'View all' target, a site path */
  viewAllHref?: string
  /** undefined while loading (skeleton cards show); an empty list renders nothing */
  products: Product[] | undefined
  action?: ProductCardProps['action']
  corner?: ProductCardProps['corner']
}

/** 2 across on a phone (as Blinkit and BigBasket), 3, 4, then 6 on a wide screen: 12 products fill whole rows at each. */
const gridClasses = 'grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 xl:grid-cols-6'
const SKELETON_CARDS = 4

/** Issue 31: a page's products in rows, each card with its Add to Cart (the route's `action`); images load as they scroll in. */
export function ProductGridSection({ title, headingId, viewAllHref, products, action, corner }: ProductGridSectionProps) {
  if (products && products.length === 0) return null
  return (
    <>
      <CarouselHeading id={headingId} title={title} action={viewAllHref && <ViewAllLink href={viewAllHref} title={title} />} />
      {products ? (
        <ul className={gridClasses} aria-label={headingId ? undefined : title}>
          {products.map((product) => (
            <li key={product.product_id}>
              <ProductCard
                product={product}
                action={action}
                corner={corner}
                className="transition-shadow duration-200 hover:shadow-md motion-reduce:transition-none"
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className={gridClasses}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      )}
    </>
  )
}
