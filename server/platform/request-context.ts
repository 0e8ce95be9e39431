import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { User } from '../../common/contracts/accounts'
import { API_BASE } from '../../common/contracts/http'
import type { Config } from '../config'
import type { Db } from '../db/client'
import type { sessions } from '../db/schema/accounts'
import type { AppCaches } from './cache'
import { AppError } from './errors'
import type { Outbound } from './outbound'
import type { SiteResolver, WebsiteRow } from './site-context'

export type SessionRow = typeof sessions.$inferSelect

/** Built once per request and passed first to every service (STYLE rule 5). */
export interface RequestCtx {
  db: Db
  config: Config
  caches: AppCaches
  site: WebsiteRow
  session: SessionRow | null
  user: User | null
  /** agent mode: the sales agent whose request runs on `user`'s (their customer's) account; unset otherwise */
  agent?: User | null
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestCtx
  }
  interface FastifyContextConfig {
    /** a GET that changes state (spec's remove/coupon, logout, check/pincode): needs the XSRF header too */
    xsrf?: boolean
    /** called by servers or tools, not by a website's pages (payment webhooks, API docs): no website, session or XSRF */
    noSiteContext?: boolean
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface AppDeps {
  db: Db
  config: Config
  caches: AppCaches
  sites: SiteResolver
  /** HTTP calls to addresses that are not the product's (platform/outbound.ts) */
  outbound: Outbound
  visitors: Visitors
}

/**
 * Who is calling and whether a write carries their XSRF token. The session feature answers it (server/app.ts wires
 * it in), so that the platform imports no feature.
 */
export interface Visitors {
  identify(req: FastifyRequest, base: Omit<RequestCtx, 'session' | 'user'>): Promise<Pick<RequestCtx, 'session' | 'user' | 'agent'>>
  xsrfMatches(req: FastifyRequest, ctx: RequestCtx): boolean
}

export async function buildCtx(req: FastifyRequest, { db, config, caches, sites, visitors }: AppDeps): Promise<RequestCtx> {
  const site = await sites.resolve(req)
  const base = { db, config, caches, site }
  return { ...base, ...(await visitors.identify(req, base)) }
}

/**
 * Whether the route that matched is one of the API's. Decided by the route, never by the raw URL: the router
 * decodes the path, so `/s/%61pi/products` runs the `/s/api/products` route and must get its hooks (issue 9).
 */
export const isApiCall = (req: FastifyRequest) => req.routeOptions.url?.startsWith(`${API_BASE}/`) === true

/** Every API call: website, session and user; then the XSRF check for anything that changes state. */
export function registerRequestContext(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest('ctx', null as unknown as RequestCtx)
  app.addHook('onRequest', async (req) => {
    if (!isApiCall(req) || req.routeOptions.config?.noSiteContext) return
    req.ctx = await buildCtx(req, deps)
    if (SAFE_METHODS.has(req.method) && !req.routeOptions.config?.xsrf) return
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new AppError('forbidden', 'Cross-site requests are not allowed')
    if (!deps.visitors.xsrfMatches(req, req.ctx)) {
      throw new AppError('forbidden', 'Missing or invalid XSRF token: call GET /s/api/cookie and send the XSRF-TOKEN cookie back in the X-XSRF-TOKEN header')
    }
  })
}
