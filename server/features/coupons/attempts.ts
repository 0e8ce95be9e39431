import type { RequestCtx } from '../../platform/request-context'
import * as q from './queries'

/** Failed coupon codes a shopper may try per window before being told to wait (SECURITY BL-05: no guessing codes). */
export const MAX_FAILED_ATTEMPTS = 10
export const ATTEMPT_WINDOW_MS = 10 * 60_000

// Counted in the database, so that every app process behind the load balancer counts the same guesses (issue #16).
const keyOf = (ctx: RequestCtx) => `coupon:${ctx.site.id}:${ctx.user ? `u${ctx.user.id}` : `s${ctx.session?.idHash ?? 'none'}`}`
const since = (now: number) => new Date(now - ATTEMPT_WINDOW_MS)

export async function tooManyFailures(ctx: RequestCtx, now = Date.now()): Promise<boolean> {
  return (await q.countFailedAttempts(ctx.db, keyOf(ctx), since(now))) >= MAX_FAILED_ATTEMPTS
}

export async function recordFailure(ctx: RequestCtx, now = Date.now()) {
  await q.insertFailedAttempt(ctx.db, keyOf(ctx), new Date(now))
  // now and then, the rows no window needs any more
  if (Math.random() < 0.02) await q.deleteOldFailedAttempts(ctx.db)
}
