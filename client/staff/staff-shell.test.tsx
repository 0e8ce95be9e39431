// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { User } from '../../common/contracts/accounts'
import { ROLE_PERMISSIONS } from '../../common/rules/staff-roles'
import { App } from '../app/app'
import { routeFor } from '../app/routes'
import { fakeApi, renderAt } from '../lib/test-kit'
import { MemoryRouter, useLocation } from '../lib/router'
import { screenFor } from './staff-app'
import { StaffShell } from './staff-shell'

afterEach(cleanup)
beforeEach(() => sessionStorage.clear())

const user = (over: Partial<User> = {}): User => ({
  id: 1,
  name: 'Asha Superadmin',
  email: null,
  phone: '9876500001',
  superadmin: true,
  hasAdminAccess: true,
  isSalesAgent: false,
  role: null,
  permissions: {},
  ...over,
  ...(over.hasAdminAccess !== false ? { role: 'admin', permissions: ROLE_PERMISSIONS.admin } : {}),
})
const shopper = user({ id: 3, name: 'Meera Shopper', phone: '9876500003', superadmin: false, hasAdminAccess: false })

/** The staff shell reads who is signed in and the website's name from startup (GET /api/init). */
function api(who: User | null) {
  return fakeApi((contract) => {
    if (contract.path === '/api/init') return { user: who, web: { name: 'Kirana Fresh' } }
    if (contract.path === '/api/admin/categories') return { data: [] }
    if (contract.path === '/api/admin/dashboard')
      return { date: '2026-01-05', tomorrow: '2026-01-06', today: { orders: 0, revenue: 0 }, waiting: [], slots: [], stock: { low: 0, out_of_stock: 0 } }
    return { data: [], meta: { total: 0, page: 1, perPage: 20 } }
  }).api
}

/** The shell with the screen of the current address, as the staff app renders it (none once sent elsewhere). */
function RoutedShell() {
  const { pathname } = useLocation()
  if (routeFor(pathname).route.shell !== 'staff') return null
  return (
    <StaffShell screen={screenFor(pathname).screen}>
      <h1>Staff page</h1>
    </StaffShell>
  )
}

const TODAY = [
  'Dashboard',
  'Orders',
  'Customers',
  'Products',
  'Categories',
  'Brands',
  'Search',
  'Stock',
  'Warehouses',
  'Import / export',
  'Coupons',
  'Delivery',
  'Payments',
  'Tax & invoices',
  'Staff',
  'Sales agents',
  'Audit log',
  'Reports',
  'Analytics',
]

const shell = (path: string, who: User | null) => renderAt(<RoutedShell />, { url: path, api: api(who) })

describe('the staff shell', () => {
  it('opens for an admin in its own frame: sections, the website, the way back to the store, who is signed in; no storefront header', async () => {
    render(
      <MemoryRouter initialEntries={['/bos/admin/products']}>
        <App api={api(user())} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} />
      </MemoryRouter>,
    )
    const nav = await screen.findByRole('navigation', { name: 'Administration' }, { timeout: 5000 })
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('aria-current')])
    // today's sections in their order (a section added to the table may join anywhere)
    expect(links.filter(([label]) => TODAY.includes(label ?? ''))).toEqual([
      ['Dashboard', null],
      ['Orders', null],
      ['Customers', null],
      ['Products', 'page'],
      ['Categories', null],
      ['Brands', null],
      ['Search', null],
      ['Stock', null],
      ['Warehouses', null],
      ['Import / export', null],
      ['Coupons', null],
      ['Delivery', null],
      ['Payments', null],
      ['Tax & invoices', null],
      ['Staff', null],
      ['Sales agents', null],
      ['Audit log', null],
      ['Reports', null],
      ['Analytics', null],
    ])
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' }, { timeout: 5000 })).toBeTruthy()
    const banner = screen.getByRole('banner')
    expect(banner.textContent).toContain('Kirana Fresh')
    expect(banner.textContent).toContain('Asha Superadmin')
    expect(
      within(banner)
        .getByRole('link', { name: /View store/ })
        .getAttribute('href'),
    ).toBe('/')
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#staff-main')
    expect(document.getElementById('staff-main')?.tagName).toBe('MAIN')
    // The storefront's header pieces are not here.
    expect(screen.queryByRole('searchbox', { name: 'Search' })).toBeNull()
    expect(screen.queryByRole('button', { name: /cart/i })).toBeNull()
    expect(screen.getAllByRole('banner')).toHaveLength(1)
  })

  it("moves the focus to the new page's heading after navigating", async () => {
    render(
      <MemoryRouter initialEntries={['/bos/admin/products']}>
        <App api={api(user())} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} />
      </MemoryRouter>,
    )
    const nav = await screen.findByRole('navigation', { name: 'Administration' }, { timeout: 5000 })
    await screen.findByRole('heading', { level: 1, name: 'Products' }, { timeout: 5000 })
    expect(document.activeElement?.tagName).not.toBe('H1')
    fireEvent.click(within(nav).getByRole('link', { name: 'Dashboard' }))
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha' }, { timeout: 5000 })
    await waitFor(() => expect(document.activeElement).toBe(heading))
  })

  it('shows someone signed in without admin access a 403 screen, without the sections', async () => {
    shell('/bos/admin/products', shopper)
    expect(await screen.findByRole('heading', { name: 'You don’t have access to Administration' })).toBeTruthy()
    expect(screen.getByText(/signed in as Meera Shopper, 9876500003/)).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull()
    expect(screen.queryByText('Staff page')).toBeNull()
    expect(screen.getByTestId('location').textContent).toBe('/bos/admin/products')
  })

  it('opens Administration for a packer on the orders, with only their sections and no door they cannot use (issue 29)', async () => {
    const packer = user({ id: 5, name: 'Meena Packer', superadmin: false, hasAdminAccess: false, role: 'packer', permissions: ROLE_PERMISSIONS.packer })
    shell('/bos/admin', packer)
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/bos/admin/orders'))
    const nav = await screen.findByRole('navigation', { name: 'Administration' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Orders'])
    expect(screen.queryByRole('link', { name: /Website Settings/ })).toBeNull()
    // a screen outside their role is still a 403 there, naming the role
    cleanup()
    shell('/bos/admin/products', packer)
    expect(await screen.findByRole('heading', { name: 'You don’t have access to Administration' })).toBeTruthy()
    expect(screen.getByText(/Your role on Kirana Fresh \(Packer\) does not include this screen/)).toBeTruthy()
  })

  it('sends a visitor to sign in, remembering where they were going', async () => {
    shell('/bos/admin/products?status=draft', null)
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/login'))
    expect(sessionStorage.getItem('auth.redirect')).toBe('/bos/admin/products?status=draft')
    expect(screen.queryByText('Staff page')).toBeNull()
  })
})
