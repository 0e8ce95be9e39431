import { describe, it, expect } from 'vitest'
import { computePopperPosition } from './popper-position'

const viewport = { width: 1000, height: 800 }
const size = { width: 200, height: 100 }
const anchorAt = (top: number, left: number, width = 120, height = 40) => ({ top, left, right: left + width, bottom: top + height })

describe('computePopperPosition', () => {
  it.each([
    ['below, start-aligned, 10px away', anchorAt(100, 300), 'bottom-start', { top: 150, left: 300, placement: 'bottom-start' }],
    ['below, end-aligned', anchorAt(100, 300), 'bottom-end', { top: 150, left: 220, placement: 'bottom-end' }],
    ['above when asked', anchorAt(400, 300), 'top-start', { top: 290, left: 300, placement: 'top-start' }],
    ['flips up when no room below', anchorAt(700, 300), 'bottom-start', { top: 590, left: 300, placement: 'top-start' }],
    ['flips down when no room above', anchorAt(20, 300), 'top-start', { top: 70, left: 300, placement: 'bottom-start' }],
    ['stays below when neither fits', anchorAt(20, 300, 120, 740), 'bottom-start', { top: 770, left: 300, placement: 'bottom-start' }],
    ['clamped to the right edge', anchorAt(100, 900), 'bottom-start', { top: 150, left: 792, placement: 'bottom-start' }],
    ['clamped to the left edge', anchorAt(100, 0, 50), 'bottom-end', { top: 150, left: 8, placement: 'bottom-end' }],
  ] as const)('%s', (_name, anchor, placement, expected) => {
    expect(computePopperPosition(anchor, size, viewport, placement)).toEqual(expected)
  })
})
