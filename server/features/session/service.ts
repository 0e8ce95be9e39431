import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SessionData } from '../../db/schema/index'
import type { RequestCtx } from '../../platform/request-context'
import * as queries from './queries'

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
