// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { SearchField } from './search-field'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('SearchField', () => {
  it('is a search box that takes focus 300 ms after mounting', () => {
    render(<SearchField />)
    const input = screen.getByRole('searchbox', { name: 'Search' })
    expect(input.getAttribute('placeholder')).toBe('Search')
    tick(299)
    expect(document.activeElement).not.toBe(input)
    tick(1)
    expect(document.activeElement).toBe(input)
  })

  it('takes another delay, or none', () => {
    render(<SearchField autoFocusDelay={50} aria-label="Find products" />)
    tick(50)
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Find products' }))
    cleanup()
    render(<SearchField autoFocusDelay={false} />)
    tick(1000)
    expect(document.activeElement).toBe(document.body)
  })

  it('forwards its ref', () => {
    const ref = createRef<HTMLInputElement>()
    render(<SearchField ref={ref} autoFocusDelay={false} />)
    expect(ref.current).toBe(screen.getByRole('searchbox'))
  })
})
