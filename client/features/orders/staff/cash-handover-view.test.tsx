// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CashHandoverAnswer } from '../../../../common/contracts/admin-orders'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { CashHandoverView } from './cash-handover-view'

afterEach(cleanup)

const day = (date: string): CashHandoverAnswer => ({
  date,
  people: [
    {
      name: 'Ravi Kumar',
      phone: '9876543210',
      cash: 41000,
      upi: 5050,
      due: 15950,
      orders: [
        { id: 7, order_number: 'OD000007', total: 31000, paid_at_door: 'part', cash: 10000, upi: 5050, due: 15950 },
        { id: 8, order_number: 'OD000008', total: 31000, paid_at_door: 'cash', cash: 31000, upi: 0, due: 0 },
      ],
    },
    {
      name: null,
      phone: null,
      cash: 0,
      upi: 0,
      due: 12000,
      orders: [{ id: 9, order_number: 'OD000009', total: 12000, paid_at_door: 'nothing', cash: 0, upi: 0, due: 12000 }],
    },
  ],
  totals: { cash: 41000, upi: 5050, due: 27950, orders: 3 },
})

function open(url: string, answer: (date: string | undefined) => CashHandoverAnswer) {
  const fake = fakeApi((contract, input) => {
    if (contract.path === '/api/admin/orders/cash-handover') return answer((input as { query: { date?: string } }).query.date)
    throw new Error(`unexpected ${contract.path}`)
  })
  renderAt(<CashHandoverView />, { url, api: fake.api })
  return fake.calls
}

describe('CashHandoverView', () => {
  it('shows each delivery person’s cash to hand over, the UPI taken and what is still due, with their orders', async () => {
    const calls = open('/bos/admin/orders/cash-handover', (date) => day(date ?? '2026-11-25'))
    const ravi = await screen.findByLabelText('Handover of Ravi Kumar')
    expect(calls[0].input).toMatchObject({ query: { date: undefined } })
    expect((screen.getByLabelText('Delivered on') as HTMLInputElement).value).toBe('2026-11-25')
    expect(ravi.textContent).toContain('Cash to hand over₹410')
    expect(ravi.textContent).toContain('UPI at the door₹50.50')
    expect(ravi.textContent).toContain('Still due₹159.50')
    const rows = within(screen.getByRole('table', { name: /Ravi Kumar/ })).getAllByRole('row')
    expect(rows[1].textContent).toBe('OD000007Part paid₹310₹100₹50.50₹159.50')
    expect(within(rows[1]).getByRole('link', { name: 'OD000007' }).getAttribute('href')).toBe('/bos/admin/orders/7')
    expect(screen.getByText('No delivery person named')).toBeTruthy()
    expect(screen.getByText(/3 orders · ₹410 cash · ₹50.50 UPI · ₹279.50 still due/)).toBeTruthy()
  })

  it('asks for another day from the date field, and says when nothing was delivered', async () => {
    const calls = open('/bos/admin/orders/cash-handover?date=2026-11-25', (date) =>
      date === '2026-11-24' ? { ...day(date), people: [], totals: { cash: 0, upi: 0, due: 0, orders: 0 } } : day(date!),
    )
    await screen.findByLabelText('Handover of Ravi Kumar')
    fireEvent.change(screen.getByLabelText('Delivered on'), { target: { value: '2026-11-24' } })
    expect(await screen.findByText('No cash-on-delivery orders were marked delivered on 2026-11-24.')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/bos/admin/orders/cash-handover?date=2026-11-24'))
    expect(calls.map((c) => c.input)).toEqual([{ query: { date: '2026-11-25' } }, { query: { date: '2026-11-24' } }])
  })
})
