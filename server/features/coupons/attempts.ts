import type { AppCaches } from '../../platform/cache'
import type { RequestCtx } from '../../platform/request-context'

/** Failed coupon codes a shopper may try per window before being told to wait (SECURITY BL-05: no guessing codes). */
export const MAX_FAILED_ATTEMPTS = 10
export const ATTEMPT_WINDOW_MS = 10 * 60_000

// Per app (tests run several apps in one process), found through the app's caches object.
const failuresByApp = new WeakMap<AppCaches, Map<string, number[]>>()

const keyOf = (ctx: RequestCtx) => `${ctx.site.id}:${ctx.user ? `u${ctx.user.id}` : `s${ctx.session?.idHash ?? 'none'}`}`

function recent(ctx: RequestCtx, now: number): { list: number[]; store: Map<string, number[]> } {
  let store = failuresByApp.get(ctx.caches)
  if (!store) failuresByApp.set(ctx.caches, (store = new Map()))
  const list = (store.get(keyOf(ctx)) ?? []).filter((at) => now - at < ATTEMPT_WINDOW_MS)
  return { list, store }
}

export function tooManyFailures(ctx: RequestCtx, now = Date.now()): boolean {
  return recent(ctx, now).list.length >= MAX_FAILED_ATTEMPTS
}

export function recordFailure(ctx: RequestCtx, now = Date.now()) {
  const { list, store } = recent(ctx, now)
  if (store.size > 10_000) store.clear()
  store.set(keyOf(ctx), [...list, now])
}
