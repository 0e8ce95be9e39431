// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { CategoryFilterDrawer } from './category-filter-drawer'
import { categories, fakeApi, renderAt } from './test-kit'

afterEach(cleanup)

const { api } = fakeApi(() => null)

async function openDrawer(selected: string[] = [], url = '/') {
  const onClose = vi.fn()
  renderAt(<CategoryFilterDrawer open onClose={onClose} categories={categories} selected={selected} />, { url, api })
  const dialog = await screen.findByRole('dialog', { name: 'Category Filter' })
  return { dialog: within(dialog), el: dialog, onClose }
}

describe('CategoryFilterDrawer', () => {
  it('is 300px wide', async () => {
    const { el } = await openDrawer()
    expect(el.style.width).toBe('300px')
  })

  it('Apply Filters goes to /products?c= with the selected slugs joined by commas', async () => {
    const { dialog, onClose } = await openDrawer()
    fireEvent.click(dialog.getByRole('button', { name: 'Show Staples subcategories' }))
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Atta & Flours' }))
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Rice' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Apply Filters' }))
    expect(screen.getByTestId('location').textContent).toBe('/products?c=atta,rice')
    expect(onClose).toHaveBeenCalled()
  })

  it('starts from the current filter, given as slugs or links, with their parents expanded', async () => {
    const { dialog } = await openDrawer(['/products?c=rice', 'chips'])
    expect((dialog.getByRole('checkbox', { name: 'Rice' }) as HTMLInputElement).checked).toBe(true)
    expect((dialog.getByRole('checkbox', { name: 'Snacks' }) as HTMLInputElement).checked).toBe(true)
    expect(dialog.getByRole('checkbox', { name: 'Staples' }).getAttribute('aria-checked')).toBe('mixed')
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Rice' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Apply Filters' }))
    expect(screen.getByTestId('location').textContent).toBe('/products?c=chips')
  })

  it('a ticked category includes its subcategories', async () => {
    const { dialog } = await openDrawer()
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Staples' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Show Staples subcategories' }))
    expect((dialog.getByRole('checkbox', { name: 'Dals & Pulses' }) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(dialog.getByRole('button', { name: 'Apply Filters' }))
    expect(screen.getByTestId('location').textContent).toBe('/products?c=staples')
  })

  it('Reset All goes to /products', async () => {
    const { dialog, onClose } = await openDrawer(['rice'], '/products?c=rice&b=crunchwala')
    fireEvent.click(dialog.getByRole('button', { name: 'Reset All' }))
    expect(screen.getByTestId('location').textContent).toBe('/products')
    expect(onClose).toHaveBeenCalled()
  })
})
