import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { User } from '../../../common/contracts/accounts'
import { XSRF_COOKIE, XSRF_HEADER } from '../../../common/contracts/session'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { SessionData } from '../../db/schema/accounts'
import type { RequestCtx, Visitors } from '../../platform/request-context'
import * as queries from './queries'
import type { SessionRow } from './queries'

export type { SessionRow } from './queries'

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** Loads the session a cookie names, only if it belongs to this website (CONTRACT: a session belongs to its website). */
export async function load(ctx: Pick<RequestCtx, 'db' | 'site'>, token: string | undefined) {
  if (!token || token.length > 100) return null
  return (await queries.findSession(ctx.db, hashToken(token), ctx.site.id)) ?? null
}

export async function create(ctx: Pick<RequestCtx, 'db' | 'site'>, data: SessionData = {}, userId: number | null = null) {
  const token = randomBytes(32).toString('base64url')
  const row = await queries.insertSession(ctx.db, {
    idHash: hashToken(token),
    websiteId: ctx.site.id,
    userId,
    xsrfSecret: randomBytes(16).toString('base64url'),
    data,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  })
  return { token, row }
}

export async function saveData(ctx: RequestCtx, data: SessionData) {
  if (!ctx.session) throw new Error('saveData needs a session')
  ctx.session.data = data
  await queries.updateSessionData(ctx.db, ctx.session.idHash, data, new Date(Date.now() + SESSION_TTL_MS))
}

export async function destroy(ctx: RequestCtx) {
  if (ctx.session) await queries.deleteSession(ctx.db, ctx.session.idHash)
}

/** The XSRF token is an HMAC of the session's own secret, so a token planted from elsewhere never matches. */
export function xsrfToken(secret: string, session: { idHash: string; xsrfSecret: string }) {
  return createHmac('sha256', secret).update(`${session.idHash}.${session.xsrfSecret}`).digest('base64url')
}

export function xsrfMatches(expected: string, given: unknown) {
  if (typeof given !== 'string' || given.length !== expected.length) return false
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given))
}

/**
 * The platform's view of who is calling (platform/request-context.ts): the session a cookie names and its user
 * on this website (the accounts feature's look-up, passed in by server/app.ts), and the XSRF check of writes.
 */
export function sessionVisitors(findUser: (db: Db, userId: number, websiteId: number) => Promise<User | null>): Visitors {
  return {
    async identify(req, base) {
      const session = await load(base, req.cookies[sessionCookieName(base.config)])
      const user = session?.userId ? await findUser(base.db, session.userId, base.site.id) : null
      return { session, user }
    },
    xsrfMatches(req, ctx) {
      const expected = ctx.session ? xsrfToken(ctx.config.SESSION_SECRET, ctx.session) : null
      return expected !== null && xsrfMatches(expected, req.headers[XSRF_HEADER])
    },
  }
}

export function sessionCookieName(config: Config) {
  return config.NODE_ENV === 'production' ? '__Host-sid' : 'sid'
}

/** Creates the visitor's session when the first thing worth remembering happens, and (re)issues the XSRF cookie. */
export async function ensureSession(req: FastifyRequest, reply: FastifyReply): Promise<SessionRow> {
  const ctx = req.ctx
  if (!ctx.session) {
    const { token, row } = await create(ctx)
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
    maxAge: SESSION_TTL_MS / 1000,
  })
}

/** Forgets the session in the browser too (sign-out): both cookies, so the next call starts a fresh session. */
export function clearSessionCookies(reply: FastifyReply, config: Config) {
  const secure = config.NODE_ENV === 'production'
  reply.clearCookie(sessionCookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure })
  reply.clearCookie(XSRF_COOKIE, { path: '/', sameSite: 'lax', secure })
}

export function setXsrfCookie(reply: FastifyReply, ctx: RequestCtx, session: SessionRow) {
  reply.setCookie(XSRF_COOKIE, xsrfToken(ctx.config.SESSION_SECRET, session), {
    path: '/',
    sameSite: 'lax',
    secure: ctx.config.NODE_ENV === 'production',
    maxAge: SESSION_TTL_MS / 1000,
  })
}
