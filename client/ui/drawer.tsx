import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { cn } from '../lib/cn'
import { useOverlay } from './use-overlay'
import { OverlayCloseButton } from './overlay-close-button'

export interface DrawerProps {
  open: boolean
  /** Called after the 300 ms closing animation that Escape, the backdrop or the X button start. */
  onClose: () => void
  title: ReactNode
  side?: 'left' | 'right'
  /** Width in px (cart 500, category 300); full width on screens narrower than that. */
  width?: number
  children?: ReactNode
  footer?: ReactNode
  className?: string
}

export function Drawer({ open, onClose, title, side = 'right', width = 400, children, footer, className }: DrawerProps) {
  const { mounted, visible, requestClose, panelRef, titleId, state } = useOverlay({ open, onClose })
  if (!mounted) return null
  const hidden = side === 'right' ? 'translate-x-full' : '-translate-x-full'

  return createPortal(
    <div className="fixed inset-0 z-50">
      <div
        aria-hidden="true"
        data-testid="drawer-backdrop"
        onClick={requestClose}
        className={cn('absolute inset-0 bg-black/50 transition-opacity duration-300', visible ? 'opacity-100' : 'opacity-0')}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-state={state}
        data-side={side}
        style={{ width, maxWidth: '100vw' }}
        className={cn(
          'absolute inset-y-0 flex flex-col bg-surface text-text shadow-xl outline-none transition-transform duration-300 ease-out',
          side === 'right' ? 'right-0' : 'left-0',
          visible ? 'translate-x-0' : hidden,
          className,
        )}
      >
        <div className="flex items-center justify-between gap-4 border-b border-border px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <OverlayCloseButton onClick={requestClose} className="-mr-2" />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
        {footer && <div className="border-t border-border p-4">{footer}</div>}
      </div>
    </div>,
    document.body,
  )
}
