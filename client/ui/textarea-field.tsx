import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '../lib/cn'
import { describedBy, FieldFrame } from './field-frame'

export interface TextareaFieldProps extends Omit<ComponentProps<'textarea'>, 'required'> {
  label: string
  error?: string
  hint?: ReactNode
  required?: boolean
}

/** A multi-line text field with the same label, hint, error and aria wiring as TextField. */
export function TextareaField({ label, error, hint, required, className, rows = 4, ...props }: TextareaFieldProps) {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, { hint, error })}
        className={cn(
          'w-full rounded-md border border-border bg-surface px-3 py-2 text-sm outline-none placeholder:text-muted focus:border-primary',
          error && 'border-danger',
        )}
        {...props}
      />
    </FieldFrame>
  )
}
