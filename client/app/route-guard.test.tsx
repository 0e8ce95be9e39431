// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { User } from '../../common/contracts/accounts'
import { ROLE_PERMISSIONS } from '../../common/rules/staff-roles'
import { MemoryRouter, useLocation } from '../lib/router'
import { screenFor } from '../staff/staff-app'
import { useRouteGuard } from './route-guard'
import { routeFor } from './routes'

/** The rule of an address: its route's flags, or in a staff area its screen's permission. */
const ruleFor = (pathname: string) => (routeFor(pathname).route.shell === 'staff' ? screenFor(pathname).screen : routeFor(pathname).route)

const shopper: User = {
  id: 3,
  name: 'Meera',
  email: null,
  phone: '9876500003',
  superadmin: false,
  hasAdminAccess: false,
  isSalesAgent: false,
  role: null,
  permissions: {},
}
const agent: User = { ...shopper, id: 2, isSalesAgent: true }
const admin: User = { ...shopper, id: 1, hasAdminAccess: true, role: 'admin', permissions: ROLE_PERMISSIONS.admin }
const superadminElsewhere: User = { ...shopper, id: 4, superadmin: true }

function Probe({ user }: { user: User | null | undefined }) {
  const { pathname, search } = useLocation()
  const access = useRouteGuard(ruleFor(pathname), user)
  return <p data-testid="at">{`${pathname}${search} ${access.kind === 'redirect' ? 'blocked' : access.kind}`}</p>
}

const at = () => screen.getByTestId('at').textContent
const open = (path: string, user: User | null | undefined) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Probe user={user} />
    </MemoryRouter>,
  )

describe('route guards (spec §4)', () => {
  beforeEach(() => sessionStorage.clear())
  afterEach(cleanup)

  it('sends a visitor from a login-required page to /auth/login, saving the full path', async () => {
    open('/account/addresses?edit=1', null)
    await waitFor(() => expect(at()).toBe('/auth/login open'))
    expect(sessionStorage.getItem('auth.redirect')).toBe('/account/addresses?edit=1')
  })

  it('sends a non-agent from /account/dashboard to /account/orders, saving the path', async () => {
    open('/account/dashboard', shopper)
    await waitFor(() => expect(at()).toBe('/account/orders open'))
    expect(sessionStorage.getItem('auth.redirect')).toBe('/account/dashboard')
  })

  it('lets an agent open /account/dashboard and anyone open public pages', async () => {
    open('/account/dashboard', agent)
    expect(at()).toBe('/account/dashboard open')
    cleanup()
    open('/products?q=atta', null)
    expect(at()).toBe('/products?q=atta open')
    expect(sessionStorage.getItem('auth.redirect')).toBeNull()
  })

  it('waits while startup has not said who is signed in', () => {
    open('/account', undefined)
    expect(at()).toBe('/account open')
    expect(sessionStorage.getItem('auth.redirect')).toBeNull()
  })

  it('keeps a visitor off the superadmin screens', async () => {
    open('/auth/bos/choose', null)
    await waitFor(() => expect(at()).toBe('/auth/login open'))
    expect(sessionStorage.getItem('auth.redirect')).toBe('/auth/bos/choose')
  })

  it('sends a visitor from Administration to /auth/login, saving the full path', async () => {
    open('/bos/admin/products?status=draft&page=2', null)
    await waitFor(() => expect(at()).toBe('/auth/login open'))
    expect(sessionStorage.getItem('auth.redirect')).toBe('/bos/admin/products?status=draft&page=2')
  })

  it('shows a signed-in person without admin access the 403 screen where they are (no redirect, nothing saved)', () => {
    for (const user of [shopper, agent, superadminElsewhere]) {
      open('/bos/admin', user)
      expect(at()).toBe('/bos/admin forbidden')
      cleanup()
    }
    open('/bos/admin/no-such-screen', shopper)
    expect(at()).toBe('/bos/admin/no-such-screen forbidden')
    expect(sessionStorage.getItem('auth.redirect')).toBeNull()
  })

  it('lets an admin into every staff screen', () => {
    for (const path of ['/bos/admin', '/bos/admin/products?q=atta', '/bos/admin/products/new', '/bos/admin/products/12']) {
      open(path, admin)
      expect(at()).toBe(`${path} open`)
      cleanup()
    }
  })
})
