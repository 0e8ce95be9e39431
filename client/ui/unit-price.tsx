import { unitPriceText } from '../../common/unit-price'
import { cn } from '../lib/cn'

/** A pack's unit sale price ('₹12.80/100 g'), shown next to its price (issue 18); nothing when the name has no quantity. */
export function UnitPrice({ packName, price, className }: { packName: string /** paise */; price: number; className?: string }) {
  const text = unitPriceText(packName, price)
  return text ? (
    <span className={cn('text-xs text-muted', className)} data-testid="unit-price">
      {text}
    </span>
  ) : null
}
