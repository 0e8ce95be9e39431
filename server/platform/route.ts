import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import type { $ZodType, input, output } from 'zod/v4/core'
import { API_BASE, callKey, type Contract, ErrorBody } from '../../common/contracts/http'
import type { RequestCtx } from './request-context'

type Infer<T> = T extends $ZodType ? output<T> : undefined

export interface RouteRequest<C extends Contract> extends FastifyRequest {
  params: Infer<C['params']>
  query: Infer<C['query']>
  body: Infer<C['body']>
}

type AnswerOf<C extends Contract> =
  | (C['response'] extends $ZodType ? input<C['response']> : never)
  | (C['accepted'] extends $ZodType ? input<C['accepted']> : never)

type Handler<C extends Contract> = (req: RouteRequest<C>, reply: FastifyReply) => Promise<AnswerOf<C> | string | FastifyReply>

/** A GET answered from the request's ctx and validated input alone; a string is an answer already serialised (a cache hit). */
export type Read<C extends Contract> = (ctx: RequestCtx, input: { params: Infer<C['params']>; query: Infer<C['query']> }) => Promise<AnswerOf<C> | string>

/** The app's reads by call (callKey), for server rendering. */
export type Reads = Map<string, { contract: Contract; read: Read<Contract> }>

declare module 'fastify' {
  interface FastifyInstance {
    reads: Reads
  }
}

/** Registers a contract's call: zod validates the input and the answer, and OpenAPI is generated from both. */
export function route<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: Handler<C>,
  options: { xsrf?: boolean; tags?: string[]; config?: FastifyContextConfig } = {},
) {
  const response: Record<string, $ZodType> = { [contract.status ?? 200]: contract.response, '4xx': ErrorBody }
  // A stale save answers its own 409 body; any other 409 of the call keeps the usual error body.
  if (contract.stale) response[409] = z.union([contract.stale, ErrorBody])
  // the handler answers 202 itself (reply.code) when the call waits for someone
  if (contract.accepted) response[202] = contract.accepted
  const schema: NonNullable<RouteShorthandOptions['schema']> = { summary: contract.summary, tags: options.tags, response }
  if (contract.params) schema.params = contract.params
  if (contract.query) schema.querystring = contract.query
  if (contract.body) schema.body = contract.body
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: API_BASE + contract.path,
    schema,
    config: { xsrf: options.xsrf, ...options.config },
    handler: (contract.status
      ? async (req: RouteRequest<C>, reply: FastifyReply) => {
          reply.code(contract.status!)
          return handler(req, reply)
        }
      : handler) as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  })
}

/** A read's route; server rendering calls the same read in-process with the page request's ctx (server/web/page-data.ts). */
export function readRoute<C extends Contract>(app: FastifyInstance, contract: C, read: Read<C>, options: { tags?: string[] } = {}) {
  if (contract.method !== 'GET') throw new Error(`${callKey(contract)}: only a GET is a read`)
  route(
    app,
    contract,
    async (req, reply) => {
      const answer = await read(req.ctx, req)
      return typeof answer === 'string' ? sendJson(reply, answer) : answer
    },
    options,
  )
  app.reads.set(callKey(contract), { contract, read: read as unknown as Read<Contract> })
}

/** An answer already serialised (e.g. from the catalogue cache); skips response serialisation. */
export function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json)
}
