import * as z from 'zod/mini'

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
