// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminProductRow } from '../../../../common/contracts/admin-catalogue'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { ConfirmHost } from '../../../ui/confirm-dialog'
import { Toaster, toast } from '../../../ui/toast'
import { ProductListView } from './product-list-view'

afterEach(() => {
  toast.clear()
  cleanup()
})

const row = (id: number, over: Partial<AdminProductRow> = {}): AdminProductRow => ({
  product_id: id,
  product_name: `Product ${id}`,
  slug: `product-${id}`,
  image: '',
  brand_name: 'Sona Khet',
  brand_slug: 'sona-khet',
  categories: [{ slug: 'rice', name: 'Rice' }],
  status: 'draft',
  packs: 2,
  min_price: 50,
  max_price: 120,
  available: id === 2 ? 0 : 40,
  version: 1,
  updated_at: '2026-11-20T10:00:00Z',
  ...over,
})

function listApi() {
  return fakeApi((contract, input) => {
    if (contract.path === '/api/admin/categories')
      return { data: [{ id: 1, name: 'Rice', slug: 'rice', parent_id: null, position: 0, avatar: null, products: 3 }] }
    if (contract.path === '/api/admin/brands') return { data: [], meta: { total: 0, page: 1, perPage: 100 } }
    if (contract.path === '/api/admin/products') return { data: [row(1), row(2, { status: 'active' }), row(3)], meta: { total: 3, page: 1, perPage: 20 } }
    if (contract.path === '/api/admin/products/prices/preview') {
      return {
        lines: [
          {
            product_id: 1,
            product_name: 'Product 1',
            pack_id: 10,
            pack_name: '1 kg',
            old_price: 50,
            new_price: 45,
            old_act_price: 60,
            new_act_price: 60,
            error: null,
          },
        ],
      }
    }
    return { updated: (input.body as { ids: number[] }).ids.length }
  })
}

const open = (url: string) => {
  const fake = listApi()
  renderAt(
    <>
      <ProductListView />
      <ConfirmHost />
      <Toaster />
    </>,
    { url, api: fake.api },
  )
  return fake.calls
}

describe('the product list', () => {
  it('asks the server for the view in the address (search, filters, sort, page)', async () => {
    const calls = open('/bos/admin/products?q=rice&category=rice&status=draft&stock=out_of_stock&sort=price&page=2&perPage=50')
    await screen.findByText('Product 1')
    expect(calls.find((c) => c.path === '/api/admin/products')?.input.query).toEqual({
      q: 'rice',
      category: 'rice',
      status: 'draft',
      stock: 'out_of_stock',
      sort: 'price',
      page: 2,
      perPage: 50,
    })
    const rows = screen.getAllByRole('row').slice(1)
    expect(within(rows[1]).getByText('Out of stock')).toBeTruthy()
    expect(screen.getAllByText('₹50 – ₹120').length).toBe(3)
  })

  it('publishes the chosen products, and Undo puts each back as it was', async () => {
    const calls = open('/bos/admin/products')
    await screen.findByText('Product 1')
    fireEvent.click(screen.getByLabelText('Select row 1'))
    fireEvent.click(screen.getByLabelText('Select row 2'))
    fireEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Publish' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/admin/products/bulk').map((c) => c.input.body)).toEqual([
        { action: 'publish', ids: [1, 2] },
        { action: 'unpublish', ids: [1] },
        { action: 'publish', ids: [2] },
      ]),
    )
  })

  it('archives only after the confirm dialog says so', async () => {
    const calls = open('/bos/admin/products')
    await screen.findByText('Product 1')
    fireEvent.click(screen.getByRole('button', { name: 'Archive Product 3' }))
    const dialog = await screen.findByRole('dialog', { name: 'Archive Product 3?' })
    expect(calls.some((c) => c.path === '/api/admin/products/bulk')).toBe(false)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }))
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/products/bulk').map((c) => c.input.body)).toEqual([{ action: 'archive', ids: [3] }]))
  })

  it('previews a price change old → new before applying it', async () => {
    const calls = open('/bos/admin/products')
    await screen.findByText('Product 1')
    fireEvent.click(screen.getByLabelText('Select row 1'))
    fireEvent.click(screen.getByRole('button', { name: 'Change prices' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change prices' })
    fireEvent.change(within(dialog).getByLabelText(/^Change \(%\)/), { target: { value: '-10' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    const apply = await within(dialog).findByRole('button', { name: 'Apply to 1 pack' })
    const line = within(within(dialog).getByRole('table', { name: /Preview/ })).getAllByRole('row')[1]
    expect([...line.children].map((c) => c.textContent)).toEqual(['Product 1', '1 kg', '₹50 → ₹45', '₹60'])
    fireEvent.click(apply)
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/admin/products/prices')).map((c) => [c.path, c.input.body])).toEqual([
        ['/api/admin/products/prices/preview', { ids: [1], kind: 'percent', value: -10, field: 'price' }],
        ['/api/admin/products/prices/apply', { ids: [1], kind: 'percent', value: -10, field: 'price' }],
      ]),
    )
  })
})
