// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import type { DraftBlocks } from './block-draft'
import { categoryCarouselEditor } from './category-carousel/form'
import { productCarouselEditor } from './product-carousel/form'

afterEach(cleanup)

const INIT = {
  categories: [
    { name: 'Staples', slug: 'staples', avatar: null, children: [{ name: 'Atta', slug: 'atta', avatar: null, children: [] }] },
    { name: 'Sweets', slug: 'sweets', avatar: null, children: [] },
  ],
  brands: [{ name: 'Kesar Valley', slug: 'kesar-valley', logo: null }],
}

/** A block form with the website's lists (the start-up answer), its block kept as the form changes it. */
function open<T extends 'product_carousel' | 'category_carousel'>(type: T, logicdata: DraftBlocks[T]['logicdata']) {
  const seen: DraftBlocks[T][] = []
  const editor = (type === 'product_carousel' ? productCarouselEditor : categoryCarouselEditor) as unknown as typeof productCarouselEditor
  function Harness() {
    const [block, setBlock] = useState({ ...editor.make(), key: 'k', logicdata } as unknown as DraftBlocks['product_carousel'])
    return (
      <editor.Form
        block={block}
        error={() => undefined}
        onChange={(b) => {
          seen.push(b as unknown as DraftBlocks[T])
          setBlock(b)
        }}
      />
    )
  }
  const client = new QueryClient()
  client.setQueryData(['init'], INIT)
  renderAt(<Harness />, { api: fakeApi(() => ({})).api, client })
  return () => seen.at(-1)?.logicdata
}

const pick = (name: string, option: string) => {
  fireEvent.click(screen.getByRole('button', { name }))
  fireEvent.click(within(screen.getByRole('listbox', { name })).getByRole('option', { name: option }))
}

describe('the carousel blocks pick categories and brands from the website’s lists', () => {
  it('product carousel: categories (a sub-category under its parent) and brands are chosen from lists, and removed', () => {
    const logic = open('product_carousel', { s: 'popularity', limit: 12, c: ['gone'] })
    expect(screen.queryByRole('textbox', { name: /Categories/ })).toBeNull()
    // a category removed since shows as such and can be taken out
    const chosen = screen.getByRole('list', { name: 'Chosen categories' })
    expect(chosen.textContent).toContain('gone (no longer in the list)')
    fireEvent.click(within(chosen).getByRole('button', { name: 'Remove gone (no longer in the list)' }))
    expect(logic()).toMatchObject({ c: undefined })

    pick('Add a category', 'Staples › Atta')
    pick('Add a category', 'Sweets')
    expect(logic()).toMatchObject({ c: ['atta', 'sweets'] })
    // a chosen one is not offered again
    fireEvent.click(screen.getByRole('button', { name: 'Add a category' }))
    expect(
      within(screen.getByRole('listbox', { name: 'Add a category' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Staples'])
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search the categories' }), { key: 'Escape' })
    pick('Add a brand', 'Kesar Valley')
    expect(logic()).toMatchObject({ c: ['atta', 'sweets'], b: ['kesar-valley'] })
    fireEvent.click(screen.getByRole('button', { name: 'Remove Sweets' }))
    expect(logic()).toMatchObject({ c: ['atta'] })
  })

  it('category carousel: the parent is chosen from the list, or the top level', () => {
    const logic = open('category_carousel', {})
    expect(screen.getByRole('button', { name: 'Parent category' }).textContent).toContain('The top-level categories')
    pick('Parent category', 'Staples')
    expect(logic()).toEqual({ parent: 'staples' })
    pick('Parent category', 'The top-level categories')
    expect(logic()).toEqual({ parent: undefined })
  })
})
