import { useEffect } from 'react'
import type { User } from '../../common/contracts/accounts'
import { useLocation, useNavigate } from '../lib/router'
import * as paths from '../lib/paths'
import { savePath } from '../lib/saved-path'
import type { AppRoute } from './routes'

export type Access = { kind: 'open' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' }

const OPEN: Access = { kind: 'open' }

/**
 * Spec §4 guards from the route's flags: a login-required (or admin) target with nobody signed in goes to
 * /auth/login; an agent-only target for a non-agent goes to /account/orders; an admin screen for someone signed
 * in without admin access is forbidden (a 403 screen, not a redirect: they know where they are and why).
 * `undefined`: startup has not said who is signed in yet.
 */
export function routeAccess(route: AppRoute, user: User | null | undefined): Access {
  if (user === undefined) return OPEN
  if ((route.requiresLogin || route.adminOnly) && !user) return { kind: 'redirect', to: paths.login() }
  if (route.agentOnly && !user?.isSalesAgent) return { kind: 'redirect', to: paths.accountOrders() }
  if (route.adminOnly && !user?.hasAdminAccess) return { kind: 'forbidden' }
  return OPEN
}

/**
 * Applies routeAccess to the route of the current address (the caller's, so that the lazily loaded staff shell
 * needs no import of the route table, which loads it): a redirect saves the full path first. Answers the access, so the
 * layout shows a spinner while redirecting and the 403 screen when forbidden. The server refuses these calls
 * anyway; this only keeps people on pages they can use.
 */
export function useRouteGuard(route: AppRoute, user: User | null | undefined): Access {
  const { pathname, search, hash } = useLocation()
  const navigate = useNavigate()
  const access = routeAccess(route, user)
  const target = access.kind === 'redirect' ? access.to : null
  useEffect(() => {
    if (!target) return
    savePath(pathname + search + hash)
    navigate(target, { replace: true })
  }, [target, pathname, search, hash, navigate])
  return access
}
