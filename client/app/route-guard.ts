import { useEffect } from 'react'
import type { User } from '../../common/contracts/accounts'
import { allows, type Permission as AreaPermission } from '../../common/rules/staff-roles'
import { useLocation, useNavigate } from '../lib/router'
import * as paths from '../lib/paths'
import { savePath } from '../lib/saved-path'

/**
 * What a staff screen asks of who is signed in (client/staff/staff-screens.ts): an area its role may at least see
 * (common/rules/staff-roles.ts, issue 29), or `admin` for full admin access.
 */
export type Permission = AreaPermission | 'admin'

export const permits = (user: User, permission: Permission) => (permission === 'admin' ? user.hasAdminAccess : allows(user.permissions, permission, 'read'))

/** Who may see a page: a route's flags (app/routes.ts) or a staff screen's permission. */
export interface AccessRule {
  /** spec §4: a visitor is sent to /auth/login with the path saved */
  requiresLogin?: boolean
  /** spec §4: a signed-in non-agent is sent to /account/orders */
  agentOnly?: boolean
  /** spec §2 and §6: only those it permits; others signed in see a 403 screen */
  permission?: Permission
}

export type Access = { kind: 'open' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' }

const OPEN: Access = { kind: 'open' }

/**
 * Spec §4 guards from the page's rule: a login-required target (or one that needs a permission) with nobody signed
 * in goes to /auth/login; an agent-only target for a non-agent goes to /account/orders; a screen for someone signed
 * in without its permission is forbidden (a 403 screen, not a redirect: they know where they are and why).
 * `undefined`: startup has not said who is signed in yet.
 */
export function routeAccess(rule: AccessRule, user: User | null | undefined): Access {
  if (user === undefined) return OPEN
  if ((rule.requiresLogin || rule.permission) && !user) return { kind: 'redirect', to: paths.login() }
  if (rule.agentOnly && !user?.isSalesAgent) return { kind: 'redirect', to: paths.accountOrders() }
  if (rule.permission && user && !permits(user, rule.permission)) return { kind: 'forbidden' }
  return OPEN
}

/**
 * Applies routeAccess to the page of the current address (the root layout passes its route, the staff shell its
 * screen): a redirect saves the full path first. Answers the access, so the layout shows a spinner while
 * redirecting and the 403 screen when forbidden. The server refuses these calls anyway; this only keeps people on
 * pages they can use.
 */
export function useRouteGuard(rule: AccessRule, user: User | null | undefined): Access {
  const { pathname, search, hash } = useLocation()
  const navigate = useNavigate()
  const access = routeAccess(rule, user)
  const target = access.kind === 'redirect' ? access.to : null
  useEffect(() => {
    if (!target) return
    savePath(pathname + search + hash)
    navigate(target, { replace: true })
  }, [target, pathname, search, hash, navigate])
  return access
}
