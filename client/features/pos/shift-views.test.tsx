// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderAt } from '../../lib/test-kit'
import type { ShiftReport } from '../../../common/contracts/pos-shifts'
import { ConfirmHost } from '../../ui/confirm-dialog'
import { CloseShiftDialog } from './close-shift-dialog'
import { OpenShiftForm } from './shift-views'

afterEach(cleanup)

const registers = {
  registers: [
    { id: 1, name: 'Counter 1', warehouse_id: 10, warehouse: 'Indiranagar', open_by: null },
    { id: 2, name: 'Counter 2', warehouse_id: 10, warehouse: 'Indiranagar', open_by: 'Ravi' },
  ],
  warehouses: [{ id: 11, name: 'Koramangala' }],
}

describe('opening a shift on a chosen register', () => {
  it('lists the registers and the warehouses without one; a new counter at a warehouse is opened by warehouse_id and remembered', async () => {
    const { api, calls } = fakeApi((contract) => {
      if (contract.path === '/api/pos/registers')
        return calls.filter((c) => c.path === '/api/pos/shifts').length
          ? {
              ...registers,
              registers: [...registers.registers, { id: 3, name: 'Counter at Koramangala', warehouse_id: 11, warehouse: 'Koramangala', open_by: 'Asha' }],
              warehouses: [],
            }
          : registers
      return { shift_id: 9 }
    })
    const onChoose = vi.fn()
    const onOpened = vi.fn()
    renderAt(<OpenShiftForm register={{ id: 1, name: 'Counter 1', warehouse_id: 10 }} onChoose={onChoose} onOpened={onOpened} />, { url: '/pos', api })
    const group = await screen.findByRole('group', { name: 'Register' })
    const options = [...group.querySelectorAll('label')].map((l) => l.textContent)
    expect(options).toEqual([
      'Counter 1Sells from Indiranagar',
      'Counter 2Sells from Indiranagar · shift open (Ravi)',
      'New counter at KoramangalaSells from Koramangala',
    ])
    expect((screen.getByRole('radio', { name: /Counter 1/ }) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByRole('radio', { name: /New counter at Koramangala/ }))
    fireEvent.change(screen.getByLabelText('Opening cash (₹)'), { target: { value: '500' } })
    fireEvent.click(screen.getByRole('button', { name: 'Open shift' }))
    await waitFor(() => expect(onOpened).toHaveBeenCalled())
    expect(calls.find((c) => c.path === '/api/pos/shifts')?.input).toEqual({ body: { opening_cash: 500, warehouse_id: 11 } })
    expect(onChoose).toHaveBeenCalledWith(3)
  })

  it('shows no chooser when the website has one register and no other warehouse', async () => {
    const { api } = fakeApi(() => ({ registers: [registers.registers[0]], warehouses: [] }))
    renderAt(<OpenShiftForm register={{ id: 1, name: 'Counter 1', warehouse_id: 10 }} onChoose={() => undefined} onOpened={() => undefined} />, {
      url: '/pos',
      api,
    })
    await screen.findByText(/Counter 1: count the cash/)
    expect(screen.queryByRole('group', { name: 'Register' })).toBeNull()
  })
})

const openShiftReport: ShiftReport = {
  shift_id: 9,
  register_id: 1,
  register: 'Counter 1',
  warehouse_id: 10,
  cashier: 'Ravi',
  status: 'open',
  opened_at: '2026-11-28T09:00:00.000Z',
  closed_at: null,
  opening_cash: 1000,
  sales_count: 2,
  sales: { cash: 250, upi: 0, card: 0, khata: 0 },
  sales_total: 250,
  refunds: { cash: 0, upi: 0, card: 0, khata: 0 },
  returns_count: 0,
  discounts: 0,
  cash_in: 0,
  cash_out: 0,
  cash_moves: [],
  expected_cash: 1250,
  counted_cash: null,
  counted: null,
  difference: null,
}

describe('closing a shift', () => {
  const renderClose = () => {
    const { api, calls } = fakeApi(() => ({ ...openShiftReport, status: 'closed' }))
    const onClosed = vi.fn()
    renderAt(
      <>
        <CloseShiftDialog shift={openShiftReport} open waiting={0} onClose={() => undefined} onClosed={onClosed} onRefused={() => undefined} />
        <ConfirmHost />
      </>,
      { url: '/pos', api },
    )
    return { calls, onClosed }
  }
  const closeButton = () => within(screen.getByRole('form', { name: 'Close the shift' })).getByRole('button', { name: 'Close shift' })

  it('refuses a negative or fractional count on its field and sends nothing', async () => {
    const { calls } = renderClose()
    fireEvent.change(screen.getByLabelText('₹500 notes'), { target: { value: '-2' } })
    fireEvent.change(screen.getByLabelText('₹5 coins'), { target: { value: '1.5' } })
    expect(screen.getByLabelText('₹500 notes').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('A count cannot be negative')).toBeTruthy()
    expect(screen.getByText('Count whole notes or coins')).toBeTruthy()
    expect(screen.getByTestId('counted-total').textContent).toBe('₹0')
    fireEvent.click(closeButton())
    await screen.findByText(/fix the marked ones/)
    expect(screen.queryByRole('dialog', { name: 'Close this shift?' })).toBeNull()
    expect(calls).toEqual([])
  })

  it('asks first, showing expected, counted and the difference; "Keep counting" closes nothing', async () => {
    const { calls, onClosed } = renderClose()
    fireEvent.change(screen.getByLabelText('₹500 notes'), { target: { value: '2' } })
    fireEvent.change(screen.getByLabelText('₹100 notes'), { target: { value: '2' } })
    fireEvent.click(closeButton())
    const sure = await screen.findByRole('dialog', { name: 'Close this shift?' })
    expect(sure.textContent).toContain('Expected ₹1,250 · counted ₹1,200 · short ₹50')
    fireEvent.click(within(sure).getByRole('button', { name: 'Keep counting' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close this shift?' })).toBeNull())
    expect(calls).toEqual([])
    fireEvent.click(closeButton())
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Close this shift?' })).getByRole('button', { name: 'Close shift' }))
    await waitFor(() => expect(onClosed).toHaveBeenCalled())
    expect(calls.map((c) => [c.path, c.input])).toEqual([['/api/pos/shifts/:id/close', { params: { id: 9 }, body: { counted: { '500': 2, '100': 2 } } }]])
  })
})
