// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/error-text'
import { fakeApi, renderAt } from '../../lib/test-kit'
import { MessagePreferencesForm } from './message-preferences'

afterEach(cleanup)

describe("a shopper's message choices", () => {
  it('shows the saved choice, switches to SMS and turns order updates off with one save', async () => {
    const { api, calls } = fakeApi((contract, input) =>
      contract.method === 'GET' ? { mobile: '9876500003', channel: 'whatsapp', updates: true } : { mobile: '9876500003', ...(input.body as object) },
    )
    renderAt(<MessagePreferencesForm />, { url: '/account/details', api })
    await screen.findByRole('form', { name: 'Messages on your phone' })
    expect(screen.getByText('To +91 9876500003: order updates, payment links and sign-in codes.')).toBeTruthy()
    expect((screen.getByRole('radio', { name: /^WhatsApp/ }) as HTMLInputElement).checked).toBe(true)
    const save = screen.getByRole('button', { name: 'Save message choices' }) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    fireEvent.click(screen.getByRole('radio', { name: /^SMS/ }))
    fireEvent.click(screen.getByRole('checkbox', { name: /Send me order updates/ }))
    fireEvent.click(save)
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'PUT')?.input.body).toEqual({ channel: 'sms', updates: false })
    await waitFor(() => expect((screen.getByRole('checkbox', { name: /Send me order updates/ }) as HTMLInputElement).checked).toBe(false))
    expect((screen.getByRole('radio', { name: /^SMS/ }) as HTMLInputElement).checked).toBe(true)
  })

  it('shows nothing for an account without a mobile number', async () => {
    const { api, calls } = fakeApi(() => {
      throw new ApiError(404, { message: 'Your account has no mobile number: add one to choose how messages reach you' })
    })
    const { container } = renderAt(<MessagePreferencesForm />, { url: '/account/details', api })
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(container.querySelector('form')).toBeNull()
  })
})
