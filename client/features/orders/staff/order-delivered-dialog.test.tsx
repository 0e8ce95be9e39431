// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminOrderDetail } from '../../../../common/contracts/admin-orders'
import { ROLE_PERMISSIONS } from '../../../../common/rules/staff-roles'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { Toaster } from '../../../ui/toast'
import { OrderDetailView } from './order-detail-view'

afterEach(cleanup)

const order = (over: Partial<AdminOrderDetail> = {}) =>
  ({
    id: 7,
    order_number: 'OD000007',
    status: 'out_for_delivery',
    payment_method: 'cod',
    payment_status: 'cod',
    created_at: '2026-11-24T04:00:00Z',
    total: 31000,
    items: 1,
    lines: [
      {
        id: 1,
        pack_id: 1,
        product_id: 1,
        slug: 'dal',
        image: '',
        name: 'Toor Dal',
        pack: '1 kg',
        quantity: 2,
        price: 15500,
        amount: 31000,
        ordered_quantity: null,
      },
    ],
    charges: { items: 31000, discount: 0, delivery: 0, total: 31000, coupon: null },
    address: {
      name: 'Meera Iyer',
      mobile: '9876500003',
      house: '4B',
      street: '',
      area: 'Indiranagar',
      landmark: '',
      city: 'Bengaluru',
      state: 'KA',
      pincode: '560038',
    },
    deliveries: [{ date: '2026-11-25', start: '07:00', end: '09:00', charge: 0 }],
    notes: null,
    customer: null,
    payments: [],
    refunds: [],
    refundable: null,
    events: [],
    delivery_person: { name: 'Ravi Kumar', phone: '9876543210' },
    cash_collected: null,
    paid_at_door: null,
    upi_collected: null,
    due: 0,
    next: ['delivered'],
    ...over,
  }) as unknown as AdminOrderDetail

function open(shown: AdminOrderDetail, onMove: (body: unknown) => unknown = () => shown) {
  const fake = fakeApi((contract, input) => {
    if (contract.path === '/api/admin/orders/:id' && contract.method === 'GET') return shown
    if (contract.path === '/api/admin/orders/:id/status') return onMove((input as { body: unknown }).body)
    throw new Error(`unexpected ${contract.path}`)
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['init'], { user: { id: 1, name: 'Packer', permissions: ROLE_PERMISSIONS.packer } })
  renderAt(
    <>
      <OrderDetailView id={7} documents={() => null} />
      <Toaster />
    </>,
    { api: fake.api, client },
  )
  return fake.calls
}

const moves = (calls: ReturnType<typeof open>) => calls.filter((c) => c.path === '/api/admin/orders/:id/status')

describe('marking a cash-on-delivery order delivered', () => {
  it('asks how the money came; part paid shows what is still due and sends the cash and UPI in paise', async () => {
    const calls = open(order())
    fireEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }))
    const dialog = await screen.findByRole('dialog', { name: 'Deliver OD000007' })
    expect(within(dialog).getByRole('radio', { name: /Paid in cash/ })).toHaveProperty('checked', true)
    expect(within(dialog).getByText('Still due from the shopper').nextSibling?.textContent).toBe('₹0')
    fireEvent.click(within(dialog).getByRole('radio', { name: /Part paid/ }))
    fireEvent.change(within(dialog).getByLabelText('Cash taken (₹)'), { target: { value: '100' } })
    fireEvent.change(within(dialog).getByLabelText('UPI taken (₹)'), { target: { value: '50.50' } })
    expect(within(dialog).getByText('Still due from the shopper').nextSibling?.textContent).toBe('₹159.50')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }))
    await waitFor(() => expect(moves(calls)).toHaveLength(1))
    expect(moves(calls)[0].input).toMatchObject({
      params: { id: 7 },
      body: { status: 'delivered', paid_at_door: 'part', cash_collected: 10000, upi_collected: 5050 },
    })
  })

  it('all by UPI or nothing at all send just that; a part that is the whole total is refused before sending', async () => {
    const calls = open(order())
    fireEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }))
    let dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('radio', { name: /Part paid/ }))
    fireEvent.change(within(dialog).getByLabelText('Cash taken (₹)'), { target: { value: '310' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }))
    expect(await within(dialog).findByText(/Cash and UPI together must be less than ₹310/)).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Cash taken (₹)'), { target: { value: 'abc' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }))
    expect(await within(dialog).findByText(/Enter the cash in rupees/)).toBeTruthy()
    expect(moves(calls)).toHaveLength(0)

    fireEvent.click(within(dialog).getByRole('radio', { name: /Nothing paid/ }))
    expect(within(dialog).getByText('Still due from the shopper').nextSibling?.textContent).toBe('₹310')
    fireEvent.click(within(dialog).getByRole('radio', { name: /Paid by UPI/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delivered, ₹310 by UPI' }))
    await waitFor(() => expect(moves(calls)).toHaveLength(1))
    expect(moves(calls)[0].input).toMatchObject({ body: { status: 'delivered', paid_at_door: 'upi', upi_collected: 31000 } })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.click(screen.getByRole('button', { name: 'Mark delivered' }))
    dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('radio', { name: /Nothing paid/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }))
    await waitFor(() => expect(moves(calls)).toHaveLength(2))
    expect(moves(calls)[1].input).toMatchObject({ body: { status: 'delivered', paid_at_door: 'nothing' } })
  })

  it('shows the server’s field message in the dialog', async () => {
    open(order(), () => {
      throw new ApiError(422, { errors: { cash_collected: ['Cash and UPI together must be less than ₹310'] } })
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delivered, ₹310 in cash' }))
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Cash and UPI together must be less than ₹310')
  })

  it('a delivered order part paid at the door says what came and what is still due', async () => {
    open(order({ status: 'delivered', next: [], paid_at_door: 'part', cash_collected: 10000, upi_collected: 5050, due: 15950 }))
    const paid = await screen.findByLabelText('Paid at the door')
    expect(paid.textContent).toContain('Part paid at the door: ₹100 in cash and ₹50.50 by UPI')
    expect(paid.textContent).toContain('Still due: ₹159.50')
  })
})
