import type { ReactNode } from 'react'
import { Button } from '../../../ui/button'
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '../../../staff/ui/staff-icons'
import { moveItem } from '../editor-state'

/** A list of items (slides, tiles): add, remove, move up and down. */
export function ItemList<I extends object>({
  label,
  items,
  onChange,
  make,
  render,
  itemLabel,
  error,
}: {
  label: string
  items: I[]
  onChange: (items: I[]) => void
  make: () => I
  /** `set` replaces the keys it is given; a key set to undefined is not saved */
  render: (item: I, set: (changes: Partial<I>) => void, index: number) => ReactNode
  itemLabel: (i: number) => string
  error?: string
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      {error && <p className="text-sm text-danger">{error}</p>}
      {items.length === 0 && <p className="text-sm text-muted">None yet.</p>}
      {items.map((item, i) => {
        const set = (changes: Partial<I>) => onChange(items.map((x, j) => (j === i ? { ...item, ...changes } : x)))
        return (
          <div key={i} className="flex flex-col gap-3 rounded-md bg-background p-3">
            <div className="flex items-center gap-1">
              <span className="mr-auto text-sm font-medium">{itemLabel(i)}</span>
              <Button
                size="icon"
                variant="ghost"
                className="size-8"
                aria-label={`Move ${itemLabel(i)} up`}
                disabled={i === 0}
                onClick={() => onChange(moveItem(items, i, i - 1))}
              >
                <ArrowUpIcon className="size-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                className="size-8"
                aria-label={`Move ${itemLabel(i)} down`}
                disabled={i === items.length - 1}
                onClick={() => onChange(moveItem(items, i, i + 1))}
              >
                <ArrowDownIcon className="size-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                className="size-8 text-danger"
                aria-label={`Remove ${itemLabel(i)}`}
                onClick={() => onChange(items.filter((_, j) => j !== i))}
              >
                <TrashIcon className="size-4" />
              </Button>
            </div>
            {render(item, set, i)}
          </div>
        )
      })}
      <Button variant="outline" size="sm" className="self-start" onClick={() => onChange([...items, make()])}>
        <PlusIcon className="size-4" /> Add {itemLabel(items.length).replace(/ \d+$/, '').toLowerCase()}
      </Button>
    </fieldset>
  )
}
