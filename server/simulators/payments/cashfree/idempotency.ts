import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Sim, SimWork } from '../simulator'
import { StaleRecord } from '../store'
import { cfError } from './entities'

export interface Answer {
  status: number
  body: unknown
}

/**
 * x-idempotency-key (C.1): a repeat with the same body gets the first successful answer again, without acting
 * twice; the same key with another body is refused. The work and its answer are written in one transaction.
 */
export async function idempotent(sim: Sim, req: FastifyRequest, reply: FastifyReply, act: (s: SimWork) => Promise<Answer>): Promise<FastifyReply> {
  const key = req.headers['x-idempotency-key']
  if (typeof key !== 'string' || !key) {
    const answer = await sim.act(act)
    return reply.code(answer.status).send(answer.body)
  }
  const scope = `${req.method} ${req.url.split('?')[0]} ${key}`
  const bodyHash = createHash('sha256')
    .update(JSON.stringify(req.body ?? null))
    .digest('hex')
  const { answer, replay } = await sim.act(async (s) => {
    const seen = await s.cashfree.idempotency.get(scope)
    if (seen && seen.bodyHash !== bodyHash) {
      const body = cfError('a request with this x-idempotency-key was made with a different body', 'request_invalid', 'idempotency_error')
      return { answer: { status: 409, body }, replay: false }
    }
    if (seen) return { answer: seen, replay: true }
    const answer = await act(s)
    // the same key at the same moment elsewhere: the second to commit runs again, and finds the first's answer
    if (answer.status < 300 && !(await s.cashfree.idempotency.add({ scope, bodyHash, ...answer }))) throw new StaleRecord(scope)
    return { answer, replay: false }
  })
  if (replay) reply.header('x-idempotent-replay', 'true')
  return reply.code(answer.status).send(answer.body)
}
