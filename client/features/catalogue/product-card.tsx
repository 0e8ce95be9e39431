import type { ReactNode } from 'react'
import { Link } from '../../lib/router'
import type { Pack, Product } from '../../../common/contracts/catalogue'
import { toPaise } from '../../../common/money'
import { cn } from '../../lib/cn'
import { Image } from '../../ui/image'
import { Price } from '../../ui/price'
import { UnitPrice } from '../../ui/unit-price'
import { bestDiscountPercent } from '../../../common/unit-price'

export interface ProductCardProps {
  product: Product
  /** the cart control for the first pack, supplied by the route (features don't import each other) */
  action?: (pack: Pack, product: Product) => ReactNode
  /** e.g. the wishlist heart */
  corner?: (product: Product) => ReactNode
  className?: string
  priority?: boolean
}

/**
 * Spec §2: first image, name, first pack's name, price and struck-through act_price; links to /products/{slug}.
 * Its classes are component classes (client/index.css .card…): a list page draws 24 cards.
 */
export function ProductCard({ product, action, corner, className, priority }: ProductCardProps) {
  const pack = product.packs[0]
  const href = `/products/${product.slug}`
  // the first pack has no discount but another has: say so, as the grocery apps do
  const upTo = pack && pack.discount <= 0 ? bestDiscountPercent(product.packs) : 0
  return (
    <article className={cn('card', className)}>
      {pack && pack.discount > 0 && <span className="card-badge">{pack.discount}% OFF</span>}
      {upTo > 0 && (
        <span data-testid="up-to-off" className="card-badge">
          Up to {upTo}% off
        </span>
      )}
      {corner && <div className="card-corner">{corner(product)}</div>}
      <Link to={href} className="block" tabIndex={-1} aria-hidden="true">
        <Image
          src={product.medias[0]?.src ?? product.image}
          size="small"
          alt=""
          width={400}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          className="card-img"
        />
      </Link>
      <h3 className="card-name">
        <Link to={href}>{product.product_name}</Link>
      </h3>
      {pack && (
        <p className="card-pack">
          {pack.pack_name}
          <UnitPrice packName={pack.pack_name} price={toPaise(pack.price)} className="card-unit" />
        </p>
      )}
      <div className="card-foot">
        {pack ? (
          <Price price={toPaise(pack.price)} actPrice={toPaise(pack.act_price)} className="text-sm" />
        ) : (
          <span className="text-sm text-muted">Unavailable</span>
        )}
        {pack && action?.(pack, product)}
      </div>
    </article>
  )
}
