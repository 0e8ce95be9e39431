// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminOrderRow } from '../../../../common/contracts/admin-orders'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { Toaster, toast } from '../../../ui/toast'
import { OrderListView } from './order-list-view'

afterEach(() => {
  toast.clear()
  cleanup()
})

const row = (id: number, over: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  id,
  order_number: `OD00000${id}`,
  status: 'packed',
  payment_status: 'cod',
  payment_method: 'cod',
  total: 62500,
  created_at: '2026-11-24T10:00:00.000Z',
  customer: 'Meera Iyer',
  phone: '9876500003',
  pincode: '560038',
  slot: '2026-11-25 07:00–09:00',
  channel: 'web',
  ...over,
})

function open(url: string) {
  const fake = fakeApi((contract, input) => {
    if (contract.path === '/api/admin/orders')
      return {
        data: [row(1), row(2, { channel: 'pos' }), row(3)],
        meta: { total: 3, page: 1, perPage: 20 },
        counts: { confirmed: 4, packed: 3, delivered: 10 },
        slots: [
          { start: '07:00', end: '09:00' },
          { start: '09:00', end: '11:00' },
        ],
      }
    if (contract.path === '/api/admin/orders/:id/status') {
      const { id } = input.params as { id: number }
      if (id === 2) throw new ApiError(409, { message: 'Order OD000002 is cancelled: it cannot be marked out for delivery', code: 'conflict' })
      return {}
    }
    throw new Error(`unexpected ${contract.path}`)
  })
  renderAt(
    <>
      <OrderListView />
      <Toaster />
    </>,
    { url, api: fake.api },
  )
  return fake.calls
}

describe('the orders list', () => {
  it('asks for the view in the address and shows the tabs with their counts', async () => {
    const calls = open('/bos/admin/orders?status=packed&q=meera&pincode=560038&payment_method=cod')
    await screen.findByText('OD000001')
    expect(calls.find((c) => c.path === '/api/admin/orders')?.input.query).toEqual({
      status: 'packed',
      q: 'meera',
      pincode: '560038',
      payment_method: 'cod',
      sort: '-created_at',
      page: 1,
      perPage: 20,
    })
    const tabs = screen.getByRole('navigation', { name: 'Order status' })
    expect(within(tabs).getByRole('button', { name: 'Packed 3' }).getAttribute('aria-current')).toBe('page')
    expect(within(tabs).getByRole('button', { name: 'All 17' })).toBeTruthy()
  })

  it('keeps the delivery slot and channel filters in the address, offering the day’s windows', async () => {
    const calls = open('/bos/admin/orders?channel=pos&slot_date=2026-11-25')
    await screen.findByText('OD000001')
    expect(calls.at(-1)?.input.query).toMatchObject({ channel: 'pos', slot_date: '2026-11-25' })
    const counterOrder = screen.getByText('OD000002').closest('tr') as HTMLElement
    expect(within(counterOrder).getByText(/Shop counter \(POS\)/)).toBeTruthy()
    const windows = screen.getByRole('combobox', { name: 'Delivery slot' }) as HTMLSelectElement
    expect([...windows.options].map((o) => o.text)).toEqual(['All slots of the day', '07:00–09:00', '09:00–11:00'])
    fireEvent.change(windows, { target: { value: '09:00' } })
    await waitFor(() => expect(calls.at(-1)?.input.query).toMatchObject({ channel: 'pos', slot_date: '2026-11-25', slot: '09:00' }))
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(calls.at(-1)?.input.query).toEqual({ sort: '-created_at', page: 1, perPage: 20 }))
    expect(screen.queryByRole('combobox', { name: 'Delivery slot' })).toBeNull()
  })

  it('moves the selected orders one by one and lists the ones that could not move, with why', async () => {
    const calls = open('/bos/admin/orders?status=packed')
    await screen.findByText('OD000001')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Send out for delivery' }))
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/orders/:id/status')).toHaveLength(3))
    expect(calls.filter((c) => c.path === '/api/admin/orders/:id/status').map((c) => [c.input.params, c.input.body])).toEqual(
      [1, 2, 3].map((id) => [{ id }, { status: 'out_for_delivery' }]),
    )
    const report = await screen.findByText(/2 marked out for delivery, 1 not moved/)
    const box = report.closest('[role="status"]') as HTMLElement
    expect(within(box).getByText(/is cancelled: it cannot be marked out for delivery/)).toBeTruthy()
    expect(within(box).getByText('OD000002')).toBeTruthy()
  })
})
