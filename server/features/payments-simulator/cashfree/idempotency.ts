import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Sim } from '../simulator'
import { cfError } from './entities'

export interface Answer {
  status: number
  body: unknown
}

/**
 * x-idempotency-key (C.1): a repeat with the same body gets the first successful answer again, without acting
 * twice; the same key with another body is refused.
 */
export async function idempotent(sim: Sim, req: FastifyRequest, reply: FastifyReply, act: () => Answer): Promise<FastifyReply> {
  const key = req.headers['x-idempotency-key']
  if (typeof key !== 'string' || !key) {
    const answer = act()
    return reply.code(answer.status).send(answer.body)
  }
  const scope = `${req.method} ${req.url.split('?')[0]} ${key}`
  const bodyHash = createHash('sha256')
    .update(JSON.stringify(req.body ?? null))
    .digest('hex')
  const store = sim.state.cashfree.idempotency
  const seen = store.get(scope)
  if (seen && seen.bodyHash !== bodyHash) {
    return reply.code(409).send(cfError('a request with this x-idempotency-key was made with a different body', 'request_invalid', 'idempotency_error'))
  }
  if (seen) return reply.code(seen.status).header('x-idempotent-replay', 'true').send(seen.body)
  const answer = act()
  if (answer.status < 300) store.set(scope, { bodyHash, ...answer })
  return reply.code(answer.status).send(answer.body)
}
