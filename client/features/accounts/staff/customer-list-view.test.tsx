// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CustomerRow } from '../../../../common/contracts/admin-customers'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { CustomerListView } from './customer-list-view'

afterEach(cleanup)

const row = (id: number, over: Partial<CustomerRow> = {}): CustomerRow => ({
  user_id: id,
  name: `Shopper ${id}`,
  phone: `98765000${String(id).padStart(2, '0')}`,
  email: null,
  orders_count: 2,
  total_spent: 125000,
  last_order_at: '2026-11-24T10:00:00.000Z',
  joined_at: '2026-11-01T10:00:00.000Z',
  blocked: null,
  ...over,
})

function open(url: string, rows: CustomerRow[]) {
  const fake = fakeApi((contract) => {
    if (contract.path === '/api/admin/customers') return { data: rows, meta: { total: rows.length, page: 1, perPage: 20 } }
    throw new Error(`unexpected ${contract.path}`)
  })
  renderAt(<CustomerListView />, { url, api: fake.api })
  return fake.calls
}

describe('the customers list', () => {
  it('asks for the search, filter and sort in the address and shows spend, orders and who is blocked', async () => {
    const calls = open('/bos/admin/customers?q=98765&state=blocked&sort=-total_spent', [
      row(3, { blocked: { reason: 'Refused COD twice', blocked_at: '2026-11-20T10:00:00.000Z' } }),
      row(4, { orders_count: 0, total_spent: 0, last_order_at: null }),
    ])
    await screen.findByText('Shopper 3')
    expect(calls.at(-1)?.input.query).toEqual({ q: '98765', state: 'blocked', sort: '-total_spent', page: 1, perPage: 20 })
    const table = screen.getByRole('table')
    const first = within(table).getByText('Shopper 3').closest('tr') as HTMLElement
    expect(within(first).getByText('Blocked')).toBeTruthy()
    expect(within(first).getByText('₹1,250')).toBeTruthy()
    const second = within(table).getByText('Shopper 4').closest('tr') as HTMLElement
    expect(within(second).queryByText('Blocked')).toBeNull()
    expect(within(second).getByText('Never')).toBeTruthy()
    expect((screen.getByRole('combobox', { name: 'Show' }) as HTMLSelectElement).value).toBe('blocked')
  })

  it('filters to blocked customers from the select and offers to clear an empty result', async () => {
    const calls = open('/bos/admin/customers', [])
    expect(await screen.findByText('No customers yet')).toBeTruthy()
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'blocked' } })
    await waitFor(() => expect(calls.at(-1)?.input.query).toMatchObject({ state: 'blocked' }))
    expect(await screen.findByText('Nobody is blocked from ordering.')).toBeTruthy()
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0])
    await waitFor(() => expect(calls.at(-1)?.input.query).not.toHaveProperty('state'))
  })
})
