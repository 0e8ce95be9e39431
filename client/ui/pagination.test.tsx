// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Pagination, pageWindow, totalPagesOf } from './pagination'

afterEach(cleanup)

describe('pageWindow', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [3, 6, [1, 2, 3, 4, 5, 6]],
    [1, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 10, [1, 2, 3, 4, 5, 'end-ellipsis', 10]],
    [3, 10, [1, 2, 3, 4, 5, 'end-ellipsis', 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 'end-ellipsis', 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, 'end-ellipsis', 10]],
    [6, 10, [1, 'start-ellipsis', 4, 5, 6, 7, 8, 9, 10]],
    [10, 10, [1, 'start-ellipsis', 6, 7, 8, 9, 10]],
    [50, 100, [1, 'start-ellipsis', 48, 49, 50, 51, 52, 'end-ellipsis', 100]],
    [0, 10, [1, 2, 3, 4, 5, 'end-ellipsis', 10]],
    [99, 10, [1, 'start-ellipsis', 6, 7, 8, 9, 10]],
  ] as const)('page %d of %d', (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected)
  })

  it('counts pages', () => {
    expect([totalPagesOf(0, 24), totalPagesOf(24, 24), totalPagesOf(25, 24), totalPagesOf(57, 10)]).toEqual([1, 1, 2, 6])
  })
})

describe('Pagination', () => {
  const pages = () =>
    within(screen.getByRole('navigation', { name: 'Pagination' }))
      .getAllByRole('button')
      .map((b) => b.textContent)

  it('shows the total, a window of pages with ellipsis and the current page', () => {
    render(<Pagination page={6} total={240} perPage={24} onChange={() => {}} />)
    expect(screen.getByText('Total: 240')).toBeTruthy()
    expect(pages()).toEqual(['', '1', '4', '5', '6', '7', '8', '9', '10', ''])
    expect(screen.getByText('…')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page')
    // no class merging: the current page must not also carry the other pages' background (white text on white)
    expect(screen.getByRole('button', { name: 'Page 6' }).className.split(' ')).not.toContain('bg-surface')
  })

  it('moves to another page, next and previous', () => {
    const onChange = vi.fn()
    render(<Pagination page={2} total={100} perPage={10} onChange={onChange} />)
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    expect(onChange.mock.calls).toEqual([[4], [3], [1]])
  })

  it('ignores the current page and moves outside the range', () => {
    const onChange = vi.fn()
    const { rerender } = render(<Pagination page={1} total={30} perPage={10} onChange={onChange} />)
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }))
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true)
    rerender(<Pagination page={3} total={30} perPage={10} onChange={onChange} />)
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true)
    expect(onChange).not.toHaveBeenCalled()
  })

  it('offers 5, 10, 20, 50 and 100 rows per page', () => {
    const onPerPageChange = vi.fn()
    render(<Pagination page={1} total={30} perPage={10} onChange={() => {}} onPerPageChange={onPerPageChange} />)
    const select = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['5', '10', '20', '50', '100'])
    expect(select.value).toBe('10')
    fireEvent.change(select, { target: { value: '50' } })
    expect(onPerPageChange).toHaveBeenCalledWith(50)
  })

  it('hides the rows-per-page select without a handler', () => {
    render(<Pagination page={1} total={0} perPage={24} onChange={() => {}} />)
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.getByText('Total: 0')).toBeTruthy()
  })
})
