import type { RequestCtx } from '../../platform/request-context'
import type { CartOwner } from './queries'

/** A signed-in shopper's cart is theirs on this website; a visitor's belongs to the session (none without one). */
export function ownerOf(ctx: RequestCtx): CartOwner | null {
  if (ctx.user) return { userId: ctx.user.id }
  if (ctx.session) return { sessionIdHash: ctx.session.idHash }
  return null
}
