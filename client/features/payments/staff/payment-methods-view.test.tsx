// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { PaymentMethodsAnswer } from '../../../../common/contracts/admin-payments'
import type { Contract } from '../../../../common/contracts/http'
import type { CallInput } from '../../../lib/api'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { ConfirmHost } from '../../../ui/confirm-dialog'
import { PaymentMethodsView } from './payment-methods-view'

afterEach(cleanup)

const methods = (over: Partial<PaymentMethodsAnswer> = {}): PaymentMethodsAnswer => ({
  mode: 'simulator',
  cod: { enabled: true, max_order_value: 2000 },
  razorpay: {
    enabled: true,
    key_id: 'rzp_test_SiteOwnKey01',
    key_secret_set: true,
    webhook_secret_set: true,
    keys: 'own',
    webhook_url: 'http://localhost:3000/s/api/payments/webhooks/razorpay/1',
  },
  cashfree: { enabled: true, client_id: null, client_secret_set: false, keys: 'shop', webhook_url: 'http://localhost:3000/s/api/payments/webhooks/cashfree/1' },
  platform_account: { allowed: false, can_change: false },
  version: 4,
  ...over,
})

function staffApi(write: (contract: Contract, input: CallInput<Contract>) => unknown) {
  return fakeApi((contract, input) => (contract.method === 'GET' ? methods() : write(contract, input)))
}

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } })
const render = (api: ReturnType<typeof staffApi>['api']) =>
  renderAt(
    <>
      <PaymentMethodsView />
      <ConfirmHost />
    </>,
    { url: '/bos/admin/payments', api },
  )

describe('the payments screen', () => {
  it('never shows a saved secret: the input stays closed ("•••• saved") until Replace, and an empty one is sent to keep it', async () => {
    const { api, calls } = staffApi(() => methods({ version: 5 }))
    render(api)
    const razorpay = await screen.findByRole('region', { name: 'Razorpay' })
    const secret = within(razorpay).getByLabelText('Key secret') as HTMLInputElement
    expect(secret.type).toBe('password')
    expect(secret.placeholder).toBe('•••• saved')
    expect(secret.value).toBe('')
    expect(secret.disabled).toBe(true)
    fireEvent.click(within(razorpay).getByRole('button', { name: 'Replace the key secret' }))
    expect(secret.disabled).toBe(false)
    type(secret, 'a_new_key_secret_1')
    type(screen.getByLabelText(/^Maximum order value/), '1500')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'PUT')?.input.body).toEqual({
      version: 4,
      cod: { enabled: true, max_order_value: 1500 },
      razorpay: { enabled: true, key_id: 'rzp_test_SiteOwnKey01', key_secret: 'a_new_key_secret_1', webhook_secret: '' },
      cashfree: { enabled: true, client_id: '', client_secret: '' },
      // unchanged (only a superadmin may change it; the server refuses anyone else a change)
      platform_account: false,
    })
  })

  it('keeps what was typed when the server refuses it (422 on the field), and shows the provider’s answer to a test', async () => {
    const { api, calls } = staffApi((contract) => {
      if (contract.path.endsWith('/test')) return { ok: false, message: 'Cashfree refused the keys: authentication Failed', key_id: '…5678' }
      throw new ApiError(422, {
        message: 'Enter the client secret of this client id',
        code: 'invalid',
        errors: { 'cashfree.client_secret': 'Enter the client secret of this client id' },
      })
    })
    render(api)
    const cashfree = await screen.findByRole('region', { name: 'Cashfree' })
    const clientId = within(cashfree).getByLabelText('Client id') as HTMLInputElement
    type(clientId, 'TEST12345678')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await within(cashfree).findByText('Enter the client secret of this client id')).toBeTruthy()
    expect(clientId.value).toBe('TEST12345678')
    expect(within(cashfree).getByLabelText('Client secret').getAttribute('aria-invalid')).toBe('true')
    fireEvent.click(within(cashfree).getByRole('button', { name: 'Test connection' }))
    expect(await within(cashfree).findByText(/Cashfree refused the keys: authentication Failed/)).toBeTruthy()
    expect(calls.find((c) => c.path.endsWith('/test'))?.input.body).toEqual({ provider: 'cashfree', client_id: 'TEST12345678', client_secret: '' })
  })

  it('a stale save (409) shows what they changed against mine', async () => {
    const theirs = methods({ cod: { enabled: false, max_order_value: null }, version: 5 })
    const { api } = staffApi(() => {
      throw new ApiError(409, { message: 'Payment methods were changed', code: 'stale', current: theirs, changed: ['cod_enabled', 'cod_max_order_value'] })
    })
    render(api)
    type(await screen.findByLabelText(/^Maximum order value/), '900')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved changes' })
    expect(dialog.textContent).toContain('Maximum order value')
    expect(dialog.textContent).toContain('No limit')
    expect(dialog.textContent).toContain('₹900')
  })
})
