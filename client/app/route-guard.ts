import { useEffect } from 'react'
import type { User } from '../../common/contracts/accounts'
import { useLocation, useNavigate } from '../lib/router'
import { savePath } from '../lib/saved-path'
import { routeMetaFor } from './route-table'

/**
 * Spec §4 guards: a login-required target with nobody signed in saves the full path and goes to /auth/login;
 * an agent-only target for a non-agent saves the path and goes to /account/orders. Answers true while the
 * page must not show. The server refuses these calls anyway; this only keeps people on pages they can use.
 */
export function useRouteGuard(user: User | null | undefined): boolean {
  const { pathname, search, hash } = useLocation()
  const navigate = useNavigate()
  const meta = routeMetaFor(pathname)
  // undefined: startup has not said who is signed in yet (the layout shows its spinner meanwhile).
  const target = user === undefined ? null : meta.requiresLogin && !user ? '/auth/login' : meta.agentOnly && !user?.isSalesAgent ? '/account/orders' : null
  useEffect(() => {
    if (!target) return
    savePath(pathname + search + hash)
    navigate(target, { replace: true })
  }, [target, pathname, search, hash, navigate])
  return target !== null
}
