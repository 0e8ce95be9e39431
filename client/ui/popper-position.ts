import { POPPER_OFFSET } from '../../common/rules/constants'

export type Placement = 'bottom-start' | 'bottom-end' | 'top-start' | 'top-end'

export interface Box {
  top: number
  left: number
  right: number
  bottom: number
}

const EDGE = 8 // keep this far from the viewport sides

/**
 * Where to put floating content of `size` next to `anchor` (viewport coordinates, position: fixed):
 * POPPER_OFFSET px away, flipped vertically when it does not fit, clamped to the viewport sides.
 */
export function computePopperPosition(
  anchor: Box,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  placement: Placement = 'bottom-start',
): { top: number; left: number; placement: Placement } {
  const [side, align] = placement.split('-') as ['bottom' | 'top', 'start' | 'end']
  const below = anchor.bottom + POPPER_OFFSET
  const above = anchor.top - POPPER_OFFSET - size.height
  const fitsBelow = below + size.height <= viewport.height
  const fitsAbove = above >= 0
  const useTop = side === 'top' ? fitsAbove || !fitsBelow : !fitsBelow && fitsAbove

  const wanted = align === 'start' ? anchor.left : anchor.right - size.width
  const left = Math.max(EDGE, Math.min(wanted, viewport.width - size.width - EDGE))

  return { top: useTop ? above : below, left, placement: `${useTop ? 'top' : 'bottom'}-${align}` }
}
