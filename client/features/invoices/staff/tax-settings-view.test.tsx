// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TaxSettingsAnswer } from '../../../../common/contracts/invoices'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { TaxSettingsView } from './tax-settings-view'

afterEach(cleanup)

const settings = (over: Partial<TaxSettingsAnswer> = {}): TaxSettingsAnswer => ({
  configured: true,
  legal_name: 'Kirana Fresh Retail Private Limited',
  trade_name: 'Kirana Fresh',
  gstin: '29AAKCK4821M1Z0',
  state: 'Karnataka',
  address: '42, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038',
  invoice_prefix: 'KF',
  credit_note_prefix: 'KFCN',
  delivery_sac: '9968',
  delivery_gst_rate: 18,
  version: 3,
  missing_invoices: 0,
  ...over,
})

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } })

describe('the tax & invoices screen', () => {
  it('checks the GSTIN before sending, keeps the input, then saves what was typed with the version', async () => {
    const { api, calls } = fakeApi((contract) => (contract.method === 'GET' ? settings() : settings({ version: 4, trade_name: 'KF Indiranagar' })))
    renderAt(<TaxSettingsView />, { url: '/bos/admin/tax', api })
    const gstin = (await screen.findByLabelText(/^GSTIN/)) as HTMLInputElement
    type(gstin, '29AAKCK4821M1Z1')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('This GSTIN’s check character is wrong: check it for a typing mistake')).toBeTruthy()
    expect(gstin.value).toBe('29AAKCK4821M1Z1')
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
    type(gstin, '29AAKCK4821M1Z0')
    type(screen.getByLabelText(/^Trade name/), 'KF Indiranagar')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'PUT')?.input.body).toMatchObject({
      version: 3,
      trade_name: 'KF Indiranagar',
      gstin: '29AAKCK4821M1Z0',
      delivery_gst_rate: 18,
    })
  })

  it('offers the GST report files for a period once a registration is saved', async () => {
    const { api } = fakeApi(() => settings())
    renderAt(<TaxSettingsView />, { url: '/bos/admin/tax', api })
    const link = await screen.findByRole('link', { name: 'HSN summary (CSV)' })
    expect(link.getAttribute('href')).toMatch(/^\/s\/api\/admin\/gst-report\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}&section=hsn$/)
  })
})
