import type { Product } from '../../../common/contracts/catalogue'
import { cn } from '../../lib/cn'
import { ProductCard, type ProductCardProps } from './product-card'

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
    <ul aria-busy={stale || undefined}
      className={cn(gridClasses, 'transition-opacity duration-200', stale && 'pointer-events-none opacity-50', className)}>
      {products.map((product, i) => (
        <li key={product.product_id}>
          <ProductCard product={product} action={action} corner={corner} priority={i < EAGER_IMAGES}
            className="transition-shadow hover:shadow-md" />
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
        <div key={i} aria-hidden="true" className="flex flex-col rounded-lg border border-border bg-surface p-3">
          <div className="aspect-square w-full animate-pulse rounded-md bg-border/60" />
          <div className="mt-3 h-4 w-11/12 animate-pulse rounded bg-border/60" />
          <div className="mt-1.5 h-4 w-2/3 animate-pulse rounded bg-border/60" />
          <div className="mt-2 h-3 w-1/3 animate-pulse rounded bg-border/60" />
          <div className="mt-4 flex items-center justify-between">
            <div className="h-5 w-16 animate-pulse rounded bg-border/60" />
            <div className="h-9 w-20 animate-pulse rounded-md bg-border/60" />
          </div>
        </div>
      ))}
    </div>
  )
}
