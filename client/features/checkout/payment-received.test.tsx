// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { PaymentReturn } from '../../../common/contracts/checkout'
import { ApiError } from '../../lib/error-text'
import { fakeApi, renderAt } from '../../lib/test-kit'
import { PaymentReceived } from './payment-received'

afterEach(cleanup)

const answer = (status: PaymentReturn['status']): PaymentReturn => ({ shop: 'Demo Store', order_number: 'DS-1042', amount: 24_550, status })

function open(answers: (PaymentReturn | Error)[], props: { waitMs?: number } = {}) {
  const fake = fakeApi(async (contract) => {
    if (contract.path !== '/api/checkout/paid/:token') throw new Error(`unexpected ${contract.path}`)
    const next = answers.length > 1 ? answers.shift()! : answers[0]
    if (next instanceof Error) throw next
    return next
  })
  renderAt(<PaymentReceived token="7-abc" everyMs={20} {...props} />, { url: '/order/paid/7-abc', api: fake.api })
  return fake.calls
}

describe('the payment received page', () => {
  it('waits while the webhook is on its way, then says the payment is received with the number and amount only', async () => {
    const calls = open([answer('waiting'), answer('waiting'), answer('paid')])
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment…' })).toBeTruthy()
    expect(screen.getByTestId('order-number').textContent).toBe('DS-1042')
    expect(screen.getByText('₹245.50')).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy()
    expect(calls.length).toBe(3)
    expect(calls[0].input.params).toEqual({ token: '7-abc' })
    // paid: it stops asking
    await new Promise((r) => setTimeout(r, 100))
    expect(calls.length).toBe(3)
  })

  it('stops asking after a while and says the shop will confirm', async () => {
    const calls = open([answer('waiting')], { waitMs: 150 })
    expect(await screen.findByText(/has not arrived yet/)).toBeTruthy()
    const asked = calls.length
    await new Promise((r) => setTimeout(r, 100))
    expect(calls.length).toBe(asked)
  })

  it('says an order let go is not waiting, and a wrong link is not valid', async () => {
    open([answer('not_paid')])
    expect(await screen.findByRole('heading', { name: 'This order is not waiting for a payment' })).toBeTruthy()
    cleanup()
    open([new ApiError(404, { message: 'This payment page is not valid: check the link in your message' })])
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/not valid/))
  })
})
