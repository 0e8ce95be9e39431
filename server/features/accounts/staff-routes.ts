import type { FastifyInstance } from 'fastify'
import { addStaff, createCustomRole, deleteCustomRole, listCustomRoles, listStaff, updateCustomRole, updateStaff } from '../../../common/contracts/admin-staff'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import * as roles from './custom-roles'
import * as staff from './staff'

/** Staff of this website and their roles (docs/decisions/0020-staff-roles-and-dashboard.md). */
export function staffAdminRoutes(app: FastifyInstance) {
  return staffRoutes(
    app,
    {
      tag: 'admin',
      permission: 'staff',
      uniques: {
        users_phone_unique: { field: 'username', message: 'This number was just added by someone else' },
        users_email_unique: { field: 'username', message: 'This email was just added by someone else' },
        custom_roles_site_name_uq: { field: 'name', message: 'This website already has a role with this name' },
      },
    },
    (group) => {
      group.read(listStaff, (req, ctx) => staff.listStaff(ctx, req.query))
      group.write(addStaff, async (req, ctx) => orThrow(await staff.addStaff(ctx, req.body)))
      group.write(updateStaff, async (req, ctx) => orThrow(await staff.updateStaff(ctx, req.params.id, req.body)))
      // custom roles made from the areas (issue 29)
      group.read(listCustomRoles, (_req, ctx) => roles.listCustomRoles(ctx))
      group.write(createCustomRole, async (req, ctx) => orThrow(await roles.createCustomRole(ctx, req.body)))
      group.write(updateCustomRole, async (req, ctx) => orThrow(await roles.updateCustomRole(ctx, req.params.id, req.body)))
      group.write(deleteCustomRole, async (req, ctx) => orThrow(await roles.deleteCustomRole(ctx, req.params.id)))
    },
  )
}
