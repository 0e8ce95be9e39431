// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { Drawer } from './drawer'
import { CART_DRAWER_WIDTH, CATEGORY_DRAWER_WIDTH } from '../../common/rules/constants'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('Drawer', () => {
  it('is a modal dialog named by its title, sliding in from the right after 5 ms', () => {
    render(
      <Drawer open title="Cart Summary" width={CART_DRAWER_WIDTH} onClose={() => {}}>
        <p>Empty Cart</p>
      </Drawer>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Cart Summary' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.dataset.side).toBe('right')
    expect(dialog.className).toContain('translate-x-full')
    tick(5)
    expect(dialog.dataset.state).toBe('open')
    expect(dialog.className).toContain('translate-x-0')
    expect(dialog.style.width).toBe('500px')
    expect(dialog.style.maxWidth).toBe('100vw')
  })

  it('opens from the left', () => {
    render(<Drawer open side="left" title="Category Filter" width={CATEGORY_DRAWER_WIDTH} onClose={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: 'Category Filter' })
    expect(dialog.className).toContain('-translate-x-full')
    expect(dialog.className).toContain('left-0')
    expect(dialog.style.width).toBe('300px')
  })

  it.each([
    ['the X button', () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['Escape', () => fireEvent.keyDown(document, { key: 'Escape' })],
    ['a backdrop click', () => fireEvent.click(screen.getByTestId('drawer-backdrop'))],
  ])('closes on %s after 300 ms', (_how, close) => {
    const onClose = vi.fn()
    function Harness() {
      const [open, setOpen] = useState(true)
      return (
        <Drawer
          open={open}
          title="Cart Summary"
          onClose={() => {
            onClose()
            setOpen(false)
          }}
        />
      )
    }
    render(<Harness />)
    tick(5)
    close()
    tick(299)
    expect(onClose).not.toHaveBeenCalled()
    tick(1)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('stays open when the parent keeps it open (controlled)', () => {
    const onClose = vi.fn()
    render(<Drawer open title="Cart Summary" onClose={onClose} />)
    tick(5)
    fireEvent.keyDown(document, { key: 'Escape' })
    tick(300)
    expect(onClose).toHaveBeenCalledTimes(1)
    tick(5)
    expect(screen.getByRole('dialog').dataset.state).toBe('open')
  })

  it('focuses the first control, skipping the X button', () => {
    render(<Drawer open title="Cart Summary" onClose={() => {}} footer={<button type="button">Continue to Checkout</button>} />)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue to Checkout' }))
  })
})
