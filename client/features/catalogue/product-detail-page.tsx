import { type ReactNode, useState } from 'react'
import { Link } from '../../lib/router'
import type { Pack, Product } from '../../../common/contracts/catalogue'
import { toPaise } from '../../../common/money'
import { ApiError } from '../../lib/error-text'
import { Price } from '../../ui/price'
import { UnitPrice } from '../../ui/unit-price'
import { useProduct } from './api'
import type { Crumb } from './category-tree'
import { LoadError } from './load-error'
import { firstChoice, PackChooser } from './pack-chooser'
import { ProductBreadcrumbs } from './product-breadcrumbs'
import { ProductDetailSkeleton } from './product-detail-skeleton'
import { ProductGallery } from './product-gallery'
import { ProductInfoSections } from './product-info-sections'
import type { ProductCardProps } from './product-card'
import { ProductShelves } from './product-shelves'
import { ProductNotFound } from './product-not-found'

export interface ProductDetailPageProps {
  slug: string
  /** The cart control for the chosen pack. */
  action?: (pack: Pack, product: Product) => ReactNode
  /** e.g. the wishlist heart. */
  corner?: (product: Product) => ReactNode
  /** Trail between Home and the product, e.g. its category: a list, or built from the product once loaded. */
  breadcrumbs?: Crumb[] | ((product: Product) => Crumb[])
  /** shown under the price, e.g. the delivery estimate for the chosen pincode */
  priceNote?: ReactNode
  /** the cart control of the cards on the page's shelves */
  cardAction?: ProductCardProps['action']
}

/** /products/{slug}: gallery, brand, name, pack chooser with price and cart control, collapsed details. */
export function ProductDetailPage({ slug, action, corner, breadcrumbs, priceNote, cardAction }: ProductDetailPageProps) {
  const query = useProduct(slug)
  if (query.isPending) return <ProductDetailSkeleton />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <ProductNotFound />
    return (
      <LoadError error={query.error} title="Could not load this product" onRetry={() => void query.refetch()} retrying={query.isFetching} className="my-6" />
    )
  }
  const product = query.data
  const trail = typeof breadcrumbs === 'function' ? breadcrumbs(product) : breadcrumbs
  // Keyed by product so moving to another product starts from its own first pack.
  return (
    <ProductDetail
      key={product.product_id}
      product={product}
      trail={trail ?? []}
      action={action}
      corner={corner}
      priceNote={priceNote}
      cardAction={cardAction}
    />
  )
}

interface ProductDetailProps extends Pick<ProductDetailPageProps, 'action' | 'corner' | 'priceNote' | 'cardAction'> {
  product: Product
  trail: Crumb[]
}

function ProductDetail({ product, trail, action, corner, priceNote, cardAction }: ProductDetailProps) {
  const [packId, setPackId] = useState(() => firstChoice(product.packs)?.pack_id)
  const pack = product.packs.find((p) => p.pack_id === packId)

  return (
    <div className="py-4 max-sm:pb-24 md:py-6">
      <ProductBreadcrumbs trail={[...trail, { label: product.product_name, to: `/products/${product.slug}` }]} className="mb-4" />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="relative md:sticky md:top-24 md:self-start">
          <ProductGallery medias={product.medias} name={product.product_name} />
          {corner && <div className="absolute top-3 right-3">{corner(product)}</div>}
        </div>

        <div className="flex flex-col gap-5">
          <div>
            <Link
              to={`/products?b=${encodeURIComponent(product.brand_slug)}`}
              className="text-sm font-semibold tracking-wide text-primary uppercase hover:underline"
            >
              {product.brand_name}
            </Link>
            <h1 className="mt-1 text-2xl leading-tight font-bold tracking-tight md:text-3xl">{product.product_name}</h1>
          </div>

          {pack ? (
            <div aria-live="polite" data-testid="pack-price">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <Price price={toPaise(pack.price)} actPrice={toPaise(pack.act_price)} className="text-2xl [&_s]:text-base" />
                {pack.discount > 0 && <span className="rounded bg-success/10 px-2 py-0.5 text-sm font-semibold text-success">{pack.discount}% OFF</span>}
              </div>
              <p className="mt-1 text-xs text-muted">
                {pack.pack_name}
                <UnitPrice packName={pack.pack_name} price={toPaise(pack.price)} className="ml-1 before:content-['('] after:content-[')']" /> · Inclusive of all
                taxes
              </p>
            </div>
          ) : (
            <p className="font-medium text-muted">Currently unavailable</p>
          )}
          {priceNote}

          {product.packs.length > 0 && <PackChooser packs={product.packs} value={packId} onChange={(p) => setPackId(p.pack_id)} />}

          {pack && (
            <div className="flex min-h-12 items-center max-sm:hidden">
              {pack.in_stock ? action?.(pack, product) : <p className="font-medium text-danger">Out of stock</p>}
            </div>
          )}
          {pack && (
            // phones: the price and the add control stay in reach at the bottom of the screen
            <div
              data-testid="sticky-buy-bar"
              className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t border-border bg-surface px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.06)] sm:hidden"
            >
              <div className="min-w-0">
                <Price price={toPaise(pack.price)} actPrice={toPaise(pack.act_price)} className="text-base [&_s]:text-xs" />
                <p className="truncate text-xs text-muted">{pack.pack_name}</p>
              </div>
              <div className="flex min-h-11 shrink-0 items-center">
                {pack.in_stock ? action?.(pack, product) : <p className="font-medium text-danger">Out of stock</p>}
              </div>
            </div>
          )}

          <ProductInfoSections description={product.product_description} info={product.product_info} />
        </div>
      </div>
      <ProductShelves product={product} action={cardAction} corner={corner} />
    </div>
  )
}
