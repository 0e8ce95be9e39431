import { and, count, eq, gt, lt, sql } from 'drizzle-orm'
import { failedAttempts } from '../../db/schema/limits'
import type { RequestCtx } from '../../platform/request-context'

/** Failed coupon codes a shopper may try per window before being told to wait (SECURITY BL-05: no guessing codes). */
export const MAX_FAILED_ATTEMPTS = 10
export const ATTEMPT_WINDOW_MS = 10 * 60_000

// Counted in the database, so that every app process behind the load balancer counts the same guesses (issue #16).
const keyOf = (ctx: RequestCtx) => `coupon:${ctx.site.id}:${ctx.user ? `u${ctx.user.id}` : `s${ctx.session?.idHash ?? 'none'}`}`
const since = (now: number) => new Date(now - ATTEMPT_WINDOW_MS)

export async function tooManyFailures(ctx: RequestCtx, now = Date.now()): Promise<boolean> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(failedAttempts)
    .where(and(eq(failedAttempts.key, keyOf(ctx)), gt(failedAttempts.at, since(now))))
  return (row?.n ?? 0) >= MAX_FAILED_ATTEMPTS
}

export async function recordFailure(ctx: RequestCtx, now = Date.now()) {
  await ctx.db.insert(failedAttempts).values({ key: keyOf(ctx), at: new Date(now) })
  // now and then, the rows no window needs any more
  if (Math.random() < 0.02) await ctx.db.delete(failedAttempts).where(lt(failedAttempts.at, sql`now() - interval '1 day'`))
}
