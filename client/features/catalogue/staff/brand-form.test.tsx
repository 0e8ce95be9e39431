// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminBrand } from '../../../../common/contracts/admin-catalogue'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { Toaster, toast } from '../../../ui/toast'
import { BrandListView } from './brand-list-view'

afterEach(() => {
  toast.clear()
  cleanup()
})

const AASHIRVAAD: AdminBrand = { id: 7, name: 'Aashirvaad', slug: 'aashirvaad', logo: 'uploads/ab/logo.webp', products: 3 }

function open(write: (path: string, body: Record<string, unknown>) => unknown) {
  const fake = fakeApi((contract, input) => {
    if (contract.path === '/api/admin/brands' && contract.method === 'GET') return { data: [AASHIRVAAD], meta: { total: 1, page: 1, perPage: 20 } }
    return write(contract.path, input.body as Record<string, unknown>)
  })
  renderAt(
    <>
      <BrandListView />
      <Toaster />
    </>,
    { url: '/bos/admin/brands?q=aas', api: fake.api },
  )
  return fake.calls
}

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label, { exact: false }) as HTMLInputElement
const messageOf = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

describe('the brand form', () => {
  it('searches from the address and puts the server’s refusals on their fields', async () => {
    const calls = open(() => {
      throw new ApiError(422, { message: 'Check the form', errors: { name: 'A brand with this name exists', slug: 'Another brand has this slug' } })
    })
    await screen.findByText('Aashirvaad')
    expect(calls[0].input.query).toMatchObject({ q: 'aas', sort: 'name', page: 1 })
    fireEvent.click(screen.getByRole('button', { name: 'Add brand' }))
    const form = await screen.findByRole('form', { name: 'New brand' })
    fireEvent.change(field(form, 'Name'), { target: { value: 'Aashirvaad' } })
    fireEvent.change(field(form, 'Slug'), { target: { value: 'aashirvaad' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add brand' }))
    await waitFor(() => expect(messageOf(field(form, 'Name'))).toContain('A brand with this name exists'))
    expect(messageOf(field(form, 'Slug'))).toContain('Another brand has this slug')
    expect(field(form, 'Name').getAttribute('aria-invalid')).toBe('true')
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      path: '/api/admin/brands',
      input: { body: { name: 'Aashirvaad', slug: 'aashirvaad', logo: null } },
    })
  })

  it('shows a refused logo on the logo and saves an edit', async () => {
    let refuse = true
    const calls = open((_path, body) => {
      if (refuse) throw new ApiError(422, { message: 'Check the form', errors: { logo: 'Logo must be an uploaded image of this website' } })
      return { ...AASHIRVAAD, ...body }
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Aashirvaad' }))
    const form = await screen.findByRole('form', { name: 'Edit brand' })
    expect(within(form).getByAltText('Logo preview')).toBeTruthy()
    fireEvent.change(field(form, 'Name'), { target: { value: 'Aashirvaad Atta' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('Logo must be an uploaded image of this website')).toBeTruthy()
    refuse = false
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await screen.findByText('Aashirvaad Atta saved')
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)).toMatchObject({
      input: { params: { id: 7 }, body: { name: 'Aashirvaad Atta', slug: 'aashirvaad', logo: 'uploads/ab/logo.webp' } },
    })
  })

  it('asks for a name before sending', async () => {
    const calls = open(() => AASHIRVAAD)
    await screen.findByText('Aashirvaad')
    fireEvent.click(screen.getByRole('button', { name: 'Add brand' }))
    const form = await screen.findByRole('form', { name: 'New brand' })
    fireEvent.click(within(form).getByRole('button', { name: 'Add brand' }))
    await waitFor(() => expect(messageOf(field(form, 'Name'))).toContain('Name is required'))
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([])
  })
})
