import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { cn } from '../lib/cn'
import { MODAL_WIDTH } from '../../common/rules/constants'
import { useOverlay } from './use-overlay'
import { OverlayCloseButton } from './overlay-close-button'

export interface ModalProps {
  open: boolean
  /** Called after the 300 ms closing animation that Escape, the backdrop or the X button start. */
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  /** Panel width in px; never wider than the screen. */
  width?: number
  children?: ReactNode
  footer?: ReactNode
  className?: string
  /** Set false for dialogs that must be answered (the backdrop then does nothing). */
  dismissible?: boolean
}

export function Modal({ open, onClose, title, description, width = MODAL_WIDTH, children, footer, className, dismissible = true }: ModalProps) {
  const { mounted, visible, requestClose, panelRef, titleId, state } = useOverlay({ open, onClose })
  if (!mounted) return null
  const descriptionId = description ? `${titleId}-description` : undefined

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div
        aria-hidden="true"
        data-testid="modal-backdrop"
        onClick={dismissible ? requestClose : undefined}
        className={cn('absolute inset-0 bg-black/50 transition-opacity duration-300', visible ? 'opacity-100' : 'opacity-0')}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        data-state={state}
        style={{ width, maxWidth: '100vw' }}
        className={cn(
          'relative flex max-h-[90dvh] flex-col rounded-t-xl bg-surface text-text shadow-xl outline-none sm:max-w-[calc(100vw-2rem)] sm:rounded-xl',
          'transition duration-300 ease-out',
          visible ? 'translate-y-0 opacity-100 sm:scale-100' : 'translate-y-4 opacity-0 sm:translate-y-0 sm:scale-95',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-muted">
                {description}
              </p>
            )}
          </div>
          <OverlayCloseButton onClick={requestClose} className="-mr-2 -mt-1" />
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
        {footer && <div className="flex justify-end gap-2 border-t border-border px-5 py-3">{footer}</div>}
      </div>
    </div>,
    document.body,
  )
}
