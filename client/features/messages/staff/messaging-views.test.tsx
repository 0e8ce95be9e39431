// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { MessageSettingsAnswer } from '../../../../common/contracts/admin-messages'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { MessageLogView } from './message-log-view'
import { MessagingSettingsView } from './messaging-settings-view'

afterEach(cleanup)

const settings: MessageSettingsAnswer = {
  mode: 'simulator',
  whatsapp: {
    enabled: true,
    phone_number_id: '100000000000777',
    access_token_set: true,
    app_secret_set: true,
    keys: 'own',
    webhook_url: 'http://localhost:3000/s/api/messages/webhooks/whatsapp/1',
    verify_token: 'verify0token0of0main',
  },
  sms: { enabled: true, sender_id: null, auth_key_set: false, keys: 'shop', report_url: '' },
  templates: [
    {
      name: 'order_confirmed',
      label: 'Order confirmed',
      category: 'utility',
      needs: ['shop', 'order', 'amount'],
      whatsapp_name: 'order_confirmed',
      language: 'en',
      dlt_template_id: '1107160000000000012',
      vars: ['shop', 'order', 'amount'],
      preview: 'Your Kirana Fresh order KS-1042 of ₹1,249.00 is confirmed. Thank you for shopping with us.',
    },
  ],
  version: 3,
}
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } })

describe('the messaging screen', () => {
  it('previews each message, never shows a saved secret, and sends the variables in the order typed', async () => {
    const { api, calls } = fakeApi((contract) => (contract.method === 'GET' ? settings : { ...settings, version: 4 }))
    renderAt(<MessagingSettingsView />, { url: '/page-builder/messaging', api })
    expect(await screen.findByText(/Your Kirana Fresh order KS-1042 of ₹1,249.00 is confirmed/)).toBeTruthy()
    const token = screen.getByLabelText('Access token') as HTMLInputElement
    expect([token.type, token.value, token.placeholder]).toEqual(['password', '', '•••• saved'])
    type(screen.getByLabelText('Order confirmed: Variables in order'), 'order, shop,amount')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'PUT')?.input.body).toEqual({
      version: 3,
      whatsapp: { enabled: true, phone_number_id: '100000000000777', access_token: '', app_secret: '' },
      sms: { enabled: true, sender_id: '', auth_key: '' },
      templates: {
        order_confirmed: { whatsapp_name: 'order_confirmed', language: 'en', dlt_template_id: '1107160000000000012', vars: ['order', 'shop', 'amount'] },
      },
    })
  })

  it('shows a refused template on its field, and the provider’s answer to a test', async () => {
    const { api, calls } = fakeApi((contract) => {
      if (contract.method === 'GET') return settings
      if (contract.path.endsWith('/test')) return { ok: false, message: 'WhatsApp refused the keys: Invalid OAuth access token' }
      throw new ApiError(422, {
        message: 'Order confirmed needs amount in its template',
        code: 'invalid',
        errors: { 'templates.order_confirmed.vars': 'Order confirmed needs amount in its template' },
      })
    })
    renderAt(<MessagingSettingsView />, { url: '/page-builder/messaging', api })
    type(await screen.findByLabelText('Order confirmed: Variables in order'), 'shop, order')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Order confirmed needs amount in its template')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Test the WhatsApp connection' }))
    expect(await screen.findByText(/WhatsApp refused the keys: Invalid OAuth access token/)).toBeTruthy()
    expect(calls.find((c) => c.path.endsWith('/test'))?.input.body).toEqual({ channel: 'whatsapp', phone_number_id: '100000000000777', access_token: '' })
  })
})

describe('the message log', () => {
  it('masks the numbers, names the message and the fallback, and filters by status', async () => {
    const row = { id: 7, to: '9876500003', template: 'order_confirmed', channel: 'sms', provider_template: '1107160000000000012', status: 'delivered' }
    const { api, calls } = fakeApi(() => ({
      data: [{ ...row, error_code: null, fallback_of: 6, cost_units: 1, created_at: '2026-11-29T03:00:00.000Z', status_at: '2026-11-29T03:00:05.000Z' }],
    }))
    renderAt(<MessageLogView />, { url: '/bos/admin/messages', api })
    const table = await screen.findByRole('table', { name: 'Messages sent' })
    expect(within(table).getByText('98xxxxxx03')).toBeTruthy()
    expect(within(table).queryByText('9876500003')).toBeNull()
    expect(within(table).getByText('Order confirmed')).toBeTruthy()
    expect(within(table).getByText('after WhatsApp failed')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } })
    await waitFor(() => expect(calls.at(-1)?.input.query).toEqual({ status: 'failed', before: undefined }))
  })
})
