// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { Combobox, type ComboboxOption } from './combobox'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))

const states: ComboboxOption[] = [
  { value: 'KA', label: 'Karnataka' },
  { value: 'KL', label: 'Kerala' },
  { value: 'MH', label: 'Maharashtra' },
  { value: 'TN', label: 'Tamil Nadu' },
]

function Harness({ onChange = () => {}, initial = null }: { onChange?: (v: string) => void; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial)
  return (
    <Combobox
      aria-label="State"
      options={states}
      value={value}
      onChange={(v) => {
        onChange(v)
        setValue(v)
      }}
      placeholder="Select state"
    />
  )
}

const trigger = () => screen.getByRole('button', { name: 'State' })
function openList() {
  fireEvent.click(trigger())
  tick(0)
  return screen.getByRole('combobox')
}

describe('Combobox', () => {
  it('shows the placeholder, then the chosen label', () => {
    render(<Harness initial="KL" />)
    expect(trigger().textContent).toBe('Kerala')
    cleanup()
    render(<Harness />)
    expect(trigger().textContent).toBe('Select state')
    expect(trigger().getAttribute('aria-expanded')).toBe('false')
  })

  it('opens a listbox and focuses the search 100 ms later', () => {
    render(<Harness />)
    const search = openList()
    expect(trigger().getAttribute('aria-expanded')).toBe('true')
    expect(search.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id)
    expect(screen.getAllByRole('option')).toHaveLength(4)
    tick(99)
    expect(document.activeElement).not.toBe(search)
    tick(1)
    expect(document.activeElement).toBe(search)
  })

  it('filters by the search text and says when nothing matches', () => {
    render(<Harness />)
    const search = openList()
    fireEvent.change(search, { target: { value: ' RA ' } })
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Kerala', 'Maharashtra'])
    fireEvent.change(search, { target: { value: 'zz' } })
    expect(screen.queryAllByRole('option')).toHaveLength(0)
    expect(screen.getByText('No matching data')).toBeTruthy()
  })

  it('moves with the arrow keys and picks with Enter', () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const search = openList()
    fireEvent.keyDown(search, { key: 'ArrowDown' })
    fireEvent.keyDown(search, { key: 'ArrowDown' })
    fireEvent.keyDown(search, { key: 'ArrowUp' })
    const active = screen.getAllByRole('option')[1]
    expect(search.getAttribute('aria-activedescendant')).toBe(active.id)
    fireEvent.keyDown(search, { key: 'Enter' })
    expect(onChange).toHaveBeenCalledWith('KL')
    expect(trigger().textContent).toBe('Kerala')
    expect(trigger().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(trigger())
  })

  it('wraps around with ArrowUp from the first option', () => {
    render(<Harness />)
    const search = openList()
    fireEvent.keyDown(search, { key: 'ArrowUp' })
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[3].id)
  })

  it('starts on the selected option, marked aria-selected', () => {
    render(<Harness initial="MH" />)
    const search = openList()
    const selected = screen.getByRole('option', { selected: true })
    expect(selected.textContent).toBe('Maharashtra')
    expect(search.getAttribute('aria-activedescendant')).toBe(selected.id)
  })

  it('picks with a click', () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    openList()
    fireEvent.click(screen.getByRole('option', { name: 'Tamil Nadu' }))
    expect(onChange).toHaveBeenCalledWith('TN')
  })

  it('closes on Escape, returning focus, without choosing', () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const search = openList()
    fireEvent.keyDown(search, { key: 'Escape' })
    expect(trigger().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(trigger())
    tick(200)
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('opens with ArrowDown on the trigger and not at all when disabled', () => {
    render(<Harness />)
    fireEvent.keyDown(trigger(), { key: 'ArrowDown' })
    expect(trigger().getAttribute('aria-expanded')).toBe('true')
    cleanup()
    render(<Combobox aria-label="State" options={states} value={null} onChange={() => {}} disabled />)
    fireEvent.click(trigger())
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
