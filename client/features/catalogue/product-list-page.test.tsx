// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Contract } from '../../../common/contracts/http'
import type { CallInput } from '../../lib/api'
import { ApiError } from '../../lib/error-text'
import { ProductListPage } from './product-list-page'
import { brands, categories, fakeApi, product, productPage, renderAt } from './test-kit'

beforeEach(() => {
  window.scrollTo = vi.fn()
})
afterEach(cleanup)

const sixty = Array.from({ length: 24 }, (_, i) => product({ product_id: i + 1, product_name: `Atta ${i + 1}`, slug: `atta-${i + 1}` }))

/** Answers the product list with `total` products, 24 a page, and records each query. */
function listApi(total = 60) {
  return fakeApi((_contract: Contract, input: CallInput<Contract>) => {
    const query = input.query as { page?: number }
    return productPage(total ? sixty : [], total, query.page ?? 1)
  })
}

const location = () => screen.getByTestId('location').textContent
const page = (url = '/products', api = listApi().api) => renderAt(<ProductListPage categories={categories} brands={brands} />, { url, api })

describe('ProductListPage', () => {
  it('shows skeleton cards, then the heading, count and product cards', async () => {
    page('/products?c=rice')
    expect(screen.getByRole('status', { name: 'Loading products' })).toBeTruthy()
    expect(await screen.findByText('Atta 1')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rice')
    expect(screen.getByText('60 products')).toBeTruthy()
    expect(screen.getAllByRole('article')).toHaveLength(24)
  })

  it('headings: search text, else all products', async () => {
    page('/products?q=basmati')
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Results for “basmati”')
    cleanup()
    page('/products')
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('All products')
  })

  it('a sort change updates the URL and resets the page', async () => {
    const { api, calls } = listApi()
    page('/products?c=atta&page=2', api)
    await screen.findByText('Atta 1')
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_asc' } })
    expect(location()).toBe('/products?c=atta&s=price_asc')
    await waitFor(() => expect(calls.at(-1)?.input.query).toMatchObject({ c: 'atta', s: 'price_asc', page: undefined }))
  })

  it("offers 'Relevance' only for a search", async () => {
    page('/products')
    await screen.findByText('Atta 1')
    const options = () =>
      within(screen.getByLabelText('Sort by'))
        .getAllByRole('option')
        .map((o) => o.textContent)
    expect(options()).not.toContain('Relevance')
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('popularity')
    cleanup()
    page('/products?q=dal')
    await screen.findByText('Atta 1')
    expect(options()).toContain('Relevance')
  })

  it('a pagination click sets page=2 in the URL, scrolls to the top and loads that page', async () => {
    const { api, calls } = listApi()
    page('/products?b=sona-khet', api)
    await screen.findByText('Atta 1')
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    expect(location()).toBe('/products?b=sona-khet&page=2')
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
    await waitFor(() => expect(calls.at(-1)?.input.query).toMatchObject({ b: 'sona-khet', page: 2 }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page'))
  })

  it('ticking a sidebar filter updates the URL; a chip removes it', async () => {
    page('/products?q=atta&s=relevance')
    await screen.findByText('Atta 1')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Crunchwala' }))
    expect(location()).toBe('/products?q=atta&b=crunchwala&s=relevance')
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Crunchwala' }))
    expect(location()).toBe('/products?q=atta&s=relevance')
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter “atta”' }))
    expect(location()).toBe('/products')
  })

  it('the mobile Filters button opens the Category Filter drawer', async () => {
    page('/products?c=rice')
    await screen.findByText('Atta 1')
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Category Filter' })
    expect((within(dialog).getByRole('checkbox', { name: 'Rice' }) as HTMLInputElement).checked).toBe(true)
  })

  it('shows the empty state with a Reset filters link', async () => {
    page('/products?q=caviar', listApi(0).api)
    expect(await screen.findByText('No products match “caviar”')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Reset filters' }).getAttribute('href')).toBe('/products')
    expect(screen.getByText('0 products')).toBeTruthy()
  })

  it('shows the error text and retries', async () => {
    let fail = true
    const { api } = fakeApi(() => {
      if (fail) throw new ApiError(503, { message: 'Catalogue is resting' })
      return productPage([product()])
    })
    page('/products', api)
    expect((await screen.findByRole('alert')).textContent).toContain('Catalogue is resting')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Sona Khet Chakki Atta')).toBeTruthy()
  })
})
