// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CustomRole, StaffMember } from '../../../../common/contracts/admin-staff'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { ConfirmHost } from '../../../ui/confirm-dialog'
import { CustomRolesView } from './custom-roles-view'
import { StaffListView } from './staff-list-view'

afterEach(cleanup)

const biller: CustomRole = { id: 7, name: 'Biller', permissions: { counter: 'write', khata: 'read' }, members: 2 }

function open(roles: CustomRole[], refuse?: ApiError) {
  const fake = fakeApi(async (contract, input) => {
    const key = `${contract.method} ${contract.path}`
    if (key === 'GET /api/admin/staff-roles') return { data: roles }
    if (key === 'POST /api/admin/staff-roles') return { id: 9, members: 0, ...(input.body as object) }
    if (key === 'PUT /api/admin/staff-roles/:id') return { id: 7, members: 2, ...(input.body as object) }
    if (key === 'DELETE /api/admin/staff-roles/:id') {
      if (refuse) throw refuse
      return { ok: true }
    }
    throw new Error(`unexpected ${key}`)
  })
  renderAt(
    <>
      <CustomRolesView />
      <ConfirmHost />
    </>,
    { url: '/bos/admin/staff/roles', api: fake.api },
  )
  return fake.calls
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement

describe('the custom roles screen', () => {
  it('lists the roles with their areas and holders; a new role starts with nothing ticked and sends the areas ticked', async () => {
    const calls = open([biller])
    const list = await screen.findByRole('list', { name: 'Custom roles' })
    expect(within(list).getByText('Biller')).toBeTruthy()
    expect(within(list).getByText('Counter (POS), Khata (see only)')).toBeTruthy()
    expect(within(list).getByText('2 people hold it')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'New role' }))
    await screen.findByRole('heading', { name: 'New role' })
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes).toHaveLength(13)
    expect(boxes.filter((b) => b.checked)).toEqual([])
    fireEvent.change(screen.getByLabelText(/Role name/), { target: { value: 'Stock keeper' } })
    fireEvent.click(box('Stock'))
    fireEvent.click(box('Catalogue'))
    fireEvent.change(screen.getByRole('combobox', { name: 'Catalogue: access' }), { target: { value: 'read' } })
    fireEvent.click(screen.getByRole('button', { name: 'Make role' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.input.body).toEqual({ name: 'Stock keeper', permissions: { stock: 'write', catalogue: 'read' } })
  })

  it('edits a role with its areas ticked, and sends the unticked ones away', async () => {
    const calls = open([biller])
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Biller' }))
    await screen.findByRole('heading', { name: 'Edit Biller' })
    expect(box('Counter (POS)').checked).toBe(true)
    expect(box('Khata').checked).toBe(true)
    expect(box('Orders and fulfilment').checked).toBe(false)
    fireEvent.click(box('Khata'))
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    const put = calls.find((c) => c.method === 'PUT')!
    expect(put.input).toMatchObject({ params: { id: 7 }, body: { name: 'Biller', permissions: { counter: 'write' } } })
  })

  it('shows the server’s per-field messages when a save is refused', async () => {
    const fake = fakeApi(async (contract) => {
      if (contract.method === 'GET') return { data: [] }
      throw new ApiError(422, { message: 'Invalid', errors: { permissions: 'Tick at least one area this role may see or change' } })
    })
    renderAt(<CustomRolesView />, { url: '/bos/admin/staff/roles', api: fake.api })
    expect(await screen.findByText(/No roles of your own yet/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'New role' }))
    fireEvent.change(await screen.findByLabelText(/Role name/), { target: { value: 'Nothing' } })
    fireEvent.click(screen.getByRole('button', { name: 'Make role' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Tick at least one area this role may see or change')
  })

  it('deletes only after the app’s confirm dialog, and shows the 422 for a role someone holds', async () => {
    const calls = open([biller], new ApiError(422, { message: 'Invalid', errors: { role: '2 people hold the role Biller: give them another role first' } }))
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Biller' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the role Biller?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Delete Biller' }))
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete the role Biller?' })).getByRole('button', { name: 'Delete role' }))
    expect((await screen.findByRole('alert')).textContent).toBe('2 people hold the role Biller: give them another role first')
    expect(calls.find((c) => c.method === 'DELETE')!.input.params).toEqual({ id: 7 })
  })
})

describe('the staff form and list with custom roles', () => {
  const member: StaffMember = {
    user_id: 5,
    name: 'Ravi',
    phone: '9876500005',
    email: null,
    superadmin: false,
    has_admin_access: false,
    is_sales_agent: false,
    role: 'cashier',
    custom_role: null,
  }
  function openStaff() {
    const fake = fakeApi(async (contract, input) => {
      const key = `${contract.method} ${contract.path}`
      if (key === 'GET /api/admin/staff-roles') return { data: [biller] }
      if (key === 'GET /api/admin/staff') return { data: [member], meta: { total: 1, page: 1, perPage: 20 } }
      if (key === 'POST /api/admin/staff') return { ...member, user_id: 6, name: 'Meena', custom_role: { id: 7, name: 'Biller' }, role: null }
      if (key === 'PATCH /api/admin/staff/:id') return { ...member, role: null, custom_role: { id: 7, name: 'Biller' }, ...(input.body as object) }
      throw new Error(`unexpected ${key}`)
    })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.setQueryData(['init'], { user: { id: 1, superadmin: false } })
    renderAt(
      <>
        <StaffListView />
        <ConfirmHost />
      </>,
      { url: '/bos/admin/staff', api: fake.api, client },
    )
    return fake.calls
  }

  it('adding a person offers the custom roles, nothing chosen, and sends the one picked as custom_role_id', async () => {
    const calls = openStaff()
    fireEvent.click(await screen.findByRole('button', { name: /Add person/ }))
    const biller = await screen.findByRole('radio', { name: /Biller/ })
    expect((screen.getAllByRole('radio') as HTMLInputElement[]).filter((r) => r.checked)).toEqual([])
    fireEvent.change(screen.getByLabelText(/Mobile number or email/), { target: { value: '9876500006' } })
    fireEvent.click(biller)
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Add a person' })).getByRole('button', { name: 'Add person' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.input.body).toEqual({ username: '9876500006', custom_role_id: 7, is_sales_agent: false })
  })

  it('the role select in the list gives a custom role', async () => {
    const calls = openStaff()
    const select = (await screen.findByRole('combobox', { name: 'Role of Ravi' })) as HTMLSelectElement
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Biller (custom role)' })).toBeTruthy())
    fireEvent.change(select, { target: { value: 'custom:7' } })
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true))
    expect(calls.find((c) => c.method === 'PATCH')!.input).toMatchObject({ params: { id: 5 }, body: { custom_role_id: 7 } })
    expect(screen.getByRole('link', { name: 'Roles' }).getAttribute('href')).toBe('/bos/admin/staff/roles')
  })
})
