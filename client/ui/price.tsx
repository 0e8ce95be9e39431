import { cn } from '../lib/cn'
import { formatINR } from '../../common/money'

export interface PriceProps {
  /** Selling price in paise. */
  price: number
  /** Original price (a pack's act_price) in paise; shown struck through when higher than price. */
  actPrice?: number | null
  className?: string
}

export function Price({ price, actPrice, className }: PriceProps) {
  const discounted = typeof actPrice === 'number' && actPrice > price
  return (
    <span className={cn('price', className)}>
      <span className="price-now" data-price={price}>
        {formatINR(price)}
      </span>
      {discounted && (
        <s className="text-sm text-muted">
          <span className="sr-only">Original price </span>
          {formatINR(actPrice)}
        </s>
      )}
    </span>
  )
}
