// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { ConfirmHost, confirm } from './confirm-dialog'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))

function ask(options: Parameters<typeof confirm>[0] = { title: 'Remove item', message: 'Remove this from the cart?' }) {
  let answer!: Promise<boolean>
  act(() => {
    answer = confirm(options)
  })
  tick(5)
  return answer
}

describe('confirm', () => {
  it('shows the title and message and resolves true on confirm', async () => {
    render(<ConfirmHost />)
    const answer = ask()
    expect(screen.getByRole('dialog', { name: 'Remove item' }).textContent).toContain('Remove this from the cart?')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }))
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await expect(answer).resolves.toBe(true)
    tick(300)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('resolves false on cancel, with custom button texts', async () => {
    render(<ConfirmHost />)
    const answer = ask({ title: 'Logout', message: 'Sure?', confirmText: 'Yes, log out', cancelText: 'Stay' })
    expect(screen.getByRole('button', { name: 'Yes, log out' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }))
    await expect(answer).resolves.toBe(false)
  })

  it('resolves false when dismissed with Escape', async () => {
    render(<ConfirmHost />)
    const answer = ask()
    fireEvent.keyDown(document, { key: 'Escape' })
    tick(300)
    await expect(answer).resolves.toBe(false)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('focuses the safe choice for dangerous actions', () => {
    render(<ConfirmHost />)
    void ask({ title: 'Delete address', message: 'This cannot be undone', danger: true })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
  })

  it('asks queued questions one at a time', async () => {
    render(<ConfirmHost />)
    const first = ask({ title: 'First', message: '1' })
    const second = ask({ title: 'Second', message: '2' })
    expect(screen.getByRole('dialog', { name: 'First' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await expect(first).resolves.toBe(true)
    tick(5)
    fireEvent.click(screen.getByRole('dialog', { name: 'Second' }).querySelector('button[data-autofocus]') as HTMLElement)
    await expect(second).resolves.toBe(true)
  })

  it('answers false without a mounted host', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await expect(confirm({ title: 'x', message: 'y' })).resolves.toBe(false)
    expect(warn).toHaveBeenCalled()
  })
})

describe('ConfirmHost', () => {
  it('cancels pending questions when the last host unmounts', async () => {
    const { unmount } = render(<ConfirmHost />)
    const answer = ask()
    unmount()
    await expect(answer).resolves.toBe(false)
  })
})
