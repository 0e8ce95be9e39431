import * as z from 'zod/mini'
import { USERNAME_MAX_LENGTH, USERNAME_MESSAGE, parseUsername } from '../rules/username'
import { IdParams, listAnswer, staffListQuery } from './admin'
import { defineContract } from './http'
import { text } from './text'

/**
 * Staff of a website (docs/decisions/0020-staff-roles-and-dashboard.md): the people with a role on it. Roles are
 * per website (decision 0006) and read on every request, so a change counts from the person's next request.
 */

const int = () => z.number().check(z.int())

export const STAFF_ROLES = ['superadmin', 'admin', 'agent'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { superadmin: 'Superadmin', admin: 'Admin access', agent: 'Sales agent' }

export const StaffMember = z.object({
  user_id: int(),
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  superadmin: z.boolean(),
  has_admin_access: z.boolean(),
  is_sales_agent: z.boolean(),
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
  superadmin: Flag('Superadmin'),
  has_admin_access: Flag('Admin access'),
  is_sales_agent: Flag('Sales agent'),
})
export type AddStaffInput = z.infer<typeof AddStaffInput>

export const addStaff = defineContract({
  method: 'POST',
  path: '/api/admin/staff',
  summary:
    'Admin: gives a person (by mobile number or email; a new account is made when none has it) roles on this website; 409 when they already have one; superadmin only by a superadmin',
  body: AddStaffInput,
  response: StaffMember,
  status: 201,
})

export const UpdateStaffInput = z.strictObject({
  superadmin: Flag('Superadmin'),
  has_admin_access: Flag('Admin access'),
  is_sales_agent: Flag('Sales agent'),
})
export type UpdateStaffInput = z.infer<typeof UpdateStaffInput>

export const updateStaff = defineContract({
  method: 'PATCH',
  path: '/api/admin/staff/:id',
  summary:
    'Admin: grants or revokes roles of a person on this website (id = user id); 409 for the last admin, 422 for your own admin access, 403 for superadmin unless you are one; 404 for someone with no role here',
  params: IdParams,
  body: UpdateStaffInput,
  response: StaffMember,
})
