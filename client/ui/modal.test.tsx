// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { useState } from 'react'
import { Modal } from './modal'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))

function Harness({ onClose = () => {}, width }: { onClose?: () => void; width?: number }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        width={width}
        title="Change Location"
        description="Enter your pincode"
        onClose={() => {
          onClose()
          setOpen(false)
        }}
      >
        <input aria-label="Pincode" />
        <button type="button">Submit</button>
      </Modal>
    </>
  )
}

function openModal() {
  const opener = screen.getByRole('button', { name: 'Open' })
  opener.focus()
  fireEvent.click(opener)
  return screen.getByRole('dialog')
}

describe('Modal', () => {
  it('renders nothing while closed and nothing on the server', () => {
    render(<Harness />)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(
      renderToString(
        <Modal open title="T" onClose={() => {}}>
          x
        </Modal>,
      ),
    ).toBe('')
  })

  it('mounts into document.body and becomes visible after 5 ms', () => {
    const { container } = render(<Harness />)
    const dialog = openModal()
    expect(container.contains(dialog)).toBe(false)
    expect(document.body.contains(dialog)).toBe(true)
    expect(dialog.dataset.state).toBe('closed')
    tick(4)
    expect(dialog.dataset.state).toBe('closed')
    tick(1)
    expect(dialog.dataset.state).toBe('open')
  })

  it('is an accessible modal dialog named by its title, 450px wide by default', () => {
    render(<Harness />)
    const dialog = openModal()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(screen.getByRole('dialog', { name: 'Change Location' })).toBe(dialog)
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter your pincode')
    expect(dialog.style.width).toBe('450px')
    expect(dialog.style.maxWidth).toBe('100vw')
  })

  it('takes a width', () => {
    render(<Harness width={400} />)
    expect(openModal().style.width).toBe('400px')
  })

  it.each([
    ['the X button', () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['Escape', () => fireEvent.keyDown(document.activeElement ?? document, { key: 'Escape' })],
    ['a backdrop click', () => fireEvent.click(screen.getByTestId('modal-backdrop'))],
  ])('closes on %s, calling onClose after the 300 ms animation', (_how, close) => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    const dialog = openModal()
    tick(5)
    close()
    expect(dialog.dataset.state).toBe('closed')
    tick(299)
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.queryByRole('dialog')).not.toBeNull()
    tick(1)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('ignores repeated close requests', () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    openModal()
    tick(5)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    fireEvent.keyDown(document, { key: 'Escape' })
    tick(300)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('animates out when the parent closes it, without calling onClose', () => {
    const onClose = vi.fn()
    const { rerender } = render(
      <Modal open title="T" onClose={onClose}>
        x
      </Modal>,
    )
    tick(5)
    rerender(
      <Modal open={false} title="T" onClose={onClose}>
        x
      </Modal>,
    )
    expect(screen.getByRole('dialog').dataset.state).toBe('closed')
    tick(300)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('moves focus inside, traps Tab, and returns focus to the opener', () => {
    render(<Harness />)
    openModal()
    const input = screen.getByRole('textbox', { name: 'Pincode' })
    const submit = screen.getByRole('button', { name: 'Submit' })
    const close = screen.getByRole('button', { name: 'Close' })
    expect(document.activeElement).toBe(input)
    submit.focus()
    fireEvent.keyDown(submit, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(submit)
    fireEvent.keyDown(document.activeElement ?? document, { key: 'Escape' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }))
  })

  it('locks page scroll while open', () => {
    render(<Harness />)
    openModal()
    expect(document.body.style.overflow).toBe('hidden')
    fireEvent.keyDown(document, { key: 'Escape' })
    tick(300)
    expect(document.body.style.overflow).toBe('')
  })

  it('closes only the top modal on Escape', () => {
    const outer = vi.fn()
    const inner = vi.fn()
    render(
      <Modal open title="Add Products In Wishlist" onClose={outer}>
        <Modal open title="Create Another Wish List" onClose={inner}>
          x
        </Modal>
      </Modal>,
    )
    tick(5)
    fireEvent.keyDown(document, { key: 'Escape' })
    tick(300)
    expect(inner).toHaveBeenCalledTimes(1)
    expect(outer).not.toHaveBeenCalled()
  })
})
