import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import type { $ZodType, input, output } from 'zod/v4/core'
import { API_BASE, type Contract, ErrorBody } from '../../common/contracts/http'

type Infer<T> = T extends $ZodType ? output<T> : undefined

export interface RouteRequest<C extends Contract> extends FastifyRequest {
  params: Infer<C['params']>
  query: Infer<C['query']>
  body: Infer<C['body']>
}

type Handler<C extends Contract> = (
  req: RouteRequest<C>,
  reply: FastifyReply,
) => Promise<(C['response'] extends $ZodType ? input<C['response']> : never) | string | FastifyReply>

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

/** An answer already serialised (e.g. from the catalogue cache); skips response serialisation. */
export function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json)
}
