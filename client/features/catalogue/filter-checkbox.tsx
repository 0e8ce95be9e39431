import { type ReactNode, useEffect, useRef } from 'react'
import { cn } from '../../lib/cn'

export interface FilterCheckboxProps {
  label: ReactNode
  checked: boolean
  /** Partly ticked (some subcategories chosen); shown as a dash. */
  indeterminate?: boolean
  onChange: (checked: boolean) => void
  className?: string
}

/** One filter row: a native checkbox with its label as a 40px tap target. */
export function FilterCheckbox({ label, checked, indeterminate = false, onChange, className }: FilterCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate
  }, [indeterminate])

  return (
    <label className={cn('flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 text-sm hover:bg-background', checked && 'font-medium', className)}>
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        aria-checked={indeterminate ? 'mixed' : checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 shrink-0 cursor-pointer rounded accent-primary"
      />
      {/* long names wrap rather than being cut off (issue 18) */}
      <span className="min-w-0 py-1.5 leading-5 break-words">{label}</span>
    </label>
  )
}
