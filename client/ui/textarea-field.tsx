import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '../lib/cn'

export interface TextareaFieldProps extends Omit<ComponentProps<'textarea'>, 'required'> {
  label: string
  error?: string
  hint?: ReactNode
  required?: boolean
}

/** A multi-line text field with the same label, hint, error and aria wiring as TextField. */
export function TextareaField({ label, error, hint, required, className, rows = 4, ...props }: TextareaFieldProps) {
  const id = useId()
  const hintId = hint && !error ? `${id}-hint` : undefined
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && <span aria-hidden="true" className="text-danger"> *</span>}
      </label>
      <textarea id={id} rows={rows} aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={error ? `${id}-error` : hintId}
        className={cn('w-full rounded-md border border-border bg-surface px-3 py-2 text-sm outline-none placeholder:text-muted focus:border-primary', error && 'border-danger')} {...props} />
      {hintId && <p id={hintId} className="text-sm text-muted">{hint}</p>}
      {error && <p id={`${id}-error`} className="text-sm text-danger">{error}</p>}
    </div>
  )
}
