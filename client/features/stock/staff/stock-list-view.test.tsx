// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { StockRow } from '../../../../common/contracts/admin-stock'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { Toaster, toast } from '../../../ui/toast'
import { StockListView } from './stock-list-view'

afterEach(() => {
  toast.clear()
  cleanup()
})

const row = (packId: number, over: Partial<StockRow> = {}): StockRow => ({
  pack_id: packId,
  warehouse_id: 1,
  on_hand: 12,
  reserved: 4,
  available: 8,
  product_id: 100 + packId,
  product_name: `Toor Dal ${packId}`,
  pack_name: '1 kg',
  sku: null,
  image: '',
  warehouse_name: 'Indiranagar Dark Store',
  low_stock_threshold: 5,
  state: 'in_stock',
  ...over,
})

function open(
  url: string,
  write: (path: string, body: Record<string, unknown>) => unknown = (_p, body) => ({
    pack_id: body.pack_id,
    warehouse_id: 1,
    on_hand: 20,
    reserved: 4,
    available: 16,
  }),
) {
  const fake = fakeApi((contract, input) => {
    if (contract.path === '/api/admin/warehouses') return { data: [{ id: 1, name: 'Indiranagar Dark Store', address: '', is_default: true, pincodes: [] }] }
    if (contract.path === '/api/admin/stock' && contract.method === 'GET')
      return {
        data: [
          row(1),
          row(2, { on_hand: 3, reserved: 3, available: 0, state: 'out_of_stock' }),
          row(3, { on_hand: 0, reserved: 0, available: 0, state: 'out_of_stock' }),
        ],
        meta: { total: 3, page: 1, perPage: 20 },
      }
    return write(contract.path, input.body as Record<string, unknown>)
  })
  renderAt(
    <>
      <StockListView />
      <Toaster />
    </>,
    { url, api: fake.api },
  )
  return fake.calls
}

describe('the stock list', () => {
  it('asks for the view in the address and shows each row’s state', async () => {
    const calls = open('/bos/admin/stock?state=low&warehouse_id=1&q=dal&sort=-available')
    await screen.findByText('Toor Dal 1')
    expect(calls.find((c) => c.path === '/api/admin/stock')?.input.query).toEqual({
      state: 'low',
      warehouse_id: 1,
      q: 'dal',
      sort: '-available',
      page: 1,
      perPage: 20,
    })
    expect(screen.getByRole('button', { name: 'Low stock' }).getAttribute('aria-current')).toBe('page')
    const rows = screen.getAllByRole('row').slice(1)
    expect(within(rows[1]).getByText('Out of stock')).toBeTruthy()
  })

  it('counts a new pack’s first stock as Received, not a correction', async () => {
    const calls = open('/bos/admin/stock')
    await screen.findByText('Toor Dal 3')
    fireEvent.click(screen.getAllByRole('button', { name: 'Change' })[2])
    const form = await screen.findByRole('form', { name: /^Change stock of Toor Dal 3/ })
    expect((within(form).getByLabelText('Reason') as HTMLSelectElement).value).toBe('received')
    fireEvent.change(within(form).getByLabelText('On hand'), { target: { value: '30' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.input.body).toMatchObject({ pack_id: 3, quantity: 30, reason: 'received' }))
  })

  it('sets on hand in the row with a reason, and adds units with another', async () => {
    const calls = open('/bos/admin/stock')
    await screen.findByText('Toor Dal 1')
    fireEvent.click(screen.getAllByRole('button', { name: 'Change' })[0])
    const form = await screen.findByRole('form', { name: /^Change stock of Toor Dal 1/ })
    fireEvent.change(within(form).getByLabelText('On hand'), { target: { value: '20' } })
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: 'Shelf count' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.input.body).toEqual({
        pack_id: 1,
        warehouse_id: 1,
        quantity: 20,
        reason: 'count_correction',
        note: 'Shelf count',
      }),
    )
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Change stock of/ })).toBeNull())

    fireEvent.click(screen.getAllByRole('button', { name: 'Change' })[1])
    const again = await screen.findByRole('form', { name: /^Change stock of Toor Dal 2/ })
    fireEvent.change(within(again).getByLabelText('How'), { target: { value: 'add' } })
    expect((within(again).getByLabelText('Reason') as HTMLSelectElement).value).toBe('received')
    fireEvent.change(within(again).getByLabelText('Units'), { target: { value: '24' } })
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/admin/stock/adjust')?.input.body).toEqual({
        pack_id: 2,
        warehouse_id: 1,
        change: 24,
        reason: 'received',
        note: null,
      }),
    )
  })

  it('keeps the editor open with the server’s reason when it refuses, and checks the figure before asking', async () => {
    const calls = open('/bos/admin/stock', () => {
      throw new ApiError(422, {
        message: 'x',
        errors: { quantity: 'On hand cannot be less than the 4 held by open orders: cancel or deliver those orders first' },
      })
    })
    await screen.findByText('Toor Dal 1')
    fireEvent.click(screen.getAllByRole('button', { name: 'Change' })[0])
    const form = await screen.findByRole('form', { name: /^Change stock of Toor Dal 1/ })
    fireEvent.change(within(form).getByLabelText('On hand'), { target: { value: '-2' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByRole('alert').textContent).toBe('Enter a whole number of units, 0 or more')
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
    fireEvent.change(within(form).getByLabelText('On hand'), { target: { value: '2' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toMatch(/^On hand cannot be less than the 4 held by open orders/))
    fireEvent.keyDown(within(form).getByLabelText('On hand'), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Change stock of/ })).toBeNull())
  })
})
