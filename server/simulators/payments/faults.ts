import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'

const int = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max))

/** `POST /__sim/faults` (PAYMENTS.md D.2): what goes wrong with the next calls to one route. */
export const FaultSpec = z.object({
  route: z.string().check(z.regex(/^(GET|POST|PATCH|PUT|DELETE) \/\S+$/)),
  mode: z.enum(['delay', 'status', 'reset', 'hang', 'succeed_then_timeout']),
  ms: z.optional(int(0, 600_000)),
  status: z.optional(int(400, 599)),
  times: z._default(int(1, 1000), 1),
})
export type Fault = z.infer<typeof FaultSpec>

const HOLD_MS = 120_000

/**
 * Faults apply before the handler (delay, status, reset, hang) or after it (succeed_then_timeout: the work is
 * committed but the answer never comes: the case idempotent retries exist for). Anything held is let go on close.
 */
export function createFaults() {
  let faults: Fault[] = []
  const releases = new Set<() => void>()
  const swallowed = new WeakMap<FastifyRequest, Fault>()

  function take(req: FastifyRequest): Fault | undefined {
    const path = req.url.split('?')[0]
    const keys = new Set([`${req.method} ${req.routeOptions.url}`, `${req.method} ${path}`])
    const fault = faults.find((f) => keys.has(f.route))
    if (!fault) return undefined
    fault.times -= 1
    if (fault.times <= 0) faults = faults.filter((f) => f !== fault)
    return fault
  }

  function hold(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer)
        releases.delete(release)
        resolve()
      }
      const timer = setTimeout(release, ms)
      releases.add(release)
    })
  }

  return {
    add: (fault: Fault) => void faults.push(fault),
    list: () => faults,
    clear: () => void (faults = []),
    releaseAll: () => [...releases].forEach((release) => release()),

    attach(app: FastifyInstance, errorBody: (status: number) => unknown) {
      app.addHook('preHandler', async (req, reply) => {
        const fault = take(req)
        if (!fault) return
        if (fault.mode === 'delay') return void (await hold(fault.ms ?? 1000))
        if (fault.mode === 'succeed_then_timeout') return void swallowed.set(req, fault)
        if (fault.mode === 'status') return reply.code(fault.status ?? 500).send(errorBody(fault.status ?? 500))
        reply.hijack()
        if (fault.mode === 'hang') await hold(fault.ms ?? HOLD_MS)
        req.raw.socket.destroy()
        return reply
      })
      app.addHook('onSend', async (req, _reply, payload) => {
        const fault = swallowed.get(req)
        if (!fault) return payload
        await hold(fault.ms ?? HOLD_MS)
        req.raw.socket.destroy()
        return payload
      })
    },
  }
}
