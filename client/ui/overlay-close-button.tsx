import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'
import { XIcon } from './icons'

/** The X button of modals and drawers; skipped when choosing what to focus on open. */
export function OverlayCloseButton({ className, ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label="Close"
      data-overlay-close=""
      className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted hover:bg-background hover:text-text', className)}
      {...props}
    >
      <XIcon className="size-5" />
    </button>
  )
}
