import type { ReactNode } from 'react'
import { cn } from '../lib/cn'

export interface FieldFrameProps {
  id: string
  label: ReactNode
  required?: boolean
  hint?: ReactNode
  error?: string
  className?: string
  children: ReactNode
}

/** The ids a control's aria-describedby names: its error, else its hint. */
export const describedBy = (id: string, { hint, error }: { hint?: ReactNode; error?: string }) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined)

/** Label above, hint or error below, for a control whose id is `id` (select, textarea). */
export function FieldFrame({ id, label, required, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
