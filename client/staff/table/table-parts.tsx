import { type ComponentProps, type ReactNode, useEffect, useRef } from 'react'
import { cn } from '../../lib/cn'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '../ui/staff-icons'

/** A checkbox that can show 'some selected' (indeterminate), which HTML only allows from script. */
export function Checkbox({ indeterminate = false, className, ...props }: ComponentProps<'input'> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate
  }, [indeterminate])
  return <input ref={ref} type="checkbox" className={cn('size-4 cursor-pointer accent-primary', className)} {...props} />
}

/** A sortable column's header: a button that says which way it sorts (aria-sort sits on the th). */
export function SortButton({ children, sorted, onClick }: { children: ReactNode; sorted: false | 'asc' | 'desc'; onClick?: (e: unknown) => void }) {
  const Icon = sorted === 'asc' ? ArrowUpIcon : sorted === 'desc' ? ArrowDownIcon : SortIcon
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn('-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-background', sorted && 'text-text')}
    >
      {children}
      <Icon className={cn('size-3.5', !sorted && 'opacity-40')} />
    </button>
  )
}

/** Rows of grey bars while the first answer is on its way. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, r) => (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a skeleton row; nothing in it takes focus
    <tr key={r} className="border-t border-border" aria-hidden="true">
      {Array.from({ length: columns }, (_, c) => (
        <td key={c} className="px-3 py-3.5">
          <span className={cn('block h-3.5 animate-pulse rounded bg-border', c === 0 ? 'w-4' : c === 1 ? 'w-48' : 'w-16')} />
        </td>
      ))}
    </tr>
  ))
}

/** The answer failed: what went wrong (spec §8 text) and a way to try again. */
export function TableError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <p className="font-medium">The list could not be loaded.</p>
      <p className="text-sm text-muted">{errorText(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

/** Nothing to show: say why and offer the useful next step (clear the filters, add the first one). */
export function TableEmpty({ title, message, action }: { title: string; message?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
      <p className="font-medium">{title}</p>
      {message && <p className="text-sm text-muted">{message}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  )
}
