// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { DatePicker } from './date-picker'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))

function Harness({ initial = '2026-11-22', onChange = () => {}, clearable }: { initial?: string; onChange?: (v: string) => void; clearable?: boolean }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <label htmlFor="dob">Date of birth</label>
      <DatePicker
        id="dob"
        value={value}
        clearable={clearable}
        onChange={(v) => {
          onChange(v)
          setValue(v)
        }}
      />
      <p data-testid="outside">Outside</p>
    </>
  )
}

const input = () => screen.getByRole('textbox', { name: 'Date of birth' }) as HTMLInputElement
const calendar = () => screen.queryByRole('dialog', { name: 'Choose date' })

describe('DatePicker', () => {
  it.each([
    ['2026-11-22', 'Nov 22, 2026'],
    ['00000000', ''],
    ['', ''],
  ])('shows %j as %j', (value, shown) => {
    render(<Harness initial={value} />)
    expect(input().value).toBe(shown)
    expect(input().readOnly).toBe(true)
  })

  it('opens the calendar on focus at the selected month', () => {
    render(<Harness />)
    expect(calendar()).toBeNull()
    fireEvent.focus(input())
    expect(calendar()).not.toBeNull()
    expect(input().getAttribute('aria-expanded')).toBe('true')
    expect((screen.getByRole('combobox', { name: 'Month' }) as HTMLSelectElement).value).toBe('10')
    expect(screen.getByRole('button', { name: 'November 22, 2026' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('offers the years 1900 to 2099', () => {
    render(<Harness />)
    fireEvent.focus(input())
    const years = Array.from((screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement).options).map((o) => Number(o.value))
    expect(years).toHaveLength(200)
    expect([years[0], years[years.length - 1]]).toEqual([1900, 2099])
  })

  it('stores the picked day as YYYY-MM-DD and closes', () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    fireEvent.focus(input())
    fireEvent.click(screen.getByRole('button', { name: 'November 5, 2026' }))
    expect(onChange).toHaveBeenCalledWith('2026-11-05')
    expect(input().value).toBe('Nov 5, 2026')
    tick(200)
    expect(calendar()).toBeNull()
  })

  it('changes month and year before picking', () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    fireEvent.focus(input())
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }))
    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '1990' } })
    fireEvent.click(screen.getByRole('button', { name: 'December 31, 1990' }))
    expect(onChange).toHaveBeenCalledWith('1990-12-31')
  })

  it('closes on a press outside without changing the value', () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    fireEvent.focus(input())
    fireEvent.pointerDown(screen.getByTestId('outside'))
    tick(200)
    expect(calendar()).toBeNull()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('moves between days with arrow keys and gives focus back after picking', () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    act(() => input().focus())
    fireEvent.keyDown(input(), { key: 'ArrowDown' })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('November 22, 2026')
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' })
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('November 30, 2026')
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('December 7, 2026')
    fireEvent.click(document.activeElement as HTMLElement)
    expect(onChange).toHaveBeenCalledWith('2026-12-07')
    expect(document.activeElement).toBe(input())
    expect(input().getAttribute('aria-expanded')).toBe('false')
  })

  it('can clear an optional date', () => {
    const onChange = vi.fn()
    render(<Harness clearable onChange={onChange} />)
    fireEvent.focus(input())
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(onChange).toHaveBeenCalledWith('')
    expect(input().value).toBe('')
  })
})
