import type { FastifyRequest } from 'fastify'
import type { User } from '../../common/contracts/accounts'
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
