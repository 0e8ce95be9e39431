// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useRef, type ReactNode } from 'react'
import { Popper } from './popper'
import { Modal } from './modal'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))

function Harness({
  open = true,
  disabled = false,
  onClose = () => {},
  wrap,
}: {
  open?: boolean
  disabled?: boolean
  onClose?: () => void
  wrap?: (n: ReactNode) => ReactNode
}) {
  const anchorRef = useRef<HTMLButtonElement>(null)
  const content = (
    <>
      <button type="button" ref={anchorRef} data-testid="anchor">
        Anchor
      </button>
      <Popper anchorRef={anchorRef} open={open} disabled={disabled} onClose={onClose} data-testid="popper">
        <button type="button">Inside</button>
      </Popper>
      <p data-testid="outside">Outside</p>
    </>
  )
  return <>{wrap ? wrap(content) : content}</>
}

function mockAnchorRect() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'anchor'
      ? ({ top: 100, left: 40, right: 160, bottom: 130, width: 120, height: 30, x: 40, y: 100, toJSON: () => ({}) } as DOMRect)
      : ({ top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, x: 0, y: 0, toJSON: () => ({}) } as DOMRect)
  })
}

describe('Popper', () => {
  it('floats in document.body below the anchor, 10px away, at z-index 9999', () => {
    mockAnchorRect()
    const { container } = render(<Harness />)
    const popper = screen.getByTestId('popper')
    expect(container.contains(popper)).toBe(false)
    expect(popper.style.position).toBe('fixed')
    expect(popper.style.top).toBe('140px')
    expect(popper.style.left).toBe('40px')
    expect(popper.style.zIndex).toBe('9999')
    tick(0)
    expect(popper.dataset.state).toBe('open')
    vi.restoreAllMocks()
  })

  it('is removed from the DOM 200 ms after closing', () => {
    const { rerender } = render(<Harness />)
    tick(0)
    rerender(<Harness open={false} />)
    expect(screen.getByTestId('popper').dataset.state).toBe('closed')
    tick(199)
    expect(screen.queryByTestId('popper')).not.toBeNull()
    tick(1)
    expect(screen.queryByTestId('popper')).toBeNull()
  })

  it('closes on Escape', () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('closes on a press outside, not on the anchor or the content', () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Inside' }))
    fireEvent.pointerDown(screen.getByTestId('anchor'))
    expect(onClose).not.toHaveBeenCalled()
    fireEvent.pointerDown(screen.getByTestId('outside'))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('closes and hides when disabled', () => {
    const onClose = vi.fn()
    const { rerender } = render(<Harness onClose={onClose} />)
    rerender(<Harness onClose={onClose} disabled />)
    expect(onClose).toHaveBeenCalledTimes(1)
    tick(200)
    expect(screen.queryByTestId('popper')).toBeNull()
  })

  it('takes Escape before the modal it sits in', () => {
    const onPopperClose = vi.fn()
    const onModalClose = vi.fn()
    render(
      <Harness
        onClose={onPopperClose}
        wrap={(n) => (
          <Modal open title="Filters" onClose={onModalClose}>
            {n}
          </Modal>
        )}
      />,
    )
    tick(5)
    fireEvent.keyDown(document, { key: 'Escape' })
    tick(300)
    expect(onPopperClose).toHaveBeenCalledTimes(1)
    expect(onModalClose).not.toHaveBeenCalled()
  })
})
