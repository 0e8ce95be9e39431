import { describe, expect, it } from 'vitest'
import type { User } from '../../../common/contracts/accounts'
import { type BuiltInRole, ROLE_PERMISSIONS } from '../../../common/rules/staff-roles'
import { accountMenuItems } from './account-menu-list'

const user = (roles: Partial<User> = {}): User => ({
  id: 1,
  name: 'A',
  email: null,
  phone: '9876500003',
  superadmin: false,
  hasAdminAccess: false,
  isSalesAgent: false,
  role: null,
  permissions: {},
  ...roles,
  ...(roles.hasAdminAccess ? { role: 'admin', permissions: ROLE_PERMISSIONS.admin } : {}),
})
const labels = (u: User) => accountMenuItems(u).map((i) => i.label)

describe('account menu per role (spec §2, §6)', () => {
  it.each([
    ['shopper', user(), ['Account', 'Orders', 'Addresses', 'Logout']],
    ['sales agent', user({ isSalesAgent: true }), ['Account', 'Orders', 'Addresses', 'Logout']],
    ['admin', user({ hasAdminAccess: true }), ['Account', 'Orders', 'Addresses', 'Administration', 'Website Settings', 'POS', 'Logout']],
    ['superadmin without admin access', user({ superadmin: true }), ['Account', 'Orders', 'Addresses', 'Switch Website', 'Logout']],
    [
      'superadmin with admin access',
      user({ superadmin: true, hasAdminAccess: true }),
      ['Account', 'Orders', 'Addresses', 'Administration', 'Website Settings', 'POS', 'Switch Website', 'Logout'],
    ],
  ])('%s', (_, u, expected) => expect(labels(u)).toEqual(expected))

  const holding = (role: BuiltInRole) => user({ role, permissions: ROLE_PERMISSIONS[role] })
  it.each([
    ['manager', ['Administration', 'Website Settings', 'POS']],
    ['cashier', ['POS']],
    ['packer', ['Administration']],
    ['catalogue', ['Administration']],
    ['marketing', ['Administration', 'Website Settings']],
    ['accountant', ['Administration']],
  ] as const)('a %s sees only the staff doors their role opens (issue 29)', (role, doors) => {
    expect(labels(holding(role))).toEqual(['Account', 'Orders', 'Addresses', ...doors, 'Logout'])
  })

  it('opens the staff tools in a new tab', () => {
    expect(
      accountMenuItems(user({ hasAdminAccess: true }))
        .filter((i) => i.newTab)
        .map((i) => i.to),
    ).toEqual(['/bos/admin', '/page-builder', '/pos'])
  })
})
