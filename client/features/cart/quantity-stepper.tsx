import { cn } from '../../lib/cn'
import { Spinner } from '../../ui/spinner'

interface QuantityStepperProps {
  quantity: number
  /** what the buttons act on, for their labels: 'Basmati Rice 1 kg' */
  itemLabel: string
  busy: boolean
  /** false on a line that can't be bought as it is: one more would not help */
  canAdd?: boolean
  onMinus: () => void
  onPlus: () => void
  size?: 'sm' | 'md'
  className?: string
}

/** Minus, the quantity and plus; the number gives way to a spinner while a call runs. */
export function QuantityStepper({ quantity, itemLabel, busy, canAdd = true, onMinus, onPlus, size = 'sm', className }: QuantityStepperProps) {
  const button = cn(
    'flex items-center justify-center font-bold text-on-primary hover:bg-black/10 disabled:opacity-60',
    size === 'sm' ? 'size-8 text-lg' : 'size-11 text-xl',
  )
  return (
    <div
      role="group"
      aria-label={`Quantity of ${itemLabel}`}
      aria-busy={busy || undefined}
      className={cn('inline-flex items-center justify-between overflow-hidden rounded-md bg-primary text-on-primary', className)}
    >
      <button type="button" className={button} disabled={busy} onClick={onMinus} aria-label={quantity === 1 ? `Remove ${itemLabel}` : `One fewer ${itemLabel}`}>
        −
      </button>
      <span className={cn('flex justify-center text-sm font-semibold tabular-nums', size === 'sm' ? 'min-w-7' : 'min-w-10')} aria-live="polite">
        {busy ? <Spinner label="Updating cart" /> : quantity}
      </span>
      <button type="button" className={button} disabled={busy || !canAdd} onClick={onPlus} aria-label={`One more ${itemLabel}`}>
        +
      </button>
    </div>
  )
}
