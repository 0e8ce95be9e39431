import * as z from 'zod/mini'
import { AREAS } from '../rules/staff-roles'

/**
 * Roles are per website (spec §3 and §6): the same person may be a shopper on one site and staff on another.
 * Its own module because GET /api/init carries it: the shopper's first load needs this schema and none of
 * the sign-in and account calls.
 */
export const User = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  superadmin: z._default(z.boolean(), false),
  hasAdminAccess: z._default(z.boolean(), false),
  isSalesAgent: z._default(z.boolean(), false),
  /** the staff role on this website (common/rules/staff-roles.ts), null for none */
  role: z._default(z.nullable(z.string()), null),
  /** that role's name as the shop calls it (a built-in role's label, or the custom role's name) */
  role_name: z.optional(z.nullable(z.string())),
  /** what that role may do here, by area: `read` or `write` (issue 29); the menus and staff shell show only these */
  permissions: z._default(z.partialRecord(z.enum(AREAS), z.enum(['read', 'write'])), {}),
})
export type User = z.infer<typeof User>
