import type { FastifyRequest } from 'fastify'
import type { User } from '../../common/contracts/accounts'
import { type Access, AREA_LABELS, type Area, allows, areasOf, can, type Permission } from '../../common/rules/staff-roles'
import { AppError } from './errors'
import type { RequestCtx } from './request-context'

/**
 * Roles are per website and read on every request (SECURITY AU-14): nothing about them lives in the cookie.
 * Visitors get 401, signed-in users without the role 403. The web client only hides what these refuse.
 */
export function requireUser(ctx: Pick<RequestCtx, 'user'>): User {
  if (!ctx.user) throw new AppError('unauthorized', 'Please sign in to continue')
  return ctx.user
}

export function requireAdmin(ctx: Pick<RequestCtx, 'user'>): User {
  const user = requireUser(ctx)
  if (!user.hasAdminAccess) throw new AppError('forbidden', 'This needs admin access to this website')
  return user
}

/** What a staff call needs: an area's permission (common/rules/staff-roles.ts), or `admin` for full admin access. */
export type StaffNeed = Permission | 'admin'

/**
 * A staff call's check (issue 29): a read needs the area's `read`, a write its `write`. Someone with no staff role
 * here hears what they always heard; a member whose role lacks the area is told which area it is.
 */
export function requireStaff(ctx: Pick<RequestCtx, 'user'>, needed: StaffNeed, access: Access): User {
  const user = requireUser(ctx)
  if (needed === 'admin' || user.role === null) return requireAdmin(ctx)
  if (allows(user.permissions, needed, access)) return user
  throw new AppError('forbidden', refusal(user, needed, access))
}

function refusal(user: User, needed: Permission, access: Access): string {
  const areas = areasOf(needed)
  const names = areas.map((a) => AREA_LABELS[a]).join(' or ')
  if (access === 'write' && areas.some((a) => can(user.permissions, a, 'read'))) return `Your role on this website can see ${names} but not change it`
  return `Your role on this website does not include ${names}`
}

/** Inside a call, for what only its input tells (cancelling an order needs `refunds`). */
export function requirePermission(ctx: Pick<RequestCtx, 'user'>, area: Area, access: Access = 'write'): User {
  return requireStaff(ctx, area, access)
}

export function requireSuperadmin(ctx: Pick<RequestCtx, 'user'>): User {
  const user = requireUser(ctx)
  if (!user.superadmin) throw new AppError('forbidden', 'Only a superadmin of this website can do this')
  return user
}

export function requireAgent(ctx: Pick<RequestCtx, 'user'>): User {
  const user = requireUser(ctx)
  if (!user.isSalesAgent) throw new AppError('forbidden', 'Only sales agents of this website can do this')
  return user
}

/**
 * The same checks as a preValidation hook for a group of routes, so a caller without the role is refused
 * before the body is even read (403 rather than 422 for a probe with a made-up body; SECURITY AZ-11).
 */
export const guardHook = (check: (ctx: RequestCtx) => unknown) => async (req: FastifyRequest) => {
  check(req.ctx)
}
