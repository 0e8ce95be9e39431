import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { MODAL_CLOSE_MS, MODAL_OPEN_MS } from '../../common/rules/constants'
import { usePresence } from './use-presence'
import { useLayer } from './use-layer'
import { useFocusTrap } from './use-focus-trap'
import { useLatest } from './use-latest'

let scrollLocks = 0

function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return
    if (scrollLocks++ === 0) document.body.style.overflow = 'hidden'
    return () => {
      if (--scrollLocks === 0) document.body.style.overflow = ''
    }
  }, [active])
}

export interface OverlayOptions {
  open: boolean
  /** Called once the closing animation has finished (after MODAL_CLOSE_MS). */
  onClose: () => void
}

/**
 * Shared behaviour of modal and drawer: opens MODAL_OPEN_MS after mounting, animates out for
 * MODAL_CLOSE_MS, closes on Escape, traps focus and locks page scroll while open.
 */
export function useOverlay({ open, onClose }: OverlayOptions) {
  const [closing, setClosing] = useState(false)
  const closingRef = useRef(false)
  const onCloseRef = useLatest(onClose)
  const panelRef = useRef<HTMLDivElement>(null)
  const titleId = useId()

  const show = open && !closing
  const { mounted, visible } = usePresence(show, { enterDelay: MODAL_OPEN_MS, exitDuration: MODAL_CLOSE_MS }, () => {
    if (!closingRef.current) return
    closingRef.current = false
    setClosing(false)
    onCloseRef.current()
  })

  const requestClose = useCallback(() => {
    if (closingRef.current) return
    closingRef.current = true
    setClosing(true)
  }, [])

  const active = show && mounted
  useLayer(active, requestClose)
  useFocusTrap(panelRef, active)
  useScrollLock(active)

  return { mounted, visible, requestClose, panelRef, titleId, state: visible ? 'open' : 'closed' } as const
}
