import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { User } from '../../common/contracts/accounts'
import { API_BASE } from '../../common/contracts/http'
import { XSRF_COOKIE, XSRF_HEADER } from '../../common/contracts/session'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { findUserForSite } from '../features/accounts/queries'
import type { SessionRow } from '../features/session/queries'
import * as sessionService from '../features/session/service'
import type { WebsiteRow } from '../features/site-settings/queries'
import type { AppCaches } from './cache'
import { AppError } from './errors'
import type { SiteResolver } from './site-context'

/** Built once per request and passed first to every service (STYLE rule 5). */
export interface RequestCtx {
  db: Db
  config: Config
  caches: AppCaches
  site: WebsiteRow
  session: SessionRow | null
  user: User | null
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

export function sessionCookieName(config: Config) {
  return config.NODE_ENV === 'production' ? '__Host-sid' : 'sid'
}

export interface AppDeps {
  db: Db
  config: Config
  caches: AppCaches
  sites: SiteResolver
}

export async function buildCtx(req: FastifyRequest, { db, config, caches, sites }: AppDeps): Promise<RequestCtx> {
  const site = await sites.resolve(req)
  const base = { db, config, caches, site }
  const session = await sessionService.load(base, req.cookies[sessionCookieName(config)])
  const user = session?.userId ? await findUserForSite(db, session.userId, site.id) : null
  return { ...base, session, user }
}

/**
 * Whether the route that matched is one of the API's. Decided by the route, never by the raw URL: the router
 * decodes the path, so `/s/%61pi/products` runs the `/s/api/products` route and must get its hooks (issue 9).
 */
export const isApiCall = (req: FastifyRequest) => req.routeOptions.url?.startsWith(`${API_BASE}/`) === true

/** Every API call: website, session and user; then the XSRF check for anything that changes state. */
export function registerRequestContext(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps
  app.decorateRequest('ctx', null as unknown as RequestCtx)
  app.addHook('onRequest', async (req) => {
    if (!isApiCall(req) || req.routeOptions.config?.noSiteContext) return
    req.ctx = await buildCtx(req, deps)
    if (SAFE_METHODS.has(req.method) && !req.routeOptions.config?.xsrf) return
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new AppError('forbidden', 'Cross-site requests are not allowed')
    const session = req.ctx.session
    const expected = session ? sessionService.xsrfToken(config.SESSION_SECRET, session) : null
    if (!expected || !sessionService.xsrfMatches(expected, req.headers[XSRF_HEADER])) {
      throw new AppError('forbidden', 'Missing or invalid XSRF token: call GET /s/api/cookie and send the XSRF-TOKEN cookie back in the X-XSRF-TOKEN header')
    }
  })
}

/** Creates the visitor's session when the first thing worth remembering happens, and (re)issues the XSRF cookie. */
export async function ensureSession(req: FastifyRequest, reply: FastifyReply): Promise<SessionRow> {
  const ctx = req.ctx
  if (!ctx.session) {
    const { token, row } = await sessionService.create(ctx)
    ctx.session = row
    setSessionCookie(reply, ctx.config, token)
  }
  setXsrfCookie(reply, ctx, ctx.session)
  return ctx.session
}

/** The session cookie: httpOnly, SameSite=Lax, no Domain, Secure and __Host- in production (SECURITY AU-11). */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.NODE_ENV === 'production',
    maxAge: sessionService.SESSION_TTL_MS / 1000,
  })
}

/** Forgets the session in the browser too (sign-out): both cookies, so the next call starts a fresh session. */
export function clearSessionCookies(reply: FastifyReply, config: Config) {
  const secure = config.NODE_ENV === 'production'
  reply.clearCookie(sessionCookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure })
  reply.clearCookie(XSRF_COOKIE, { path: '/', sameSite: 'lax', secure })
}

export function setXsrfCookie(reply: FastifyReply, ctx: RequestCtx, session: SessionRow) {
  reply.setCookie(XSRF_COOKIE, sessionService.xsrfToken(ctx.config.SESSION_SECRET, session), {
    path: '/',
    sameSite: 'lax',
    secure: ctx.config.NODE_ENV === 'production',
    maxAge: sessionService.SESSION_TTL_MS / 1000,
  })
}
