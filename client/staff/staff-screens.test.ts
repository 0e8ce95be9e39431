import { describe, expect, it } from 'vitest'
import { routeFor } from '../app/routes'
import { screenFor } from './staff-app'
import { staffPath } from './staff-paths'
import { AREAS, SECTIONS } from './section-table'
import { SCREENS, type StaffScreen } from './staff-screens'
import { areaOf, landingOf, sidebarOf as sidebarFor } from './staff-sections'
import type { User } from '../../common/contracts/accounts'
import { BUILT_IN_ROLES, type BuiltInRole, ROLE_PERMISSIONS, staffDoors } from '../../common/rules/staff-roles'
import { permits } from '../app/route-guard'

const screens: readonly StaffScreen[] = SCREENS
const holding = (role: BuiltInRole): User => ({
  id: 1,
  name: role,
  email: null,
  phone: '9876500001',
  superadmin: false,
  hasAdminAccess: role === 'admin',
  isSalesAgent: false,
  role,
  permissions: ROLE_PERMISSIONS[role],
})
const sidebarOf = (area: Parameters<typeof sidebarFor>[0]) => sidebarFor(area, holding('admin'))
/** A concrete address for a pattern: each :param and * filled in. */
const sample = (pattern: string) => pattern.replace(/:[A-Za-z_]+/g, '42').replace('*', 'anything')

describe('the staff screen table', () => {
  it('serves every screen from a staff area of the app, at its own addresses (none is shadowed by an earlier one)', () => {
    for (const screen of screens)
      for (const pattern of [screen.path, screen.also].filter((p) => p !== undefined)) {
        expect(routeFor(sample(pattern)).route.shell, pattern).toBe('staff')
        expect(screenFor(sample(pattern)), pattern).toEqual({ screen, pattern })
      }
    expect(new Set(screens.flatMap((s) => [s.path, s.also ?? []]).flat()).size).toBe(screens.length + screens.filter((s) => s.also).length)
  })

  it('has a screen for every address of a staff area, the not-found screen for the rest', () => {
    for (const route of ['/bos/admin', '/bos/admin/*', '/pos', '/page-builder', '/page-builder/*']) expect(routeFor(sample(route)).route.shell).toBe('staff')
    expect(screenFor('/bos/admin/products/12/extra').screen.title).toBe('Not found')
    expect(screenFor('/page-builder/nothing').screen.title).toBe('Not found')
    expect(screenFor('/page-builder').screen.path).toBe('/page-builder/pages')
    expect(screenFor('/bos/admin/products/new').screen.title).toBe('New product')
    expect(screenFor('/bos/admin/orders/pick-list').screen.title).toBe('Pick list')
    expect(screenFor('/pos').screen).toMatchObject({ title: 'Point of sale', bare: true })
  })

  it('asks full admin access only for the audit log and the not-found screen; every other screen an area (issue 29)', () => {
    expect(screens.filter((s) => s.permission === 'admin').map((s) => s.path)).toEqual(['/bos/admin/audit', '/bos/admin/*'])
  })

  it('builds links that land on their screen, with parameters and query encoded', () => {
    expect(staffPath('/bos/admin/products/:id', { id: 12 })).toBe('/bos/admin/products/12')
    expect(screenFor(staffPath('/bos/admin/products/:id', { id: 12 })).screen.title).toBe('Product')
    expect(staffPath('/bos/admin/products', 'status=draft&page=2')).toBe('/bos/admin/products?status=draft&page=2')
    expect(staffPath('/bos/admin/orders', new URLSearchParams({ q: 'KF 1' }))).toBe('/bos/admin/orders?q=KF+1')
    expect(staffPath('/page-builder/pages/edit', new URLSearchParams({ url: '/diwali' }))).toBe('/page-builder/pages/edit?url=%2Fdiwali')
    expect(staffPath('/bos/admin/customers/:id', { id: 'a/b' })).toBe('/bos/admin/customers/a%2Fb')
  })
})

describe('the sidebars, from the sections of the table', () => {
  // the sections as they were before the table (a new section may join anywhere; these keep their order and links)
  const ADMINISTRATION = [
    ['Dashboard', '/bos/admin'],
    ['Orders', '/bos/admin/orders'],
    ['Customers', '/bos/admin/customers'],
    ['Products', '/bos/admin/products'],
    ['Categories', '/bos/admin/categories'],
    ['Brands', '/bos/admin/brands'],
    ['Search', '/bos/admin/search'],
    ['Stock', '/bos/admin/stock'],
    ['Warehouses', '/bos/admin/warehouses'],
    ['Import / export', '/bos/admin/catalogue/import-export'],
    ['Coupons', '/bos/admin/coupons'],
    ['Delivery', '/bos/admin/delivery'],
    ['Payments', '/bos/admin/payments'],
    ['Tax & invoices', '/bos/admin/tax'],
    ['Staff', '/bos/admin/staff'],
    ['Sales agents', '/bos/admin/agents'],
    ['Audit log', '/bos/admin/audit'],
    ['Reports', '/bos/admin/reports'],
    ['Analytics', '/bos/admin/analytics'],
  ]
  const WEBSITE_SETTINGS = ['Pages', 'Site', 'Theme', 'Navigation', 'Menus', 'Popup & SEO']
  const known = (labels: string[]) => (s: { label: string }) => labels.includes(s.label)

  it('lists each area’s sections in order, each linking to its first screen under that screen’s title', () => {
    const admin = sidebarOf('Administration')
    expect(admin.filter(known(ADMINISTRATION.map(([label]) => label))).map((s) => [s.label, s.to])).toEqual(ADMINISTRATION)
    expect(
      sidebarOf('Website Settings')
        .filter(known(WEBSITE_SETTINGS))
        .map((s) => s.label),
    ).toEqual(WEBSITE_SETTINGS)
    for (const section of AREAS.flatMap((a) => sidebarOf(a.name))) {
      const first = screens.find((s) => s.section === section.name)
      expect([section.label, section.to], section.name).toEqual([first?.title, first?.path])
    }
    expect(AREAS.flatMap((a) => sidebarOf(a.name)).length).toBe(Object.keys(SECTIONS).length)
  })

  it('offers actions that land on a screen of the same section', () => {
    for (const section of AREAS.flatMap((a) => sidebarOf(a.name)))
      if (section.action) expect(screenFor(section.action.to.split('?')[0]).screen.section, section.action.label).toBe(section.name)
  })

  it('puts an address in its area', () => {
    expect(['/bos/admin', '/bos/admin/orders/3', '/pos', '/page-builder', '/page-builder/menus'].map(areaOf)).toEqual([
      'Administration',
      'Administration',
      'Administration',
      'Website Settings',
      'Website Settings',
    ])
  })

  describe.each(BUILT_IN_ROLES)('for a %s (issue 29)', (role) => {
    const user = holding(role)
    const pos = screens.find((s) => s.path === '/pos')!

    it('shows a door of the account menu exactly when something behind it opens, and lands on a screen they may use', () => {
      const doors = staffDoors(user.permissions)
      expect(doors.administration, 'Administration').toBe(sidebarFor('Administration', user).length > 0)
      expect(doors.websiteSettings, 'Website Settings').toBe(sidebarFor('Website Settings', user).length > 0)
      expect(doors.pos, 'POS').toBe(permits(user, pos.permission))
      for (const area of AREAS) {
        const landing = landingOf(area.name, user)
        if (landing === null) continue
        expect(permits(user, screenFor(landing).screen.permission), `${area.name} lands on ${landing}`).toBe(true)
      }
    })

    it('lists only the sections they may open', () => {
      for (const area of AREAS)
        for (const section of sidebarFor(area.name, user)) expect(permits(user, screenFor(section.to).screen.permission), section.to).toBe(true)
    })
  })

  it('gives each role the sections the issue says', () => {
    const labels = (role: BuiltInRole) => AREAS.flatMap((a) => sidebarFor(a.name, holding(role)).map((s) => s.label))
    expect(labels('cashier')).toEqual([])
    expect(labels('packer')).toEqual(['Orders'])
    expect(landingOf('Administration', holding('packer'))).toBe('/bos/admin/orders')
    expect(labels('accountant')).toEqual(['Dashboard', 'Orders', 'Khata', 'Payments', 'Tax & invoices', 'GST returns', 'Reports', 'Analytics'])
    expect(labels('marketing')).toEqual(['Pages', 'Site', 'Theme', 'Navigation', 'Menus', 'Popup & SEO', 'Coupons'])
    expect(labels('manager')).not.toContain('Staff')
    expect(labels('manager')).not.toContain('Payments')
    expect(labels('admin').length).toBe(Object.keys(SECTIONS).length)
  })
})
