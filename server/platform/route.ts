import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
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
export function route<C extends Contract>(app: FastifyInstance, contract: C, handler: Handler<C>, options: { xsrf?: boolean; tags?: string[] } = {}) {
  const schema: NonNullable<RouteShorthandOptions['schema']> = {
    summary: contract.summary,
    tags: options.tags,
    response: { 200: contract.response, '4xx': ErrorBody },
  }
  if (contract.params) schema.params = contract.params
  if (contract.query) schema.querystring = contract.query
  if (contract.body) schema.body = contract.body
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: API_BASE + contract.path,
    schema,
    config: { xsrf: options.xsrf },
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  })
}

/** An answer already serialised (e.g. from the catalogue cache); skips response serialisation. */
export function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json)
}
