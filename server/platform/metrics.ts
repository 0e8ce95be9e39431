import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/**
 * Prometheus metrics (issue #16), one registry per app (tests build many apps in one process). The platform's own:
 * requests by route (rate, latency, server errors), database pool and query time, cache hits. Features add theirs
 * (outbox and job lag, payment webhook outcomes) through `app.metrics`. Served at /metrics to a caller with
 * `Authorization: Bearer $METRICS_TOKEN`; without a token configured the path is not there.
 */
export function createMetrics() {
  const registry = new Registry()
  const prefix = 'storefront_'
  const httpRequests = new Counter({
    name: `${prefix}http_requests_total`,
    help: 'Requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const httpDuration = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Time to answer a request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const httpErrors = new Counter({
    name: `${prefix}http_server_errors_total`,
    help: 'Requests answered with a 5xx status, by route',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  })
  const dbQueries = new Histogram({
    name: `${prefix}db_query_duration_seconds`,
    help: 'Time of each database statement (every one sent, on PostgreSQL or the embedded database; _count is their number), by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  })
  const cacheLookups = new Counter({
    name: `${prefix}cache_lookups_total`,
    help: 'In-process cache lookups, by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  })
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name: `${prefix}${name}`, help, labelNames, registers: [registry] })
  return {
    registry,
    httpRequests,
    httpDuration,
    httpErrors,
    dbQueries,
    cacheLookups,
    /** orders made, by channel: online (checkout) or counter (the shop's point of sale); never a replayed request */
    ordersPlaced: counter('orders_placed_total', 'Orders placed, by channel (online checkout, counter sale); a replayed request is not counted', ['channel']),
    /** sign-in (and agent consent) codes handed to the SMS or email provider, by channel and outcome */
    signInCodes: counter('sign_in_codes_total', 'Sign-in codes handed to a provider, by channel (sms, email) and outcome (sent, failed)', [
      'channel',
      'outcome',
    ]),
    rateLimited: counter('http_rate_limited_total', 'Requests refused with 429 (a rate limit), by route', ['route']),
    cacheBusChanges: counter('cache_bus_changes_total', 'Times the cache bus came up (listening) or went down (caching off until it is up)', ['to']),
    cacheEvictions: counter('cache_evictions_total', 'Entries pushed out of an in-process cache to keep within its byte budget, by cache', ['cache']),
    catalogueRebuilds: counter('catalogue_rebuilds_total', "A website's catalogue index (shelf, categories and brands) built again in this process, by index", [
      'index',
    ]),
    counter,
    gauge: <L extends string>(name: string, help: string, labelNames: readonly L[], collect?: (this: Gauge<L>) => void | Promise<void>) =>
      new Gauge<L>({ name: `${prefix}${name}`, help, labelNames, registers: [registry], collect }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>

/**
 * Times every request by its route pattern (never the path itself: ids and slugs would make endless series). A page
 * rendered on the server is labelled with the web client's own pattern (`/product/:slug`, set by server/web/serve.ts
 * in `req.metricsRoute`), not with the one catch-all route that serves them all.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  options: { token?: string; poolStats: () => { total: number; idle: number; waiting: number } },
) {
  metrics.gauge('db_pool_connections', 'Database connections by state (in use, idle, callers waiting for one)', ['state'], function () {
    const { total, idle, waiting } = options.poolStats()
    this.set({ state: 'in_use' }, total - idle)
    this.set({ state: 'idle' }, idle)
    this.set({ state: 'waiting' }, waiting)
  })
  app.addHook('onResponse', async (req, reply) => {
    const route = req.metricsRoute ?? req.routeOptions.url ?? 'unmatched'
    if (route === '/metrics') return
    const labels = { method: req.method, route }
    metrics.httpRequests.inc({ ...labels, status: String(reply.statusCode) })
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000)
    if (reply.statusCode >= 500) metrics.httpErrors.inc(labels)
    if (reply.statusCode === 429) metrics.rateLimited.inc({ route })
  })
  const token = options.token
  if (!token) return
  collectDefaultMetrics({ register: metrics.registry, prefix: 'storefront_' })
  const expected = Buffer.from(`Bearer ${token}`)
  app.get('/metrics', { schema: { hide: true }, config: { noSiteContext: true }, logLevel: 'warn' }, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '')
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Metrics need the metrics token' })
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics())
  })
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
  interface FastifyRequest {
    /** the route label of a request served by a catch-all route (a server-rendered page's own pattern) */
    metricsRoute?: string
  }
}
