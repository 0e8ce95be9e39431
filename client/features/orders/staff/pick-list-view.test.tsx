// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PickListAnswer } from '../../../../common/contracts/admin-orders'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { PickListView } from './pick-list-view'

afterEach(cleanup)

const answer = (over: Partial<PickListAnswer> = {}): PickListAnswer => ({
  date: '2026-11-25',
  slot: '07:00',
  slots: [
    { start: '07:00', end: '09:00' },
    { start: '09:00', end: '11:00' },
  ],
  lines: [
    {
      product: 'Toor Dal',
      pack: '1 kg',
      sku: 'TD-1',
      pack_id: 1,
      warehouse_id: 1,
      warehouse: 'Indiranagar',
      quantity: 5,
      order_numbers: ['OD000001', 'OD000002'],
    },
  ],
  slips: [
    {
      order_id: 1,
      order_number: 'OD000001',
      customer: 'Meera Iyer',
      phone: '9876500003',
      address: 'Flat 4B, Indiranagar, Bengaluru, Karnataka 560038',
      shop: 'Kirana Fresh',
      slot: '2026-11-25 07:00–09:00',
      note: 'Leave at the gate',
      lines: [
        { product: 'Toor Dal', pack: '1 kg', sku: 'TD-1', quantity: 2, price: 15000, amount: 30000, other_delivery: null },
        { product: 'Sugar', pack: '1 kg', sku: null, quantity: 1, price: 4550, amount: 4550, other_delivery: null },
      ],
      items_total: 34550,
      discount: 3455,
      coupon: 'WELCOME10',
      delivery: 0,
      round_off: -95,
      total: 31000,
      payment_method: 'cod',
      cod_amount: 31000,
    },
  ],
  ...over,
})

function open(url: string, body: PickListAnswer) {
  const fake = fakeApi((contract) => {
    if (contract.path === '/api/admin/orders/pick-list') return body
    throw new Error(`unexpected ${contract.path}`)
  })
  renderAt(<PickListView />, { url, api: fake.api })
  return fake.calls
}

describe('PickListView', () => {
  it('asks for the date and slot of the address, shows the summed lines and prints the chosen paper', async () => {
    const calls = open('/bos/admin/orders/pick-list?date=2026-11-25&slot=07:00', answer())
    // the first is the screen's table (the print copy follows it; no stylesheet here hides it)
    const [row] = await screen.findAllByRole('row', { name: /Toor Dal/ })
    expect(within(row).getByText('5')).toBeTruthy()
    expect(within(row).getByText('OD000001, OD000002')).toBeTruthy()
    expect(calls[0].input).toMatchObject({ query: { date: '2026-11-25', slot: '07:00' } })
    const print = vi.fn()
    const before = window.print
    window.print = print
    fireEvent.click(screen.getByRole('button', { name: 'Print slips (80 mm)' }))
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    expect(document.querySelector('style')?.textContent).toMatch(/@page \{ size: 80mm \d+mm; margin: 0 \}/)
    fireEvent.click(screen.getByRole('button', { name: 'Print pick list (A4)' }))
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2))
    expect(document.querySelector('style')?.textContent).toContain('@page { size: A4')
    window.print = before
  })

  it('opens on the next delivery day the server names when no date is asked, and its slips add up to the total', async () => {
    const calls = open('/bos/admin/orders/pick-list', answer({ date: '2026-11-26', slot: null }))
    await screen.findAllByRole('row', { name: /Toor Dal/ })
    expect(calls[0].input).toMatchObject({ query: { date: undefined } })
    expect((screen.getByLabelText('Delivery date') as HTMLInputElement).value).toBe('2026-11-26')
    const before = window.print
    window.print = vi.fn()
    fireEvent.click(screen.getByRole('button', { name: 'Print slips (A4)' }))
    await waitFor(() => expect(window.print).toHaveBeenCalled())
    window.print = before
    const slip = document.querySelector('[data-slip]') as HTMLElement
    await waitFor(() => expect(slip.textContent).toContain('Kirana Fresh'))
    const text = slip.textContent ?? ''
    for (const part of ['Leave at the gate', 'Items₹345.50', 'Coupon WELCOME10− ₹34.55', 'DeliveryFree', 'Rounded off− ₹0.95', 'Total₹310']) {
      expect(text).toContain(part)
    }
  })

  it('a slot with nothing to pick says so and cannot be printed', async () => {
    open('/bos/admin/orders/pick-list?date=2026-11-25&slot=09:00', answer({ slot: '09:00', lines: [], slips: [] }))
    await screen.findByText(/No confirmed orders to pick for 2026-11-25 · 09:00–11:00/)
    for (const name of ['Print pick list (A4)', 'Print slips (A4)', 'Print slips (80 mm)']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true)
    }
  })
})
