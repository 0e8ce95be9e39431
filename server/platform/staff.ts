import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { $ZodType, input } from 'zod/v4/core'
import type { User } from '../../common/contracts/accounts'
import type { Contract } from '../../common/contracts/http'
import { uniqueViolation } from './db-errors'
import { AppError } from './errors'
import { requireStaff, type StaffNeed } from './guards'
import type { RequestCtx } from './request-context'
import { route, type RouteRequest, sendJson } from './route'
import type { StaffCtx, StaffWriteCtx, WriteTrail } from './staff-write'

/**
 * The staff route group (docs/decisions/0014-staff-seam.md). Every staff call:
 * - lives under /s/api/{tag}/… and is listed under its tag in the OpenAPI description;
 * - is refused in onRequest, before its body is read: a visitor 401, anyone whose role on this website lacks the
 *   permission it declares 403 (its own, else its group's, else full admin access; a read needs the area's `read`,
 *   a write its `write`: docs/decisions/0049-staff-permissions-by-area.md);
 * - if it writes, runs in one transaction that must also write its audit rows (staff-write.ts), else nothing
 *   is committed; the caches its writes name are dropped afterwards.
 * A route under /s/api/admin or /s/api/pos declared any other way stops the app from starting.
 */

export type StaffTag = 'admin' | 'pos'

export interface StaffCall {
  method: string
  url: string
  tag: StaffTag
  /** runs in a transaction and must write an audit row */
  writes: boolean
  /** what the caller needs on this website (issue 29) */
  permission: StaffNeed
}

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffCall
  }
  interface FastifyInstance {
    /** every staff call of the app, for the tests that walk them all */
    staffCalls: StaffCall[]
  }
}

const STAFF_PATH = /^\/s\/api\/(admin|pos)(\/|$)/i

/** Call once, before any route: keeps the list of staff calls and refuses staff paths declared outside a group. */
export function registerStaffSeam(app: FastifyInstance) {
  app.decorate('staffCalls', [] as StaffCall[])
  app.addHook('onRoute', (opts) => {
    if (STAFF_PATH.test(opts.url) && !opts.config?.staff) {
      throw new Error(`${String(opts.method)} ${opts.url} is a staff path: declare it with staffRoutes() (server/platform/staff.ts)`)
    }
  })
}

/** The call's answer; a write may answer a string, its answer written as JSON already (sent once its transaction is committed). */
type Answer<C extends Contract> = Promise<(C['response'] extends $ZodType ? input<C['response']> : never) | FastifyReply>
type WriteAnswer<C extends Contract> = Promise<Awaited<Answer<C>> | string>

export interface StaffGroup {
  /** A call that changes nothing (GET, or a POST that only computes, like a preview). */
  read<C extends Contract>(
    contract: C,
    handler: (req: RouteRequest<C>, ctx: StaffCtx, reply: FastifyReply) => Answer<C>,
    options?: Pick<StaffCallOptions, 'permission'>,
  ): void
  /** A call that writes: its handler gets the transaction as ctx.db and must write through staffWrite. */
  write<C extends Contract & { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' }>(
    contract: C,
    handler: (req: RouteRequest<C>, ctx: StaffWriteCtx, reply: FastifyReply) => WriteAnswer<C>,
    options?: StaffCallOptions,
  ): void
}

export interface StaffCallOptions {
  /** what the call answers when the database is too busy for it (503; platform/errors.ts), if not the generic text */
  busy?: string
  /** the permission this call needs, when not its group's */
  permission?: StaffNeed
}

export interface StaffGroupOptions {
  tag: StaffTag
  /**
   * What the group's calls need (each may declare its own): an area (`'orders'`), `{ any: [...] }` or
   * `{ all: [...] }` of areas, or `'admin'`, the default: a call that declares nothing needs full admin access.
   */
  permission?: StaffNeed
  /**
   * Unique indexes → the field they guard. Services check before writing and answer 422 on the field; this
   * covers two saves of the same value at the same moment (the database refuses the second).
   */
  uniques?: Record<string, { field: string; message: string }>
  /**
   * The group's calls take a file as their body (uploads): a body of any type other than JSON is read as bytes,
   * at most `limit` of them; a longer body answers 413 with `tooLarge` (on the field `file`) as soon as its
   * length says so, without reading it. The guard still runs before any of it is read.
   */
  fileBody?: { limit: number; tooLarge: string }
}

export async function staffRoutes(
  app: FastifyInstance,
  { tag, permission: groupNeed = 'admin', uniques = {}, fileBody }: StaffGroupOptions,
  declare: (group: StaffGroup) => void,
) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req: FastifyRequest) => {
      // No context means the request-context hook did not run for this URL (a path variant): refuse the same way.
      if (!req.ctx) throw new AppError('unauthorized', 'Please sign in to continue')
      const call = req.routeOptions.config?.staff
      guardOf(call?.permission ?? 'admin', call?.writes ?? true)(req.ctx)
    })
    if (fileBody) {
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: fileBody.limit }, (_req, body, done) => done(null, body))
      scope.setErrorHandler((err: { code?: string }, _req, reply) => {
        if (err.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err
        return reply.code(413).send({ message: fileBody.tooLarge, code: 'too_large', errors: { file: fileBody.tooLarge } })
      })
    }
    const add = (
      contract: Contract,
      writes: boolean,
      options: StaffCallOptions,
      handler: (req: RouteRequest<Contract>, reply: FastifyReply) => Promise<unknown>,
    ) => {
      if (!contract.path.startsWith(`/api/${tag}/`)) throw new Error(`${contract.path}: a ${tag} call lives under /api/${tag}/`)
      if (writes && contract.method === 'GET') throw new Error(`GET ${contract.path}: a GET never writes; declare it with read()`)
      const call: StaffCall = { method: contract.method, url: `/s${contract.path}`, tag, writes, permission: options.permission ?? groupNeed }
      app.staffCalls.push(call)
      route(scope, contract, handler as never, { tags: [tag], config: { staff: call, busy: options.busy } })
    }
    declare({
      read: (contract, handler, options = {}) =>
        add(contract, false, options, async (req, reply) => handler(req as never, staffCtx(req, guardOf(options.permission ?? groupNeed, false)), reply)),
      write: (contract, handler, options = {}) =>
        add(contract, true, options, async (req, reply) => {
          const ctx = staffCtx(req, guardOf(options.permission ?? groupNeed, true))
          const trail: WriteTrail = { auditRows: 0, changesStorefront: false }
          let answer: unknown
          try {
            answer = await ctx.db.transaction(async (tx) => {
              const answer = await handler(req as never, { ...ctx, db: tx, trail }, reply)
              if (trail.auditRows === 0) throw new Error(`${contract.method} ${contract.path} wrote no audit row: staff services write through staffWrite()`)
              return answer
            })
          } catch (err) {
            const constraint = uniqueViolation(err)
            if (constraint === null) throw err
            const known = uniques[constraint]
            if (known) throw new AppError('invalid', known.message, { [known.field]: known.message })
            throw new AppError('conflict', 'Someone saved the same thing at the same moment: please try again')
          } finally {
            // After the commit (here and in every app process), and also after a rollback: a cache filled inside
            // the transaction may hold what was never committed.
            if (trail.changesStorefront) await ctx.caches.invalidateWebsite(ctx.site.id)
          }
          // written as JSON already (a large answer, written off the event loop): sent now, after the commit, so the
          // caller's next call sees what this one wrote
          return typeof answer === 'string' ? sendJson(reply, answer) : answer
        }),
    })
  })
}

type Guard = (ctx: Pick<RequestCtx, 'user'>) => User
const guardOf =
  (need: StaffNeed, writes: boolean): Guard =>
  (ctx) =>
    requireStaff(ctx, need, writes ? 'write' : 'read')

function staffCtx(req: FastifyRequest, guard: Guard): StaffCtx {
  const requestId = req.id
  return { ...req.ctx, user: guard(req.ctx), requestId }
}
