// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderAt } from '../../lib/test-kit'
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
