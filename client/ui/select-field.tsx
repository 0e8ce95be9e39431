import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '../lib/cn'
import { describedBy, FieldFrame } from './field-frame'

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
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, { hint, error })}
        className={cn('h-10 w-full rounded-md border border-border bg-surface px-3 text-sm outline-none focus:border-primary', error && 'border-danger')}
        {...props}
      >
        {placeholder !== null && <option value="">{placeholder}</option>}
        {options
          .map((o) => (typeof o === 'string' ? { value: o, label: o } : o))
          .map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
      </select>
    </FieldFrame>
  )
}
