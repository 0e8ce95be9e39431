import * as z from 'zod/mini'
import { AREAS, BUILT_IN_ROLES, ROLE_LABELS } from '../rules/staff-roles'
import { USERNAME_MAX_LENGTH, USERNAME_MESSAGE, parseUsername } from '../rules/username'
import { IdParams, listAnswer, staffListQuery } from './admin'
import { defineContract } from './http'
import { text } from './text'
import { INT_MAX } from './whole-numbers'

/**
 * Staff of a website (docs/decisions/0020-staff-roles-and-dashboard.md): the people with a role on it. Roles are
 * per website (decision 0006) and read on every request, so a change counts from the person's next request.
 */

const int = () => z.number().check(z.int())
const CUSTOM_ROLE = 'Custom role must be one of this website’s roles'
const customRoleId = () => z.number({ error: CUSTOM_ROLE }).check(z.int(CUSTOM_ROLE), z.gte(1, CUSTOM_ROLE), z.lte(INT_MAX, CUSTOM_ROLE))

/** What the staff list filters by: a built-in role (common/rules/staff-roles.ts), superadmins, or sales agents. */
export const STAFF_ROLES = ['superadmin', ...BUILT_IN_ROLES, 'agent'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { superadmin: 'Superadmin', ...ROLE_LABELS, admin: 'Admin access', agent: 'Sales agent' }

const RoleField = z.enum(BUILT_IN_ROLES, { error: `role must be one of: ${BUILT_IN_ROLES.join(', ')}` })

export const StaffMember = z.object({
  user_id: int(),
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  superadmin: z.boolean(),
  has_admin_access: z.boolean(),
  is_sales_agent: z.boolean(),
  /** the staff role here (issue 29); `admin` for has_admin_access; null for a sales agent with no staff role, or a custom role */
  role: z.nullable(RoleField),
  /** the website's own role this person holds instead of a built-in one (decision 0049) */
  custom_role: z.nullable(z.object({ id: int(), name: z.string() })),
})
export type StaffMember = z.infer<typeof StaffMember>

export const StaffQuery = staffListQuery(['name', 'user_id'], 'name', {
  role: z.optional(z.enum(STAFF_ROLES, { error: `role must be one of: ${STAFF_ROLES.join(', ')}` })),
})
export type StaffQuery = z.output<typeof StaffQuery>

export const listStaff = defineContract({
  method: 'GET',
  path: '/api/admin/staff',
  summary: 'Admin: the people with a role on this website; search by name, phone or email; filter by role',
  query: StaffQuery,
  response: listAnswer(StaffMember),
})

const Flag = (label: string) => z.optional(z.boolean({ error: `${label} must be true or false` }))

export const AddStaffInput = z.strictObject({
  /** a 10-digit mobile number or an email: an account that has it is linked, else one is made (sign-in is by one-time code) */
  username: text('Mobile number or email', [
    z.trim(),
    z.maxLength(USERNAME_MAX_LENGTH, USERNAME_MESSAGE),
    z.refine((s) => parseUsername(s) !== null, USERNAME_MESSAGE),
  ]),
  /** needed only when no account has the number or email yet */
  name: z.optional(text('Name', [z.trim(), z.maxLength(80, 'Name is at most 80 characters')])),
  /** the built-in role to hold here (CONTRACT "Staff calls added for roles"); has_admin_access is the same as `admin` */
  role: z.optional(RoleField),
  /** or one of this website's custom roles (GET /api/admin/staff-roles) */
  custom_role_id: z.optional(customRoleId()),
  superadmin: Flag('Superadmin'),
  has_admin_access: Flag('Admin access'),
  is_sales_agent: Flag('Sales agent'),
})
export type AddStaffInput = z.infer<typeof AddStaffInput>

export const addStaff = defineContract({
  method: 'POST',
  path: '/api/admin/staff',
  summary:
    'Admin: gives a person (by mobile number or email; a new account is made when none has it) a role on this website (`role`: admin, manager, cashier, packer, catalogue, marketing, accountant; or the older flags); 409 when they already have one; superadmin only by a superadmin',
  body: AddStaffInput,
  response: StaffMember,
  status: 201,
})

export const UpdateStaffInput = z.strictObject({
  /** the role to hold instead; null takes the staff role away (a sales agent stays one) */
  role: z.optional(z.nullable(RoleField)),
  /** one of this website's custom roles instead (null takes it away) */
  custom_role_id: z.optional(z.nullable(customRoleId())),
  superadmin: Flag('Superadmin'),
  has_admin_access: Flag('Admin access'),
  is_sales_agent: Flag('Sales agent'),
})
export type UpdateStaffInput = z.infer<typeof UpdateStaffInput>

export const updateStaff = defineContract({
  method: 'PATCH',
  path: '/api/admin/staff/:id',
  summary:
    'Admin: sets the role of a person on this website (`role`, or the older flags; id = user id) and answers their roles here; 409 for the last admin, 422 for your own admin access, 403 for superadmin unless you are one; 404 for someone with no role here',
  params: IdParams,
  body: UpdateStaffInput,
  response: StaffMember,
})

/** A role an owner made from the areas (issue 29): each ticked area is seen (`read`) or seen and changed (`write`). */
export const Access = z.enum(['read', 'write'], { error: 'Each area is read or write' })
export const CustomRole = z.object({
  id: int(),
  name: z.string(),
  permissions: z.partialRecord(z.enum(AREAS), Access),
  /** how many people hold it on this website (a role in use cannot be deleted) */
  members: int(),
})
export type CustomRole = z.infer<typeof CustomRole>

export const CustomRoleInput = z.strictObject({
  name: text('Name', [z.trim(), z.minLength(1, 'Give the role a name'), z.maxLength(40, 'Name is at most 40 characters')]),
  permissions: z.partialRecord(z.enum(AREAS, { error: `Areas are: ${AREAS.join(', ')}` }), Access),
})
export type CustomRoleInput = z.infer<typeof CustomRoleInput>

export const listCustomRoles = defineContract({
  method: 'GET',
  path: '/api/admin/staff-roles',
  summary: 'Admin: this website’s custom roles (made from the permission areas), with how many people hold each',
  response: z.object({ data: z.array(CustomRole) }),
})

export const createCustomRole = defineContract({
  method: 'POST',
  path: '/api/admin/staff-roles',
  summary: 'Admin: makes a custom role from the areas (`permissions`: area → `read` or `write`; at least one); its name is unique on this website',
  body: CustomRoleInput,
  response: CustomRole,
  status: 201,
})

export const updateCustomRole = defineContract({
  method: 'PUT',
  path: '/api/admin/staff-roles/:id',
  summary: 'Admin: renames a custom role or changes its areas; the people holding it have the new areas from their next request',
  params: IdParams,
  body: CustomRoleInput,
  response: CustomRole,
})

export const deleteCustomRole = defineContract({
  method: 'DELETE',
  path: '/api/admin/staff-roles/:id',
  summary: 'Admin: deletes a custom role nobody holds (422 while someone does: give them another role first)',
  params: IdParams,
  response: z.object({ ok: z.literal(true) }),
})
