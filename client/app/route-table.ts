import { matchPath } from '../lib/router'

/** Route flags from spec §2: full width, who may open it, scroll behaviour. Pages come from routes.tsx. */
export interface RouteMeta {
  path: string
  fullWidth?: boolean
  requiresLogin?: boolean
  agentOnly?: boolean
}

export const ROUTE_META: RouteMeta[] = [
  { path: '/' },
  { path: '/products' },
  { path: '/products/:slug' },
  { path: '/checkout', fullWidth: true, requiresLogin: true },
  { path: '/checkout/razorpay/:id', fullWidth: true },
  { path: '/checkout/cashfree/:id', fullWidth: true },
  { path: '/checkout/confirm/:id', fullWidth: true },
  { path: '/order/success/:ordernumber', requiresLogin: true },
  { path: '/auth/login', fullWidth: true },
  { path: '/auth/verify', fullWidth: true },
  { path: '/auth/register', fullWidth: true },
  { path: '/auth/logout', fullWidth: true },
  { path: '/auth/bos/choose', requiresLogin: true },
  { path: '/auth/bos/create', requiresLogin: true },
  { path: '/auth/bos/switch' },
  { path: '/account/dashboard', requiresLogin: true, agentOnly: true },
  { path: '/account/*', requiresLogin: true },
  { path: '/account', requiresLogin: true },
  { path: '*', fullWidth: true },
]

export function routeMetaFor(pathname: string): RouteMeta {
  return ROUTE_META.find((r) => matchPath(r.path, pathname)) ?? { path: '*', fullWidth: true }
}
