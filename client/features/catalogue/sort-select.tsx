import { useId } from 'react'
import { isSort, SORT_LABELS, SORTS, type Sort } from '../../../common/contracts/product-sorts'
import { cn } from '../../lib/cn'
import { ChevronDownIcon } from '../../ui/icons'

/** The server's default order: relevance when searching, popularity otherwise. */
export const defaultSort = (hasQuery: boolean): Sort => (hasQuery ? 'relevance' : 'popularity')

/** Relevance only means something for a search. */
export const sortOptions = (hasQuery: boolean): Sort[] => SORTS.filter((s) => hasQuery || s !== 'relevance')

export interface SortSelectProps {
  /** ?s=; undefined shows the default order. */
  value: Sort | undefined
  /** Whether there is search text (q). */
  hasQuery: boolean
  onChange: (sort: Sort) => void
  className?: string
}

export function SortSelect({ value, hasQuery, onChange, className }: SortSelectProps) {
  const id = useId()
  const options = sortOptions(hasQuery)
  const current = value && options.includes(value) ? value : defaultSort(hasQuery)

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="shrink-0 text-sm text-muted max-sm:sr-only">
        Sort by
      </label>
      <div className="relative min-w-0 flex-1">
        <select
          id={id}
          value={current}
          onChange={(e) => isSort(e.target.value) && onChange(e.target.value)}
          className="h-10 w-full cursor-pointer appearance-none rounded-md border border-border bg-surface pr-9 pl-3 text-sm font-medium outline-none hover:border-muted focus:border-primary"
        >
          {options.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted" />
      </div>
    </div>
  )
}
