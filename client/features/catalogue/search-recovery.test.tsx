// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import { ProductListPage } from './product-list-page'
import { brands, categories, fakeApi, product, productPage, renderAt } from './test-kit'

beforeEach(() => {
  window.scrollTo = vi.fn()
})
afterEach(cleanup)

const biscuits = [1, 2, 3].map((i) => product({ product_id: i, product_name: `Tiffin Time Biscuits ${i}`, slug: `biscuits-${i}` }))

describe('a search that found nothing (issue 31)', () => {
  it('shows the nearest category’s products instead, with a link to all of them and the other near ones', async () => {
    const { api } = fakeApi(() => ({
      ...productPage([], 0, 1),
      did_you_mean: [
        { kind: 'category', name: 'Biscuits', slug: 'biscuits' },
        { kind: 'category', name: 'Biscuits & Chocolates', slug: 'biscuits-chocolates' },
        { kind: 'brand', name: 'Tiffin Time', slug: 'tiffin-time' },
      ],
      instead: { kind: 'category', name: 'Biscuits', slug: 'biscuits', data: biscuits, total: 8 },
    }))
    renderAt(<ProductListPage categories={categories} brands={brands} />, { url: '/products?q=biskit', api })
    const section = await screen.findByRole('region', { name: 'Showing results for Biscuits instead' })
    expect(within(section).getByText('No products match “biskit”.')).toBeTruthy()
    expect(within(section).getByRole('link', { name: 'Biscuits' }).getAttribute('href')).toBe('/products?c=biscuits')
    const near = within(section).getByRole('list', { name: 'Did you mean:' })
    expect(
      within(near)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Biscuits & Chocolates', '/products?c=biscuits-chocolates'],
      ['Tiffin Time', '/products?b=tiffin-time'],
    ])
    expect(within(section).getByText('Tiffin Time Biscuits 1')).toBeTruthy()
    expect(within(section).getByRole('link', { name: 'See all 8 in Biscuits' }).getAttribute('href')).toBe('/products?c=biscuits')
    expect(screen.getByText('0 products')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Reset filters' })).toBeNull()
  })

  it('offers the near categories to browse when a search found very little', async () => {
    const { api } = fakeApi(() => ({
      ...productPage(biscuits.slice(0, 1), 1, 1),
      did_you_mean: [{ kind: 'category', name: 'Powdered Spices', slug: 'powdered-spices' }],
    }))
    renderAt(<ProductListPage categories={categories} brands={brands} />, { url: '/products?q=haldi', api })
    const near = await screen.findByRole('list', { name: 'See also:' })
    expect(within(near).getByRole('link', { name: 'Powdered Spices' }).getAttribute('href')).toBe('/products?c=powdered-spices')
    expect(screen.getByText('Tiffin Time Biscuits 1')).toBeTruthy()
    expect(screen.queryByTestId('search-recovery')).toBeNull()
  })

  it('keeps the empty state when nothing is near', async () => {
    renderAt(<ProductListPage categories={categories} brands={brands} />, { url: '/products?q=zzqqxx', api: fakeApi(() => productPage([], 0, 1)).api })
    expect(await screen.findByText('No products match “zzqqxx”')).toBeTruthy()
    expect(screen.queryByTestId('search-recovery')).toBeNull()
  })
})
