import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '../lib/cn'

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'required'> {
  label?: ReactNode
  error?: string
  hint?: ReactNode
  /** Marks the field as required for people and assistive tech; validation itself is the form's job. */
  required?: boolean
}

/** Label, input and error text wired with aria-invalid and aria-describedby. */
export function TextField({ label, error, hint, required, id, className, 'aria-describedby': describedBy, ...props }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const hintId = hint && !error ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {label && (
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
          {required && (
            <span aria-hidden="true" className="text-danger">
              {' '}
              *
            </span>
          )}
        </label>
      )}
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedByIds}
        className={cn(
          'h-10 w-full rounded-md border border-border bg-surface px-3 text-sm outline-none placeholder:text-muted focus:border-primary',
          'read-only:bg-background disabled:opacity-60',
          error && 'border-danger focus:border-danger',
        )}
        {...props}
      />
      {hintId && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
