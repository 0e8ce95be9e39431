// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/error-text'
import { fakeApi, renderAt } from '../../lib/test-kit'
import { KhataConsent } from './khata-consent'

afterEach(cleanup)

const tender = <button type="button">Put on khata</button>
const customer = { id: 7, name: 'Lakshmi', phone: '9876512345' }

describe('khata consent at the counter', () => {
  it('shows the khata tender at once for a customer of the shop', async () => {
    const { api, calls } = fakeApi(() => ({ customer }))
    renderAt(<KhataConsent phone="9876512345">{tender}</KhataConsent>, { api })
    await screen.findByRole('button', { name: 'Put on khata' })
    expect(calls.map((c) => c.path)).toEqual(['/api/pos/khata/customer'])
  })

  it('asks a new number for consent: a code is sent, the code the customer reads out makes them a customer, then the tender shows', async () => {
    let confirmed = false
    const { api, calls } = fakeApi((contract) => {
      if (contract.path === '/api/pos/khata/customer') return { customer: null }
      if (contract.path === '/api/pos/khata/consent') return { consent: 'code_sent', mobile: '9876512345', name: 'Lakshmi', minutes: 5 }
      if (!confirmed) {
        confirmed = true
        throw new ApiError(422, {
          message: 'That code is not right. You have 4 tries left.',
          errors: { code: 'That code is not right. You have 4 tries left.' },
        })
      }
      return { customer }
    })
    renderAt(<KhataConsent phone="9876512345">{tender}</KhataConsent>, { api })
    await screen.findByText(/is not a customer of this shop yet/)
    expect(screen.queryByRole('button', { name: 'Put on khata' })).toBeNull()
    fireEvent.change(screen.getByLabelText("Customer's name (optional)"), { target: { value: 'Lakshmi' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send consent code' }))
    const code = await screen.findByLabelText('Code the customer reads out')
    expect(calls.find((c) => c.path === '/api/pos/khata/consent')?.input).toEqual({ body: { mobile: '9876512345', name: 'Lakshmi' } })
    const agree = screen.getByRole('button', { name: 'Customer agrees' })
    expect((agree as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(code, { target: { value: '123456' } })
    fireEvent.click(agree)
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right. You have 4 tries left.')
    fireEvent.click(screen.getByRole('button', { name: 'Customer agrees' }))
    await screen.findByRole('button', { name: 'Put on khata' })
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/pos/khata/consent/confirm')).toHaveLength(2))
    expect(calls.at(-1)?.input).toEqual({ body: { mobile: '9876512345', code: '123456', name: 'Lakshmi' } })
  })
})
