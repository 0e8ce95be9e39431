import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'

export interface SpinnerProps extends ComponentProps<'span'> {
  /** When given, the spinner announces itself (role="status"); otherwise it is decorative. */
  label?: string
}

export function Spinner({ label, className, ...props }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} aria-hidden={label ? undefined : true} className={cn('inline-flex items-center', className)} {...props}>
      <span className="size-[1em] animate-spin rounded-full border-2 border-current border-r-transparent" />
      {label && <span className="sr-only">{label}</span>}
    </span>
  )
}
