import type { Product } from '../../../common/contracts/catalogue'
import { cn } from '../../lib/cn'
import { ProductCard, type ProductCardProps } from './product-card'
import { ProductCardSkeleton } from './product-card-skeleton'

const gridClasses = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5'

/** The first row is above the fold on most screens: load those images eagerly. */
const EAGER_IMAGES = 4

export interface ProductGridProps {
  products: Product[]
  action?: ProductCardProps['action']
  corner?: ProductCardProps['corner']
  /** The next page is loading: dim the current one. */
  stale?: boolean
  className?: string
}

export function ProductGrid({ products, action, corner, stale = false, className }: ProductGridProps) {
  return (
    <>
      {/* Cards title themselves with h3: the list needs the h2 between them and the page's h1. */}
      <h2 className="sr-only">Products</h2>
      <ul aria-busy={stale || undefined} className={cn(gridClasses, 'transition-opacity duration-200', stale && 'pointer-events-none opacity-50', className)}>
        {products.map((product, i) => (
          <li key={product.product_id}>
            <ProductCard product={product} action={action} corner={corner} priority={i < EAGER_IMAGES} className="card-lift" />
          </li>
        ))}
      </ul>
    </>
  )
}

export function ProductGridSkeleton({ count = 10, className }: { count?: number; className?: string }) {
  return (
    <div role="status" aria-label="Loading products" className={cn(gridClasses, className)}>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  )
}
