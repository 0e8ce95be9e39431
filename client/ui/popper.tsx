import { useCallback, useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { cn } from '../lib/cn'
import { POPPER_REMOVE_MS, POPPER_Z } from '../../common/rules/constants'
import { computePopperPosition, type Placement } from './popper-position'
import { usePresence } from './use-presence'
import { useLayer } from './use-layer'
import { useLatest } from './use-latest'
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect'

export interface PopperProps extends ComponentProps<'div'> {
  anchorRef: RefObject<HTMLElement | null>
  open: boolean
  /** Escape, a pointer press outside anchor and content, or becoming disabled. */
  onClose: () => void
  disabled?: boolean
  placement?: Placement
  /** Make the content at least as wide as the anchor (selects, comboboxes). */
  matchAnchorWidth?: boolean
}

/** Floating content anchored to an element; removed from the DOM 200 ms after closing. */
export function Popper({
  anchorRef,
  open,
  onClose,
  disabled = false,
  placement = 'bottom-start',
  matchAnchorWidth,
  className,
  style,
  children,
  onPointerDown,
  ...props
}: PopperProps) {
  const show = open && !disabled
  const { mounted, visible } = usePresence(show, { enterDelay: 0, exitDuration: POPPER_REMOVE_MS })
  const contentRef = useRef<HTMLDivElement>(null)
  const pressedInside = useRef(false)
  const onCloseRef = useLatest(onClose)
  const [pos, setPos] = useState({ top: 0, left: 0, minWidth: 0, placement })

  useEffect(() => {
    if (open && disabled) onCloseRef.current()
  }, [open, disabled, onCloseRef])

  useLayer(show && mounted, onClose)

  const update = useCallback(() => {
    const anchor = anchorRef.current
    const content = contentRef.current
    if (!anchor || !content) return
    const rect = anchor.getBoundingClientRect()
    const next = computePopperPosition(
      rect,
      { width: content.offsetWidth, height: content.offsetHeight },
      { width: window.innerWidth, height: window.innerHeight },
      placement,
    )
    const minWidth = matchAnchorWidth ? rect.width : 0
    setPos((p) => (p.top === next.top && p.left === next.left && p.minWidth === minWidth && p.placement === next.placement ? p : { ...next, minWidth }))
  }, [anchorRef, placement, matchAnchorWidth])

  useIsomorphicLayoutEffect(() => {
    if (!mounted) return
    update()
    window.addEventListener('resize', update)
    window.addEventListener('scroll', update, true)
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update)
    if (contentRef.current) observer?.observe(contentRef.current)
    return () => {
      window.removeEventListener('resize', update)
      window.removeEventListener('scroll', update, true)
      observer?.disconnect()
    }
  }, [mounted, update])

  useEffect(() => {
    if (!show || !mounted) return
    // React events bubble through portals, so presses inside nested poppers count as inside.
    pressedInside.current = false
    const onDocPointerDown = (e: PointerEvent) => {
      const inside = pressedInside.current
      pressedInside.current = false
      if (inside || (e.target instanceof Node && anchorRef.current?.contains(e.target))) return
      onCloseRef.current()
    }
    document.addEventListener('pointerdown', onDocPointerDown)
    return () => document.removeEventListener('pointerdown', onDocPointerDown)
  }, [show, mounted, anchorRef, onCloseRef])

  if (!mounted) return null
  return createPortal(
    <div
      ref={contentRef}
      data-state={visible ? 'open' : 'closed'}
      data-placement={pos.placement}
      style={{ position: 'fixed', top: pos.top, left: pos.left, minWidth: pos.minWidth || undefined, zIndex: POPPER_Z, ...style }}
      className={cn(
        'rounded-md border border-border bg-surface text-text shadow-lg transition-opacity duration-200',
        visible ? 'opacity-100' : 'pointer-events-none opacity-0',
        className,
      )}
      onPointerDown={(e) => {
        pressedInside.current = true
        onPointerDown?.(e)
      }}
      {...props}
    >
      {children}
    </div>,
    document.body,
  )
}
