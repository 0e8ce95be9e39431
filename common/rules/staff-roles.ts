/**
 * Staff permissions by area and the built-in roles (issue 29; docs/decisions/0049-staff-permissions-by-area.md).
 * A role gives each of its areas either `read` (see only) or `write` (see and change). The server's staff seam
 * checks every staff call against these (server/platform/staff.ts); the client only hides what they refuse.
 */

export const AREAS = [
  'catalogue',
  'stock',
  'orders',
  'refunds',
  'coupons',
  'delivery',
  'website',
  'counter',
  'khata',
  'customers',
  'reports',
  'tax',
  'staff',
] as const
export type Area = (typeof AREAS)[number]

export const AREA_LABELS: Record<Area, string> = {
  catalogue: 'Catalogue',
  stock: 'Stock',
  orders: 'Orders and fulfilment',
  refunds: 'Refunds and cancels',
  coupons: 'Coupons',
  delivery: 'Delivery settings',
  website: 'Website settings and pages',
  counter: 'Counter (POS)',
  khata: 'Khata',
  customers: 'Customers',
  reports: 'Reports and analytics',
  tax: 'Tax and payment settings',
  staff: 'Staff',
}

export type Access = 'read' | 'write'
export type Permissions = Partial<Record<Area, Access>>

export const BUILT_IN_ROLES = ['admin', 'manager', 'cashier', 'packer', 'catalogue', 'marketing', 'accountant'] as const
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number]

const all = (areas: readonly Area[], access: Access): Permissions => Object.fromEntries(areas.map((a) => [a, access]))

/** Exactly as issue 29 says; `write` includes `read`. */
export const ROLE_PERMISSIONS: Record<BuiltInRole, Permissions> = {
  admin: all(AREAS, 'write'),
  manager: all(
    AREAS.filter((a) => a !== 'staff' && a !== 'tax'),
    'write',
  ),
  // khata sales are sales at the counter: the counter area covers them
  cashier: { counter: 'write' },
  // the order list, the pick list and moving orders along; cancels and refunds are the `refunds` area
  packer: { orders: 'write' },
  catalogue: { catalogue: 'write' },
  marketing: { coupons: 'write', website: 'write' },
  accountant: { reports: 'read', tax: 'read', orders: 'read', refunds: 'read', khata: 'read' },
}

export const ROLE_SUMMARIES: Record<BuiltInRole, string> = {
  admin: 'Everything, including staff, tax and payment settings.',
  manager: 'Everything except staff, tax and payment settings.',
  cashier: 'The counter (POS), including sales on khata. Nothing in Administration.',
  packer: 'The order list and pick list; marks orders packed, out for delivery and delivered. No refunds or cancels.',
  catalogue: 'Products, categories, brands and search words.',
  marketing: 'Coupons, pages and website settings.',
  accountant: 'Reads reports, GST exports, tax settings, orders, refunds and khata. Changes nothing.',
}

export const ROLE_LABELS: Record<BuiltInRole, string> = {
  admin: 'Owner / admin',
  manager: 'Manager',
  cashier: 'Cashier',
  packer: 'Packer',
  catalogue: 'Catalogue editor',
  marketing: 'Marketing',
  accountant: 'Accountant',
}

/** The `role` a holder of a website's custom role has on /api/init (its areas come with it as `permissions`). */
export const customRoleKey = (id: number) => `custom:${id}`

export const isBuiltInRole = (role: string): role is BuiltInRole => (BUILT_IN_ROLES as readonly string[]).includes(role)

/** May someone with these permissions read (or write) in this area? */
export function can(permissions: Permissions, area: Area, access: Access = 'read'): boolean {
  const held = permissions[area]
  return held === 'write' || (held === 'read' && access === 'read')
}

/** What a staff call needs: one area, or any one of several (a call shared by areas, like an image upload). */
export type Permission = Area | { any: readonly Area[] } | { all: readonly Area[] }

export function allows(permissions: Permissions, needed: Permission, access: Access): boolean {
  if (typeof needed === 'string') return can(permissions, needed, access)
  if ('any' in needed) return needed.any.some((a) => can(permissions, a, access))
  return needed.all.every((a) => can(permissions, a, access))
}

export function areasOf(needed: Permission): readonly Area[] {
  return typeof needed === 'string' ? [needed] : 'any' in needed ? needed.any : needed.all
}

/** A person's permissions on a website from their role there (a superadmin always has every area). */
export function permissionsOf(role: string | null, superadmin = false, custom?: Permissions): Permissions {
  if (superadmin || role === 'admin') return ROLE_PERMISSIONS.admin
  if (role && isBuiltInRole(role)) return ROLE_PERMISSIONS[role]
  return custom ?? {}
}

/**
 * The role a membership row holds. has_admin_access (or superadmin) is the full admin's mark and wins, so rows
 * written before roles (and code that still writes only the flags) keep meaning what they meant.
 */
export function staffRoleOf(row: { superadmin: boolean; hasAdminAccess: boolean; role: string | null }): BuiltInRole | null {
  if (row.superadmin || row.hasAdminAccess) return 'admin'
  return row.role !== null && row.role !== 'admin' && isBuiltInRole(row.role) ? row.role : null
}

/**
 * Spec §6 and issue 29: which doors the account menu shows. Administration opens for any area with a screen there
 * (every area but the counter's and the website's own), Website Settings for `website`, POS for `counter`.
 * client/staff/staff-screens.test.ts checks these against the staff screens, so a menu item never opens on a 403.
 */
export function staffDoors(permissions: Permissions): { administration: boolean; websiteSettings: boolean; pos: boolean } {
  const held = (Object.keys(permissions) as Area[]).filter((a) => permissions[a] !== undefined)
  return {
    administration: held.some((a) => a !== 'counter' && a !== 'website'),
    websiteSettings: can(permissions, 'website'),
    pos: can(permissions, 'counter'),
  }
}
