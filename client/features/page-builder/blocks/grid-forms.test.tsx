// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import type { DraftBlocks } from './block-draft'
import { categoryGridEditor } from './category-grid/form'
import type { BlockEditor } from './form-props'
import { BLOCK_EDITORS, PALETTE } from './forms'
import { productGridEditor } from './product-grid/form'

afterEach(cleanup)

const INIT = {
  categories: [{ name: 'Staples', slug: 'staples', avatar: null, children: [{ name: 'Atta', slug: 'atta', avatar: null, children: [] }] }],
  brands: [{ name: 'Kesar Valley', slug: 'kesar-valley', logo: null }],
}
const found = (name: string, slug: string, id: number) => ({ product_id: id, product_name: name, slug, packs: [], medias: [] })
const GHEE = [found('Kesar Valley Desi Ghee', 'kesar-valley-desi-ghee', 1), found('Prabhat Cow Ghee', 'prabhat-cow-ghee', 2)]

/** A grid block's form with the website's lists and a product search, its block kept as the form changes it. */
function open<T extends 'product_grid' | 'category_grid'>(editor: BlockEditor<T>, logicdata: DraftBlocks[T]['logicdata'], errors: Record<string, string> = {}) {
  const seen: DraftBlocks[T][] = []
  function Harness() {
    const [block, setBlock] = useState({ ...editor.make(), key: 'k', logicdata } as DraftBlocks[T])
    return (
      <editor.Form
        block={block}
        error={(path) => errors[path]}
        onChange={(b) => {
          seen.push(b)
          setBlock(b)
        }}
      />
    )
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['init'], INIT)
  const api = fakeApi((contract, input) => {
    const q = String((input.query as { q?: string } | undefined)?.q ?? '')
    return contract.path === '/api/products' ? { data: q.includes('ghee') ? GHEE : [] } : {}
  })
  renderAt(<Harness />, { api: api.api, client })
  return { logic: () => seen.at(-1)?.logicdata, calls: api.calls }
}

describe('the grid blocks in the page builder (issue 31)', () => {
  it('are on the palette, a new product grid a 12-product Bestsellers grid', () => {
    expect(PALETTE).toEqual(expect.arrayContaining(['category_grid', 'product_grid']))
    expect(BLOCK_EDITORS.product_grid.make()).toMatchObject({ type: 'product_grid', data: { title: 'Bestsellers' }, logicdata: { limit: 12 } })
    expect(BLOCK_EDITORS.category_grid.make()).toMatchObject({ type: 'category_grid', data: { title: 'Shop by category' } })
  })

  it('product grid: products are picked by the shop’s search, kept in that order, and removed; categories and brands still choose', async () => {
    const { logic, calls } = open(productGridEditor, { s: 'popularity', limit: 12 })
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a product' }), { target: { value: 'ghee' } })
    fireEvent.click(await screen.findByRole('button', { name: 'Add Prabhat Cow Ghee' }))
    expect(logic()).toMatchObject({ p: ['prabhat-cow-ghee'] })
    expect(calls.at(-1)?.input).toMatchObject({ query: { q: 'ghee' } })
    // a picked one is not offered again
    expect(screen.queryByRole('button', { name: 'Add Prabhat Cow Ghee' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Add Kesar Valley Desi Ghee' }))
    expect(logic()).toMatchObject({ p: ['prabhat-cow-ghee', 'kesar-valley-desi-ghee'] })
    const chosen = screen.getByRole('list', { name: 'Chosen products' })
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Prabhat Cow Ghee×', 'Kesar Valley Desi Ghee×'])
    fireEvent.click(within(chosen).getByRole('button', { name: 'Remove Prabhat Cow Ghee' }))
    expect(logic()).toMatchObject({ p: ['kesar-valley-desi-ghee'] })
    fireEvent.click(within(screen.getByRole('list', { name: 'Chosen products' })).getByRole('button', { name: 'Remove Kesar Valley Desi Ghee' }))
    expect(logic()?.p).toBeUndefined()

    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a product' }), { target: { value: 'soap' } })
    expect(await screen.findByText('No other product matches “soap”')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add a category' }))
    fireEvent.click(within(screen.getByRole('listbox', { name: 'Add a category' })).getByRole('option', { name: 'Staples › Atta' }))
    fireEvent.change(screen.getByRole('spinbutton', { name: 'How many' }), { target: { value: '8' } })
    expect(logic()).toMatchObject({ c: ['atta'], limit: 8 })
  })

  it('product grid: a product saved before shows by its slug, and the save’s messages show by field', () => {
    open(productGridEditor, { p: ['old-poha'] }, { 'logicdata.limit': 'At most 24 products', 'logicdata.p': 'At most 24 products' })
    expect(screen.getByRole('list', { name: 'Chosen products' }).textContent).toContain('old-poha')
    expect(screen.getByRole('alert').textContent).toBe('At most 24 products')
    expect(screen.getByRole('spinbutton', { name: 'How many' }).getAttribute('aria-invalid')).toBe('true')
  })

  it('category grid: the parent is chosen from the list, and how many tiles at most', () => {
    const { logic } = open(categoryGridEditor, {})
    expect(screen.getByRole('button', { name: 'Parent category' }).textContent).toContain('The top-level categories')
    fireEvent.click(screen.getByRole('button', { name: 'Parent category' }))
    fireEvent.click(within(screen.getByRole('listbox', { name: 'Parent category' })).getByRole('option', { name: 'Staples' }))
    fireEvent.change(screen.getByRole('spinbutton', { name: 'At most' }), { target: { value: '8' } })
    expect(logic()).toEqual({ parent: 'staples', limit: 8 })
  })
})
