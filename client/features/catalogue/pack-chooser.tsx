import { useId } from 'react'
import type { Pack } from '../../../common/contracts/catalogue'
import { toPaise } from '../../../common/money'
import { cn } from '../../lib/cn'
import { Price } from '../../ui/price'
import { UnitPrice } from '../../ui/unit-price'

/** The pack to show first: the first one in stock, else the first. */
export const firstChoice = (packs: Pack[]): Pack | undefined => packs.find((p) => p.in_stock) ?? packs[0]

export interface PackChooserProps {
  packs: Pack[]
  value: number | undefined
  onChange: (pack: Pack) => void
  className?: string
}

/** A radio group of pack sizes: name, price, struck MRP, 'x% OFF'; out-of-stock packs can't be chosen. */
export function PackChooser({ packs, value, onChange, className }: PackChooserProps) {
  const name = useId()
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-semibold">Pack size</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {packs.map((pack) => {
          const checked = pack.pack_id === value
          return (
            <label
              key={pack.pack_id}
              className={cn(
                'relative flex min-h-16 cursor-pointer flex-col justify-center rounded-lg border-2 px-3 py-2 text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
                checked ? 'border-primary bg-primary/5' : 'border-border bg-surface hover:border-muted',
                !pack.in_stock && 'cursor-not-allowed bg-background opacity-60 hover:border-border',
              )}
            >
              <input
                type="radio"
                name={name}
                value={pack.pack_id}
                checked={checked}
                disabled={!pack.in_stock}
                onChange={() => onChange(pack)}
                className="sr-only"
              />
              <span className="font-medium">{pack.pack_name}</span>
              <Price price={toPaise(pack.price)} actPrice={toPaise(pack.act_price)} className="text-sm [&_s]:text-xs" />
              <UnitPrice packName={pack.pack_name} price={toPaise(pack.price)} className="text-[11px]" />
              {pack.in_stock ? (
                pack.discount > 0 && <span className="text-xs font-semibold text-success">{pack.discount}% OFF</span>
              ) : (
                <span className="text-xs font-medium text-danger">Out of stock</span>
              )}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
