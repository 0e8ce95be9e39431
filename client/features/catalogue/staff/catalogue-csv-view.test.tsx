// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, assert, describe, expect, it, vi } from 'vitest'
import type { ImportPreview } from '../../../../common/contracts/admin-catalogue-csv'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { ConfirmHost } from '../../../ui/confirm-dialog'
import { CatalogueCsvView } from './catalogue-csv-view'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const previewOf = (token: string): ImportPreview => ({
  token,
  file_name: 'test.csv',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  summary: {
    rows: 2,
    products: { create: 2, change: 0, unchanged: 0 },
    packs: { create: 2, change: 0, unchanged: 0 },
    stock: 0,
    thresholds: 0,
    brands: 0,
    categories: 0,
  },
  problems: [],
  new_brands: [],
  new_categories: [],
  lines: [
    { line: 2, product_name: 'Preview One', pack_name: '1 kg', sku: 'SEEN-1', product: 'create', pack: 'create', changes: [] },
    { line: 3, product_name: 'Preview Two', pack_name: '1 kg', sku: 'SEEN-2', product: 'create', pack: 'create', changes: [] },
  ],
})

describe('the catalogue import screen', () => {
  it('applies the previewed token; when the catalogue changed since, lists the rows and checks the file again', async () => {
    const uploads: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.includes('/catalogue/import')) return new Response('{}', { status: 200 })
        uploads.push(url)
        return new Response(JSON.stringify(previewOf(`token-number-${uploads.length}`)), { status: 200 })
      }),
    )
    // the browser's own dialog is never used: the app's asks
    vi.stubGlobal('confirm', () => assert.fail('window.confirm was called'))
    const message =
      '“Preview Two”: the preview showed a new product with a new pack, now it would be product #9 changed, pack #31 changed (Product name, Price)'
    const { api, calls } = fakeApi(() => {
      throw new ApiError(409, { message: `The catalogue changed since the preview: line 3 ${message}.`, code: 'conflict', errors: { '3:': message } })
    })
    renderAt(
      <>
        <CatalogueCsvView />
        <ConfirmHost />
      </>,
      { url: '/bos/admin/catalogue/csv', api },
    )
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [new File(['Product name\n'], 'test.csv', { type: 'text/csv' })] } })
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Apply import' }))
    // the app's dialog says what the file does; Not yet sends nothing, Apply import sends the previewed token
    let dialog = await screen.findByRole('dialog', { name: 'Apply “test.csv”?' })
    expect(dialog.textContent).toContain('2 new and 0 changed products, 2 new and 0 changed packs, 0 stock counts, 0 low-stock thresholds.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: 'Apply import' }))
    dialog = await screen.findByRole('dialog', { name: 'Apply “test.csv”?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply import' }))
    expect(await screen.findByText(/The catalogue changed since the preview: 1 row would now do something else\. Nothing was imported\./)).toBeTruthy()
    expect(screen.getByText(message, { exact: false }).textContent).toBe(`Line 3: ${message}`)
    expect(calls.map((c) => [c.method, c.input.params])).toEqual([['POST', { token: 'token-number-1' }]])
    fireEvent.click(screen.getByRole('button', { name: 'Check the file again' }))
    await waitFor(() => expect(uploads).toHaveLength(2))
    await waitFor(() => expect(screen.queryByText(/would now do something else/)).toBeNull())
  })
})
