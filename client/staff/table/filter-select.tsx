import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** A list's filter in its toolbar: a native select named by its aria-label, its first option the unfiltered one. */
export function FilterSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn('h-10 rounded-md border border-border bg-surface px-3 text-sm', className)} {...props} />
}
