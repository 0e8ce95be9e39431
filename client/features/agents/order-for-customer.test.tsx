// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AgentCustomer } from '../../../common/contracts/agents'
import { ApiError } from '../../lib/error-text'
import { fakeApi, renderAt } from '../../lib/test-kit'
import { OrderForCustomer } from './order-for-customer'

afterEach(() => {
  cleanup()
  window.sessionStorage.clear()
})

const priya: AgentCustomer = {
  id: 12,
  name: 'Priya B',
  phone: '6000000001',
  added_by_agent: false,
  phone_verified: true,
  orders: 0,
  total_ordered: 0,
  last_order_number: null,
  last_order_at: null,
}

function open(confirm: (body: { mobile: string; code: string }) => unknown) {
  const fake = fakeApi((contract, input) => {
    if (contract.path === '/api/sales/customers' && contract.method === 'GET') return { data: [], pending: [] }
    if (contract.path === '/api/sales/customers/lookup') return { customer: null }
    if (contract.path === '/api/sales/customers') return { consent: 'code_sent', mobile: '6000000001', name: 'Priya B', minutes: 5 }
    if (contract.path === '/api/sales/customers/confirm') return confirm(input.body as { mobile: string; code: string })
    throw new Error(`unexpected call ${contract.path}`)
  })
  renderAt(<OrderForCustomer />, { url: '/account/dashboard', api: fake.api })
  return fake.calls
}

async function addPriya() {
  fireEvent.change(screen.getByLabelText("Customer's mobile number"), { target: { value: '6000000001' } })
  fireEvent.click(screen.getByRole('button', { name: 'Find' }))
  await screen.findByText(/Not a customer here yet/)
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Priya B' } })
  for (const [label, value] of [
    ['House / flat no.', '4'],
    ['Building / street', 'Temple Street'],
    ['Area / locality', 'Malleshwaram'],
    ['City', 'Bengaluru'],
    ['Pincode', '560003'],
  ])
    fireEvent.change(screen.getByLabelText(label), { target: { value } })
  fireEvent.click(screen.getByRole('button', { name: 'Add customer and order' }))
  await screen.findByLabelText('Code from the customer')
}

describe('ordering for a customer', () => {
  it('asks for the code a person with an account elsewhere received, then orders for them', async () => {
    const calls = open(() => priya)
    await addPriya()
    expect(screen.getByText(/already has an account with us/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Code from the customer'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and order' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/products'))
    expect(calls.find((c) => c.path === '/api/sales/customers/confirm')?.input.body).toEqual({ mobile: '6000000001', code: '123456' })
    expect(JSON.parse(window.sessionStorage.getItem('agent-mode') ?? 'null')).toMatchObject({ id: 12, name: 'Priya B' })
  })

  it('says what is wrong with a code and stays on it', async () => {
    open(() => {
      throw new ApiError(422, { message: 'That code is not right. You have 4 tries left.', errors: { code: 'That code is not right. You have 4 tries left.' } })
    })
    await addPriya()
    fireEvent.change(screen.getByLabelText('Code from the customer'), { target: { value: '000000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and order' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/not right/)
    expect(screen.getByTestId('location').textContent).toBe('/account/dashboard')
  })
})
