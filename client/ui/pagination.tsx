import { useId } from 'react'
import { cn } from '../lib/cn'
import { PAGINATION_WINDOW, ROWS_PER_PAGE } from '../../common/rules/constants'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis'

/**
 * Page buttons to show: a window of PAGINATION_WINDOW pages around `current`, plus the first and
 * last page. A gap of one page shows that page; a longer gap shows an ellipsis.
 */
export function pageWindow(current: number, totalPages: number): PageItem[] {
  if (totalPages < 1) return []
  const page = Math.min(Math.max(1, current), totalPages)
  const half = Math.floor(PAGINATION_WINDOW / 2)
  const start = Math.max(1, Math.min(page - half, totalPages - PAGINATION_WINDOW + 1))
  const end = Math.min(totalPages, start + PAGINATION_WINDOW - 1)

  const items: PageItem[] = []
  if (start > 1) items.push(1)
  if (start === 3) items.push(2)
  else if (start > 3) items.push('start-ellipsis')
  for (let p = start; p <= end; p++) items.push(p)
  if (end === totalPages - 2) items.push(totalPages - 1)
  else if (end < totalPages - 2) items.push('end-ellipsis')
  if (end < totalPages) items.push(totalPages)
  return items
}

export function totalPagesOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)))
}

export interface PaginationProps {
  page: number
  /** Total number of rows (shown as 'Total: N'). */
  total: number
  perPage: number
  onChange: (page: number) => void
  /** Shows the rows-per-page select when given. */
  onPerPageChange?: (perPage: number) => void
  className?: string
}

// .page-btn, .page-other: client/index.css (a list page draws up to nine of these)
const pageButton = 'page-btn'
const otherPage = 'page-other'
/** Its own colours, not added to the others': without class merging, `bg-surface` would win over `bg-primary`. */
const currentPage = 'border-primary bg-primary font-semibold text-on-primary'

export function Pagination({ page, total, perPage, onChange, onPerPageChange, className }: PaginationProps) {
  const selectId = useId()
  const totalPages = totalPagesOf(total, perPage)

  // Moves outside the range or to the current page do nothing (spec §4).
  const go = (target: number) => {
    if (target < 1 || target > totalPages || target === page) return
    onChange(target)
  }

  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3 text-sm', className)}>
      <p className="text-muted">Total: {total}</p>
      <nav aria-label="Pagination">
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <button type="button" className={cn(pageButton, otherPage)} aria-label="Previous page" disabled={page <= 1} onClick={() => go(page - 1)}>
              <ChevronLeftIcon className="size-4" />
            </button>
          </li>
          {pageWindow(page, totalPages).map((item) =>
            typeof item === 'number' ? (
              <li key={item}>
                <button
                  type="button"
                  aria-label={`Page ${item}`}
                  aria-current={item === page ? 'page' : undefined}
                  onClick={() => go(item)}
                  className={cn(pageButton, item === page ? currentPage : otherPage)}
                >
                  {item}
                </button>
              </li>
            ) : (
              <li key={item} aria-hidden="true" className="px-1 text-muted">
                …
              </li>
            ),
          )}
          <li>
            <button type="button" className={cn(pageButton, otherPage)} aria-label="Next page" disabled={page >= totalPages} onClick={() => go(page + 1)}>
              <ChevronRightIcon className="size-4" />
            </button>
          </li>
        </ul>
      </nav>
      {onPerPageChange && (
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-muted">
            Rows per page
          </label>
          <select
            id={selectId}
            value={perPage}
            onChange={(e) => onPerPageChange(Number(e.target.value))}
            className="h-9 rounded-md border border-border bg-surface px-2"
          >
            {ROWS_PER_PAGE.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  )
}
