import type { FastifyInstance } from 'fastify'

/**
 * Where an app process is in its life, for the load balancer and for shutdown (issue #16):
 * `migrating` (listening, not yet serving), `ready`, `draining` (SIGTERM: finishing what it has, taking nothing new).
 * Liveness (`/livez`) says only that the process answers; readiness (`/readyz`) says it should be sent traffic:
 * it is ready, and its database answers within a second.
 */
export type Phase = 'migrating' | 'ready' | 'draining'

export interface Lifecycle {
  readonly phase: Phase
  set(phase: Phase): void
  /** background work that shutdown waits for (a job's tick): runs `work` unless draining */
  run<T>(work: () => Promise<T>): Promise<T | undefined>
  /** resolves when no work started by `run` is under way */
  idle(): Promise<void>
}

export function createLifecycle(phase: Phase = 'ready'): Lifecycle {
  const running = new Set<Promise<unknown>>()
  return {
    get phase() {
      return phase
    },
    set(next) {
      phase = next
    },
    async run(work) {
      if (phase !== 'ready') return undefined
      const promise = work()
      running.add(promise)
      try {
        return await promise
      } finally {
        running.delete(promise)
      }
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running])
    },
  }
}

export const HEALTH_PATHS = new Set(['/livez', '/readyz', '/metrics'])

export interface HealthChecks {
  /** answers when the database does, or throws: without it nothing can be served */
  ping(): Promise<void>
  /** what works less well now but still serves (Redis unreachable: limits count per process), named for the operator */
  degraded(): string[]
}

/**
 * `/livez`, `/readyz`, and the 503 every other request gets while migrations run. A degraded process stays ready
 * (200, with `degraded` naming why): every process shares the same Redis, so taking them out of the load balancer
 * for it would stop the shop over something it can do without.
 */
export function registerHealth(app: FastifyInstance, lifecycle: Lifecycle, checks: HealthChecks) {
  const plain = { schema: { hide: true }, config: { noSiteContext: true }, logLevel: 'warn' as const }
  app.get('/livez', plain, async () => ({ status: 'live' }))
  app.get('/readyz', plain, async (_req, reply) => {
    if (lifecycle.phase !== 'ready') return reply.code(503).header('cache-control', 'no-store').send({ status: lifecycle.phase })
    try {
      await checks.ping()
    } catch {
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'database unreachable' })
    }
    const degraded = checks.degraded()
    return reply.header('cache-control', 'no-store').send(degraded.length ? { status: 'ready', degraded } : { status: 'ready' })
  })
  app.addHook('onRequest', async (req, reply) => {
    if (lifecycle.phase === 'migrating' && !HEALTH_PATHS.has(req.url.split('?')[0]))
      return reply.code(503).header('retry-after', '5').send({ message: 'Starting up: please try again in a moment' })
  })
  // Shutdown waits for background work after the last request (app.close() runs onClose hooks after the server closed).
  app.addHook('onClose', () => lifecycle.idle())
}
