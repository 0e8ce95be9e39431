// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Suggestions } from '../../../common/contracts/search'
import { ApiProvider } from '../../lib/api-context'
import { StaticRouter } from '../../lib/router'
import { fakeApi, renderAt } from '../../lib/test-kit'
import { SearchBox } from './search-box'

const ATTA: Suggestions = {
  products: [
    { name: 'Kesar Valley Chakki Fresh Atta', slug: 'kesar-valley-chakki-fresh-atta', image: '/cdn/a.webp', price: 285 },
    { name: 'Sona Khet Whole Wheat Atta', slug: 'sona-khet-whole-wheat-atta', image: '', price: 62 },
  ],
  categories: [{ name: 'Atta & Flours', slug: 'atta-flours' }],
  brands: [{ name: 'Sona Khet', slug: 'sona-khet' }],
}
const NOTHING: Suggestions = { products: [], categories: [], brands: [] }
const BISKIT: Suggestions = { ...NOTHING, did_you_mean: [{ kind: 'category', name: 'Biscuits', slug: 'biscuits' }] }

function header() {
  const { api, calls } = fakeApi((_c, input) => {
    const q = (input.query as { q: string }).q
    return q.startsWith('aa') ? ATTA : q === 'biskit' ? BISKIT : NOTHING
  })
  // The header shows one box per layout (phone, wide screen).
  renderAt(
    <>
      <SearchBox />
      <SearchBox />
    </>,
    { api },
  )
  return calls
}
const at = () => screen.getByTestId('location').textContent

afterEach(cleanup)

describe('the search box (spec §2)', () => {
  it('is a GET form to /products with the text as q, so Enter works before the script has loaded', () => {
    const page = document.createElement('div')
    page.innerHTML = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <ApiProvider api={fakeApi(() => NOTHING).api}>
          <StaticRouter location="/">
            <SearchBox />
            <SearchBox />
          </StaticRouter>
        </ApiProvider>
      </QueryClientProvider>,
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
    header()
    const boxes = screen.getAllByRole('combobox', { name: 'Search products' })
    expect(boxes).toHaveLength(2)
    expect(new Set(boxes.map((b) => b.id)).size).toBe(2)
    expect(new Set(boxes.map((b) => b.getAttribute('aria-controls'))).size).toBe(2)
  })

  it('goes to /products?q={trimmed text}, also for text typed before the page hydrated (in the field, not in state)', () => {
    header()
    const box = screen.getAllByRole('combobox')[1] as HTMLInputElement
    box.value = '  basmati rice  '
    fireEvent.submit(box.form!)
    expect(at()).toBe('/products?q=basmati rice')
  })

  it('goes to /products when the text is only spaces', () => {
    header()
    fireEvent.change(screen.getAllByRole('combobox')[0], { target: { value: '   ' } })
    fireEvent.submit(screen.getAllByRole('combobox')[0].closest('form')!)
    expect(at()).toBe('/products')
  })
})

describe('suggestions while typing (issue 15)', () => {
  it('lists products with price, categories and brands; arrows move and Enter opens the active one', async () => {
    const calls = header()
    const box = screen.getAllByRole('combobox')[0]!
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: 'aata' } })
    const options = await screen.findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      'Kesar Valley Chakki Fresh Atta₹285',
      'Sona Khet Whole Wheat Atta₹62',
      'Atta & FloursCategory',
      'Sona KhetBrand',
    ])
    expect(box.getAttribute('aria-expanded')).toBe('true')
    expect(calls.at(-1)?.input.query).toEqual({ q: 'aata' })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id)
    expect(options[1]!.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    expect(box.getAttribute('aria-activedescendant')).toBe(options[3]!.id)
    fireEvent.submit(box.closest('form')!)
    expect(at()).toBe('/products?b=sona-khet')
  })

  it("says 'No matching data' when nothing matches, and Escape closes the list", async () => {
    header()
    const box = screen.getAllByRole('combobox')[0]!
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: 'qqqq' } })
    expect((await screen.findByRole('option')).textContent).toBe('No matching data')
    fireEvent.keyDown(box, { key: 'Escape' })
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('false'))
  })

  it("offers the nearest category under 'No matching data' when nothing matches (issue 31)", async () => {
    header()
    const box = screen.getAllByRole('combobox')[0]!
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: 'biskit' } })
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['No matching data', 'Did you mean Biscuits?Category']))
    const near = screen.getByRole('option', { name: /Did you mean Biscuits/ })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(box.getAttribute('aria-activedescendant')).toBe(near.id)
    fireEvent.submit(box.closest('form')!)
    expect(at()).toBe('/products?c=biscuits')
  })
})
