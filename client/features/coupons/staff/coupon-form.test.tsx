// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, assert, describe, expect, it, vi } from 'vitest'
import type { AdminCoupon } from '../../../../common/contracts/admin-coupons'
import type { Contract } from '../../../../common/contracts/http'
import type { CallInput } from '../../../lib/api'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { ConfirmHost } from '../../../ui/confirm-dialog'
import { CouponEditor } from './coupon-form'
import type { CouponScope } from './coupon-form-values'

afterEach(cleanup)

/** What the route gives: catalogue's categories (indented by depth) and brands. */
const scope: CouponScope = {
  categories: [
    { value: 'staples', label: 'Staples' },
    { value: 'rice', label: '— Rice' },
  ],
  brands: [{ value: 'sona-khet', label: 'Sona Khet' }],
}
const usage = { uses: 2, discount_given: 150.5, order_value: 1200, data: [], meta: { total: 0, page: 1, perPage: 10 } }

const coupon = (over: Partial<AdminCoupon> = {}): AdminCoupon => ({
  id: 5,
  code: 'DIWALI20',
  description: '',
  kind: 'percent',
  value: 20,
  min_cart: 0,
  max_discount: 100,
  usage_limit: null,
  per_customer_limit: null,
  starts_on: null,
  ends_on: null,
  first_order_only: false,
  categories: [],
  brands: [],
  visible: true,
  status: 'active',
  state: 'active',
  used: 2,
  version: 3,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...over,
})

function staffApi(write: (input: CallInput<Contract>) => unknown, one = coupon()) {
  return fakeApi((contract, input) => {
    if (contract.path === '/api/admin/coupons/:id/usage') return usage
    if (contract.path === '/api/admin/coupons/:id' && contract.method === 'GET') return one
    return write(input)
  })
}

const label = (name: string) => new RegExp(`^${name.replace(/[()]/g, '\\$&')}( \\*)?$`)
const field = (name: string) => screen.getByLabelText(label(name)) as HTMLInputElement
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } })

describe('the coupon form', () => {
  it("says what is missing with spec §5's messages without calling the server, then sends rupees, slugs and nulls", async () => {
    const { api, calls } = staffApi(() => coupon({ id: 9 }))
    renderAt(<CouponEditor id={null} scope={scope} />, { url: '/bos/admin/coupons/new', api })
    fireEvent.click(screen.getByRole('button', { name: 'Add coupon' }))
    expect(await screen.findByText('Code is required')).toBeTruthy()
    expect(screen.getByText('Value is required')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    type(field('Code'), 'diwali20')
    type(field('Value (%)'), '20')
    type(field('Maximum discount (₹)'), '100')
    type(field('Total uses'), '500')
    await screen.findByRole('option', { name: '— Rice' })
    fireEvent.change(field('Categories'), { target: { value: 'rice' } })
    expect(screen.getByRole('list', { name: 'Chosen categories' }).textContent).toContain('Rice')
    fireEvent.click(screen.getByRole('button', { name: 'Add coupon' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/bos/admin/coupons/9'))
    expect(calls.find((c) => c.method === 'POST')?.input.body).toEqual({
      code: 'DIWALI20',
      description: '',
      kind: 'percent',
      value: 20,
      min_cart: 0,
      max_discount: 100,
      usage_limit: 500,
      per_customer_limit: null,
      starts_on: null,
      ends_on: null,
      first_order_only: false,
      visible: true,
      categories: ['rice'],
      brands: [],
    })
  })

  it('a refused save (422) shows each message on its field and keeps what was typed; a flat coupon takes no maximum discount; the usage report', async () => {
    const { api, calls } = staffApi(() => {
      throw new ApiError(422, {
        message: 'A percent coupon takes a whole percent from 1 to 100',
        code: 'invalid',
        errors: { value: 'A percent coupon takes a whole percent from 1 to 100', ends_on: 'The end date cannot be before the start date' },
      })
    })
    renderAt(
      <>
        <CouponEditor id={5} scope={scope} />
        <ConfirmHost />
      </>,
      { url: '/bos/admin/coupons/5', api },
    )
    const value = await screen.findByLabelText(label('Value (%)'))
    type(value, '120')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('A percent coupon takes a whole percent from 1 to 100')).toBeTruthy()
    expect(value.getAttribute('aria-invalid')).toBe('true')
    expect((value as HTMLInputElement).value).toBe('120')
    expect(screen.getByText('The end date cannot be before the start date')).toBeTruthy()
    fireEvent.change(field('Type'), { target: { value: 'flat' } })
    expect(field('Maximum discount (₹)').disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2))
    expect(calls.filter((c) => c.method === 'PATCH')[1].input.body).toMatchObject({ kind: 'flat', value: 120, max_discount: null })
    // the usage report
    const report = screen.getByRole('region', { name: 'Usage' })
    expect(within(report).getByText('₹150.50')).toBeTruthy()
  })

  it('deleting asks in the app’s dialog (never the browser’s) and sends nothing until confirmed', async () => {
    vi.stubGlobal('confirm', () => assert.fail('window.confirm was called'))
    const { api, calls } = staffApi(() => ({ outcome: 'archived' }))
    renderAt(
      <>
        <CouponEditor id={5} scope={scope} />
        <ConfirmHost />
      </>,
      { url: '/bos/admin/coupons/5', api },
    )
    fireEvent.click(await screen.findByRole('button', { name: /Delete/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete DIWALI20?' })
    expect(dialog.textContent).toContain('It was used 2 times: it will be archived')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete coupon' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1))
    vi.unstubAllGlobals()
  })

  it('a stale save (409) shows what they changed against mine, and Reload theirs takes their version', async () => {
    const theirs = coupon({ value: 25, version: 4 })
    const { api, calls } = staffApi(() => {
      throw new ApiError(409, { message: 'DIWALI20 was changed by someone else', code: 'stale', current: theirs, changed: ['value'] })
    })
    renderAt(
      <>
        <CouponEditor id={5} scope={scope} />
        <ConfirmHost />
      </>,
      { url: '/bos/admin/coupons/5', api },
    )
    type(await screen.findByLabelText(label('Value (%)')), '30')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved changes' })
    expect(dialog.textContent).toContain('25')
    expect(dialog.textContent).toContain('30')
    expect(calls.find((c) => c.method === 'PATCH')?.input.body).toMatchObject({ version: 3, value: 30 })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload theirs' }))
    await waitFor(() => expect(field('Value (%)').value).toBe('25'))
  })
})
