// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { MemoryRouter, StaticRouter, useLocation } from '../../lib/router'
import { SearchBox } from './search-box'

function Location() {
  const { pathname, search } = useLocation()
  return <output data-testid="at">{pathname + decodeURIComponent(search)}</output>
}

/** The header shows one box per layout (phone, wide screen). */
const header = (
  <MemoryRouter initialEntries={['/']}>
    <SearchBox />
    <SearchBox />
    <Location />
  </MemoryRouter>
)

afterEach(cleanup)

describe('the search box (spec §2)', () => {
  it('is a GET form to /products with the text as q, so Enter works before the script has loaded', () => {
    const page = document.createElement('div')
    page.innerHTML = renderToString(
      <StaticRouter location="/">
        <SearchBox />
        <SearchBox />
      </StaticRouter>,
    )
    const forms = page.querySelectorAll('form')
    expect(forms).toHaveLength(2)
    for (const form of forms) {
      expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/products', 'get'])
      expect(form.querySelector('input')?.getAttribute('name')).toBe('q')
      expect(form.querySelector('input')?.getAttribute('placeholder')).toBe('Search')
    }
  })

  it('gives each box its own id, so each label names its own box', () => {
    render(header)
    const boxes = screen.getAllByRole('searchbox', { name: 'Search products' })
    expect(boxes).toHaveLength(2)
    expect(new Set(boxes.map((b) => b.id)).size).toBe(2)
  })

  it('goes to /products?q={trimmed text}, also for text typed before the page hydrated (in the field, not in state)', () => {
    render(header)
    const box = screen.getAllByRole('searchbox')[1] as HTMLInputElement
    box.value = '  basmati rice  '
    fireEvent.submit(box.form!)
    expect(screen.getByTestId('at').textContent).toBe('/products?q=basmati rice')
  })

  it('goes to /products when the text is only spaces', () => {
    render(header)
    fireEvent.change(screen.getAllByRole('searchbox')[0], { target: { value: '   ' } })
    fireEvent.submit(screen.getAllByRole('searchbox')[0].closest('form')!)
    expect(screen.getByTestId('at').textContent).toBe('/products')
  })
})
