// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { Toaster, toast } from './toast'
import { ApiError } from '../lib/error-text'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  act(() => toast.clear())
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('toast', () => {
  it('offers one action (Undo), which runs once and closes the toast', () => {
    const undo = vi.fn()
    render(<Toaster />)
    act(() => {
      toast.success('3 products published', { action: { label: 'Undo', onClick: undo } })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(undo).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('shows a success toast as a polite status and removes it after 5000 ms', () => {
    render(<Toaster />)
    act(() => {
      toast.success('Wishlist added successfully')
    })
    const item = screen.getByRole('status')
    expect(item.textContent).toContain('Wishlist added successfully')
    expect(item.getAttribute('aria-live')).toBe('polite')
    tick(4999)
    expect(screen.queryByRole('status')).not.toBeNull()
    tick(1)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('shows error toasts assertively and stacks several', () => {
    render(<Toaster />)
    act(() => {
      toast.error('Bad coupon')
      toast.success('Saved')
    })
    const items = screen.getAllByRole('status')
    expect(items.map((t) => t.textContent)).toEqual(['Bad coupon', 'Saved'])
    expect(items[0].getAttribute('aria-live')).toBe('assertive')
    expect(items[0].dataset.kind).toBe('error')
  })

  it('takes a duration, and 0 keeps it until dismissed', () => {
    render(<Toaster />)
    act(() => {
      toast.info('Short', { duration: 1000 })
      toast.info('Sticky', { duration: 0 })
    })
    tick(1000)
    expect(screen.getAllByRole('status').map((t) => t.textContent)).toEqual(['Sticky'])
    tick(60_000)
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('turns an error into its text and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(<Toaster />)
    const err = new ApiError(400, { msg: 'Coupon expired' })
    act(() => {
      toast.fromError(err)
    })
    expect(screen.getByRole('status').textContent).toBe('Coupon expired')
    expect(log).toHaveBeenCalledWith(err)
  })

  it('renders an empty region on the server', () => {
    toast.success('not on the server')
    expect(renderToString(<Toaster />)).not.toContain('not on the server')
  })
})
