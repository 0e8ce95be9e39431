import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '../lib/cn'

export type SelectOption = string | { value: string; label: string }

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'required'> {
  label: string
  error?: string
  hint?: ReactNode
  required?: boolean
  /** a value that is its own label, or { value, label } */
  options: readonly SelectOption[]
  /** the first, empty choice; null for none */
  placeholder?: string | null
}

/** A native select with the same label, error and aria wiring as TextField. */
export function SelectField({ label, error, hint, required, options, placeholder = 'Choose…', className, ...props }: SelectFieldProps) {
  const id = useId()
  const hintId = hint && !error ? `${id}-hint` : undefined
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && <span aria-hidden="true" className="text-danger"> *</span>}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={error ? `${id}-error` : hintId}
        className={cn('h-10 w-full rounded-md border border-border bg-surface px-3 text-sm outline-none focus:border-primary', error && 'border-danger')} {...props}>
        {placeholder !== null && <option value="">{placeholder}</option>}
        {options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o)).map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {hintId && <p id={hintId} className="text-sm text-muted">{hint}</p>}
      {error && <p id={`${id}-error`} className="text-sm text-danger">{error}</p>}
    </div>
  )
}
