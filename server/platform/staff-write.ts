import type { User } from '../../common/contracts/accounts'
import type { Tx } from '../db/client'
import { insertAuditRows } from './audit-queries'
import type { RequestCtx } from './request-context'

/** What a staff call's service gets: the request's context with the signed-in staff member. */
export interface StaffCtx extends RequestCtx {
  user: User
  /** also in the answer's x-request-id header and in every audit row the call writes */
  requestId: string
}

/**
 * A staff write call's context: `db` is the call's one transaction (opened by the route group, server/platform/
 * staff.ts), so the writes and their audit rows commit or roll back together.
 */
export interface StaffWriteCtx extends StaffCtx {
  db: Tx
  trail: WriteTrail
}

/** What the writes of one call did: the route group refuses to commit a write call that wrote no audit row. */
export interface WriteTrail {
  auditRows: number
  /** drop the website's cached answers once the transaction is over */
  changesStorefront: boolean
}

export interface Change<Id extends string | number = string | number> {
  id: Id
  /** the record before and after (null when created / deleted); stale saves are diffed against these */
  before: unknown
  after: unknown
}

export interface WriteInfo {
  /** e.g. 'product.update' */
  action: string
  /** e.g. 'product' */
  entity: string
  /** more to remember, e.g. a bulk action's input */
  data?: Record<string, unknown>
  /** the write changes what shoppers are shown (catalogue, stock, pages, settings): the website's cached answers go */
  changesStorefront?: boolean
}

/**
 * The one way a staff service writes: `write` runs in the call's transaction and says what it changed; an audit
 * row per changed record (who, when, website, action, before, after, request id) goes into the same transaction.
 */
export async function staffWrites<T>(ctx: StaffWriteCtx, info: WriteInfo, write: (tx: Tx) => Promise<{ result: T; changes: Change[] }>): Promise<T> {
  // Noted before the write: a rolled-back call drops them too (a cache read inside may hold uncommitted rows).
  if (info.changesStorefront) ctx.trail.changesStorefront = true
  const { result, changes } = await write(ctx.db)
  await insertAuditRows(
    ctx.db,
    changes.map((c) => ({
      websiteId: ctx.site.id,
      userId: ctx.user.id,
      action: info.action,
      entity: info.entity,
      entityId: String(c.id),
      before: c.before,
      after: c.after,
      data: info.data,
      requestId: ctx.requestId,
    })),
  )
  ctx.trail.auditRows += changes.length
  return result
}

/** `staffWrites` for one record. */
export function staffWrite<T>(ctx: StaffWriteCtx, info: WriteInfo, write: (tx: Tx) => Promise<{ result: T } & Change>): Promise<T> {
  return staffWrites(ctx, info, async (tx) => {
    const { result, ...change } = await write(tx)
    return { result, changes: [change] }
  })
}
