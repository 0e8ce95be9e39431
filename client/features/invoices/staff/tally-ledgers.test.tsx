// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { ROLE_PERMISSIONS } from '../../../../common/rules/staff-roles'
import type { TallyLedgersAnswer } from '../../../../common/contracts/gst-returns'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { TallyLedgersForm } from './tally-ledgers'

afterEach(cleanup)

const ledgers: TallyLedgersAnswer = {
  sales: 'Sales',
  cgst: 'Output CGST',
  sgst: 'Output SGST',
  igst: 'Output IGST',
  cess: 'Output Cess',
  roundOff: 'Round Off',
  onlineCustomers: 'Online Customers',
  counterCustomers: 'Counter Customers',
  cash: 'Cash',
  bank: 'Bank Account',
  purchases: 'Purchases',
  inputCgst: 'Input CGST',
  inputSgst: 'Input SGST',
  inputIgst: 'Input IGST',
  khataAdjustments: 'Khata Adjustments',
}

/** a query client that knows who is signed in, as the staff app's init answer does */
function signedIn(role: keyof typeof ROLE_PERMISSIONS) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['init'], { user: { id: 1, name: 'Staff', permissions: ROLE_PERMISSIONS[role] } })
  return client
}

describe('the Tally ledger names', () => {
  it('shows the names the export uses, refuses a name Tally’s XML cannot carry, and saves them all', async () => {
    const { api, calls } = fakeApi((contract) => (contract.method === 'GET' ? ledgers : { ...ledgers, bank: 'HDFC Bank' }))
    renderAt(<TallyLedgersForm />, { url: '/bos/admin/gst-returns', api, client: signedIn('admin') })
    const bank = (await screen.findByLabelText(/^Bank/)) as HTMLInputElement
    expect(bank.value).toBe('Bank Account')
    expect((screen.getByLabelText(/^Khata adjustments/) as HTMLInputElement).value).toBe('Khata Adjustments')
    fireEvent.change(bank, { target: { value: 'HDFC <Bank>' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save ledger names' }))
    expect(await screen.findByText('Bank: no < > & or "')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
    fireEvent.change(bank, { target: { value: 'HDFC Bank' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save ledger names' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'PUT')?.input.body).toEqual({ ...ledgers, bank: 'HDFC Bank' })
  })
  it('shows them read-only, with no Save, to staff who may export but not change tax settings', async () => {
    const { api, calls } = fakeApi(() => ledgers)
    renderAt(<TallyLedgersForm />, { url: '/bos/admin/gst-returns', api, client: signedIn('accountant') })
    const bank = (await screen.findByLabelText(/^Bank/)) as HTMLInputElement
    expect(bank.value).toBe('Bank Account')
    expect(bank.readOnly).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save ledger names' })).toBeNull()
    expect(screen.getByText('Only staff who manage tax settings can change these names.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
  })
})
