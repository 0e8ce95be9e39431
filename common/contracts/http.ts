import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'

/** A call as both sides see it: the only place its shape is written (STYLE rule 3). */
export interface Contract<
  Params extends $ZodType = $ZodType,
  Query extends $ZodType = $ZodType,
  Body extends $ZodType = $ZodType,
  Response extends $ZodType = $ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  summary: string
  params?: Params
  query?: Query
  body?: Body
  response: Response
  /** the success status when not 200 (201 for a create) */
  status?: 201
  /** the 409 body of a stale save (optimistic concurrency; see common/contracts/admin.ts) */
  stale?: $ZodType
  /** the 202 body of a call that waits for someone before it is done (a customer's consent code), when it does */
  accepted?: $ZodType
}

export const defineContract = <const C extends Contract>(c: C) => c

/** A call's name, e.g. 'GET /api/init': how server rendering looks up the server's own answer to it. */
export const callKey = (c: Pick<Contract, 'method' | 'path'>) => `${c.method} ${c.path}`

/** Every error body: `message`, and `errors` per field for 422. */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.string())),
})
export type ErrorBody = z.infer<typeof ErrorBody>

export { API_BASE } from './wire'
