import * as z from 'zod/mini'

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
})
export type User = z.infer<typeof User>
