// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CustomerDetail } from '../../../../common/contracts/admin-customers'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { ConfirmHost } from '../../../ui/confirm-dialog'
import { Toaster, toast } from '../../../ui/toast'
import { CustomerDetailView } from './customer-detail-view'

afterEach(() => {
  toast.clear()
  cleanup()
})

const meera: CustomerDetail = {
  user_id: 7,
  name: 'Meera Shopper',
  phone: '9876500003',
  email: 'meera@demo.example',
  orders_count: 1,
  total_spent: 62500,
  last_order_at: '2026-11-24T10:00:00.000Z',
  joined_at: '2026-11-01T10:00:00.000Z',
  blocked: null,
  addresses: [],
  orders: [
    {
      id: 41,
      order_number: 'OD000041',
      placed_by: null,
      status: 'confirmed',
      payment_status: 'cod',
      payment_method: 'cod',
      total: 62500,
      items: 2,
      created_at: '2026-11-24T10:00:00.000Z',
    },
  ],
}

function open(onWrite: (path: string, body: unknown) => unknown = () => meera) {
  const fake = fakeApi((contract, input) => {
    if (contract.path === '/api/admin/customers/:id') return meera
    return onWrite(contract.path, input.body)
  })
  renderAt(
    <>
      <CustomerDetailView id={7} />
      <ConfirmHost />
      <Toaster />
    </>,
    { url: '/bos/admin/customers/7', api: fake.api },
  )
  return fake.calls
}

describe('a customer’s page', () => {
  it('links each order to its page and the export to the JSON call', async () => {
    open()
    const order = await screen.findByRole('link', { name: 'OD000041' })
    expect(order.getAttribute('href')).toBe('/bos/admin/orders/41')
    const exportLink = screen.getByRole('link', { name: /Export data \(JSON\)/ })
    expect(exportLink.getAttribute('href')).toMatch(/\/api\/admin\/customers\/7\/export$/)
    expect(exportLink.hasAttribute('download')).toBe(true)
  })

  it('blocks only with a reason, keeping what was typed when the server refuses it', async () => {
    const calls = open((path, body) => {
      if (path === '/api/admin/customers/:id/block' && (body as { reason: string }).reason === 'abc')
        throw new ApiError(422, { message: 'Invalid', errors: { reason: ['Reason is not allowed'] } })
      return { ...meera, blocked: { reason: 'Fake orders', blocked_at: '2026-11-24T11:00:00.000Z' } }
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Block from ordering' }))
    const dialog = await screen.findByRole('dialog', { name: 'Block Meera Shopper from ordering?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }))
    expect(await within(dialog).findByText('Say why, in a few words')).toBeTruthy()
    expect(calls.filter((c) => c.path.endsWith('/block'))).toHaveLength(0)
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'abc' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }))
    expect(await within(dialog).findByText('Reason is not allowed')).toBeTruthy()
    expect((within(dialog).getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe('abc')
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Fake orders' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }))
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/block')).map((c) => c.input.body)).toEqual([{ reason: 'abc' }, { reason: 'Fake orders' }]))
  })

  it('erases only once ERASE is typed, after saying what is kept', async () => {
    const calls = open(() => ({ user_id: 7, account_erased: true }))
    fireEvent.click(await screen.findByRole('button', { name: 'Erase personal data' }))
    const dialog = await screen.findByRole('dialog', { name: /Erase Meera Shopper’s personal data\?/ })
    expect(within(dialog).getByText('Kept for the accounts')).toBeTruthy()
    const go = within(dialog).getByRole('button', { name: 'Erase for good' }) as HTMLButtonElement
    expect(go.disabled).toBe(true)
    fireEvent.change(within(dialog).getByLabelText('Type ERASE to confirm'), { target: { value: 'erase' } })
    expect(go.disabled).toBe(true)
    fireEvent.change(within(dialog).getByLabelText('Type ERASE to confirm'), { target: { value: 'ERASE' } })
    expect(go.disabled).toBe(false)
    fireEvent.click(go)
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/erase'))).toHaveLength(1))
    expect(await screen.findByText(/Personal data erased/)).toBeTruthy()
  })
})
