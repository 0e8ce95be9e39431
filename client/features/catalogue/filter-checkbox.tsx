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

/** One filter row: a native checkbox with its label as a 40px tap target (classes in client/index.css: a list has many rows). */
export function FilterCheckbox({ label, checked, indeterminate = false, onChange, className }: FilterCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate
  }, [indeterminate])

  return (
    <label className={cn('check-row', checked && 'font-medium', className)}>
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        aria-checked={indeterminate ? 'mixed' : checked}
        onChange={(e) => onChange(e.target.checked)}
        className="check-box"
      />
      {/* long names wrap rather than being cut off (issue 18) */}
      <span className="check-name">{label}</span>
    </label>
  )
}
