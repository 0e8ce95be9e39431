import { useEffect, useRef, type ComponentProps } from 'react'
import { cn } from '../lib/cn'
import { SEARCH_FOCUS_DELAY_MS } from '../../common/rules/constants'
import { SearchIcon } from './icons'

export interface SearchFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** ms after mounting before the input takes focus; false to never autofocus. */
  autoFocusDelay?: number | false
}

export function SearchField({
  autoFocusDelay = SEARCH_FOCUS_DELAY_MS,
  className,
  ref,
  'aria-label': ariaLabel = 'Search',
  placeholder = 'Search',
  ...props
}: SearchFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (autoFocusDelay === false) return
    const t = setTimeout(() => inputRef.current?.focus(), autoFocusDelay)
    return () => clearTimeout(t)
  }, [autoFocusDelay])

  return (
    <div className={cn('relative flex items-center', className)}>
      <SearchIcon className="pointer-events-none absolute left-3 size-4 text-muted" />
      <input
        ref={(el) => {
          inputRef.current = el
          if (typeof ref === 'function') ref(el)
          else if (ref) ref.current = el
        }}
        type="search"
        aria-label={ariaLabel}
        placeholder={placeholder}
        autoComplete="off"
        className="h-10 w-full rounded-md border border-border bg-surface pr-3 pl-9 text-sm outline-none focus:border-primary"
        {...props}
      />
    </div>
  )
}
