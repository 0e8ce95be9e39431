import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { config as zodConfig } from 'zod/mini'
import { inShopWords } from '../common/contracts/issue-messages'
import { API_BASE } from '../common/contracts/http'
import type { Config } from './config'
import type { Database } from './db/client'
import { accountsRoutes } from './features/accounts/routes'
import { staffAdminRoutes } from './features/accounts/staff-routes'
import { customerAdminRoutes } from './features/accounts/customer-routes'
import { countedDelivery, createOtpDelivery, type OtpDelivery } from './features/accounts/otp-delivery/index'
import { userOnWebsite } from './features/accounts/service'
import { cartRoutes } from './features/cart/routes'
import { dashboardRoutes } from './features/dashboard/routes'
import { paymentAdminRoutes } from './features/payments/admin-routes'
import { auditRoutes } from './features/audit/routes'
import { catalogueAdminRoutes } from './features/catalogue/admin-routes'
import { catalogueCsvRoutes } from './features/catalogue/csv-routes'
import { stockAdminRoutes } from './features/stock/routes'
import { purchaseAdminRoutes } from './features/purchases/routes'
import { couponAdminRoutes } from './features/coupons/admin-routes'
import { deliveryAdminRoutes } from './features/delivery/admin-routes'
import { catalogueRoutes } from './features/catalogue/routes'
import { outboxHandlers, startOrderJobs } from './features/checkout/jobs'
import { checkoutRoutes } from './features/checkout/routes'
import { couponRoutes } from './features/coupons/routes'
import { deliveryRoutes } from './features/delivery/routes'
import { mediaRoutes } from './features/media/routes'
import { mediaAdminRoutes } from './features/media/admin-routes'
import { configureImageWork } from './features/media/sharp'
import { invoiceRoutes } from './features/invoices/routes'
import { orderRoutes } from './features/orders/routes'
import { pageAdminRoutes, pageRoutes } from './features/pages/routes'
import { posRoutes } from './features/pos/routes'
import { khataRoutes } from './features/khata/routes'
import { createPaymentProviders, type PaymentProviders } from './features/payments/providers/registry'
import { providersFor } from './features/payments/service'
import { describePayments } from './platform/payments-config'
import { paymentsSimulator } from './simulators/payments/plugin'
import { messagesSimulator } from './simulators/messages/plugin'
import { appMessenger } from './features/messages/setup'
import { messageWebhookRoutes } from './features/messages/webhook-routes'
import { messageRoutes } from './features/messages/routes'
import { sessionRoutes } from './features/session/routes'
import { sessionVisitors } from './features/session/service'
import { agentRoutes } from './features/agents/routes'
import { actingVisitors } from './features/agents/service'
import { siteSettingsAdminRoutes } from './features/site-settings/admin-routes'
import { siteSettingsRoutes } from './features/site-settings/routes'
import { tlsAskRoutes } from './features/site-settings/tls-ask-routes'
import { websiteFinder } from './features/site-settings/service'
import { wishlistRoutes } from './features/wishlist/routes'
import { reportRoutes } from './features/reports/routes'
import { analyticsAdminRoutes, analyticsRoutes } from './features/analytics/routes'
import { registerApiDocs } from './platform/api-docs'
import { createAppCaches } from './platform/cache'
import { createCacheBus } from './platform/cache-bus'
import { registerErrorHandling } from './platform/errors'
import { createErrorReporter } from './platform/error-report'
import { createLifecycle, type Lifecycle, registerHealth } from './platform/lifecycle'
import { logOptions } from './platform/log'
import { createMetrics, type Metrics, registerMetrics } from './platform/metrics'
import { createOutbound, type ResolveHost } from './platform/outbound'
import { sharedOrLocalStore } from './platform/rate-limit-store'
import { watchedRedis } from './platform/redis'
import { registerSecurityHeaders, securityHeaders } from './platform/security-headers'
import { isApiCall, registerRequestContext } from './platform/request-context'
import { registerCacheHeaders } from './platform/cache-headers'
import type { Reads } from './platform/route'
import { createSiteResolver } from './platform/site-context'
import { registerStaffSeam } from './platform/staff'
import { registerWeb } from './web/serve'
import { COMPILED } from './platform/release'
import { createWorkerPool, type WorkerPool } from './platform/worker-pool'
import type { WorkerTasks } from './workers'

// The web client carries no message catalogue; the server answers in the shop's words for checks without their own
// text, naming the field and how to put it right (common/contracts/issue-messages.ts).
zodConfig({ localeError: inShopWords })

export interface AppOptions {
  config: Config
  /** the database, and what other connections to it need (cache invalidations between app processes) */
  database: Database
  /** serve the built web client (dist/); API tests leave it off */
  web?: boolean
  /** where sign-in codes go instead of the configured provider (tests) */
  otpDelivery?: OtpDelivery
  /** where log lines go instead of stdout (tests that read the log) */
  logStream?: { write(line: string): void }
  /** the process's phase for /readyz and shutdown (main.ts); tests get one that is ready */
  lifecycle?: Lifecycle
  /** main.ts makes them before the database, whose query times they count */
  metrics?: Metrics
  /** tests: names of outbound calls resolved by this instead of DNS (platform/outbound.ts) */
  resolveHost?: ResolveHost
}

/** Builds the whole app without listening (STYLE rule 25): tests inject into it, main.ts listens. */
export async function buildApp({
  config,
  database,
  web = false,
  otpDelivery,
  logStream,
  lifecycle = createLifecycle(),
  metrics = createMetrics(),
  resolveHost,
}: AppOptions): Promise<FastifyInstance> {
  const db = database.db
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...logOptions,
      ...(logStream ? { stream: logStream } : {}),
    },
    // Only the configured proxy's X-Forwarded-For/-Proto/-Host are believed: req.ip is what every per-address limit,
    // log line and analytics event uses, and anyone can send the header.
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // Every log line of a request carries its id, and so does the answer (x-request-id) and a staff call's audit rows.
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 300 },
    // The router's own refusals (a bad %-encoding, an over-long path) answer in our error shape too.
    frameworkErrors: (err, _req, reply) => {
      const status = err.code === 'FST_ERR_BAD_URL' ? 400 : (err.statusCode ?? 400)
      ;(reply as FastifyReply).code(status).send({ message: status === 414 ? 'The address is too long' : 'The address is not valid' })
    },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // A cross-site form can send text/plain; only JSON bodies are accepted (SECURITY CS-05).
  app.removeContentTypeParser('text/plain')

  app.decorate('metrics', metrics)
  app.decorate('lifecycle', lifecycle)
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })
  const bus = await createCacheBus({ database, redisUrl: config.REDIS_URL, log: app.log, changed: (to) => metrics.cacheBusChanges.inc({ to }) })
  app.addHook('onClose', () => bus.close())
  // Several app processes share one rate-limit count through Redis; one process counts in memory.
  const rateRedis = config.REDIS_URL ? watchedRedis(config.REDIS_URL, app.log, 'rate limits count in each process alone until it answers') : undefined
  if (rateRedis) app.addHook('onClose', () => rateRedis.close())
  registerHealth(app, lifecycle, {
    ping: () => database.ping(),
    degraded: () => [...(rateRedis && !rateRedis.up() ? ['redis unreachable'] : []), ...(bus.live() ? [] : ['cache invalidations not received'])],
  })
  registerMetrics(app, metrics, { token: config.METRICS_TOKEN, poolStats: database.poolStats })
  database.meter((seconds, failed) => metrics.dbQueries.observe({ outcome: failed ? 'error' : 'ok' }, seconds))
  metrics.gauge('cache_bus_up', 'Whether cache invalidations from other processes are received (1) or not (0: caching is off)', [], function () {
    this.set(bus.live() ? 1 : 0)
  })
  if (rateRedis)
    metrics.gauge('redis_up', 'Whether Redis answers (1) or not (0: rate limits count in each process alone)', [], function () {
      this.set(rateRedis.up() ? 1 : 0)
    })
  const caches = createAppCaches(bus, metrics, config.CACHE_MB * 1024 * 1024)
  // The platform imports no feature: the features that know websites, sessions and users are plugged in here.
  const sites = createSiteResolver(websiteFinder(db), config.NODE_ENV === 'production', bus, {
    maxBytes: caches.websitesBytes,
    counted: (hit) => metrics.cacheLookups.inc({ cache: 'websites', result: hit ? 'hit' : 'miss' }),
  })
  // Every call to an address a website's staff can set goes through it (decision 0042).
  const outbound = createOutbound({
    allowHosts: config.OUTBOUND_ALLOW_HOSTS,
    allowPrivate: config.OUTBOUND_ALLOW_PRIVATE === '1',
    resolve: resolveHost,
  })
  app.addHook('onClose', async () => outbound.close())
  const deps = { db, config, caches, sites, outbound, visitors: actingVisitors(sessionVisitors(userOnWebsite)) }
  app.decorate('deps', deps)
  app.decorate('reads', new Map() as Reads)
  // The process's payment providers (STYLE rule 9), for checkout, the counter's UPI QR and the staff's connection test;
  // each website's own keys are laid over them per call (providersFor).
  app.decorate('payments', createPaymentProviders(config))
  // CPU-heavy steps (PDFs, the catalogue CSV's reading and planning) in worker threads (server/workers.ts); the compiled server's module sits next to main.js
  const workers = createWorkerPool<WorkerTasks>({
    filename: COMPILED ? path.join(path.dirname(process.argv[1] ?? '.'), 'workers.js') : fileURLToPath(new URL('./workers-from-sources.mjs', import.meta.url)),
    threads: config.WORKER_THREADS,
    maxQueue: config.WORKER_QUEUE,
  })
  app.decorate('workers', workers)
  // Pictures: sharp's work is native, off the event loop, but one 50-megapixel decode takes ~200 MB and libuv threads
  configureImageWork({ atOnce: config.IMAGE_DECODES, queue: config.IMAGE_QUEUE })
  app.addHook('onClose', async () => workers.close())
  const sitePayments = (websiteId: number, made?: { provider: string; account: string | null }) => providersFor(db, config, app.payments, websiteId, made)

  await app.register(cookie)
  // The counter and a khata's shared statement also show Razorpay's dynamic UPI QR from the image Razorpay hosts
  // (decisions 0027, 0047; the simulator's stand-in in simulator mode).
  const qrImages = ['https://rzp.io', 'https://*.razorpay.com']
  if (config.PAYMENTS_MODE === 'simulator' && config.RAZORPAY_API_BASE) qrImages.push(new URL(config.RAZORPAY_API_BASE).origin)
  registerSecurityHeaders(app, securityHeaders(config), [
    { path: '/pos', headers: securityHeaders(config, { scriptSrc: ["'wasm-unsafe-eval'"], imgSrc: qrImages }) },
    { path: '/khata', headers: securityHeaders(config, { imgSrc: qrImages }) },
  ])
  // Pages and API answers for browsers that ask; built assets are compressed ahead of time (server/web/serve.ts).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } })
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    // counted per process while Redis does not answer: never not at all
    store: rateRedis ? sharedOrLocalStore(rateRedis) : undefined,
    timeWindow: '1 minute',
    allowList: (req) => !isApiCall(req),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  })
  await registerApiDocs(app)

  const reportError = createErrorReporter(config.SENTRY_DSN, config.APP_ENVIRONMENT, app.log, outbound)
  // the reports still on their way leave before the app closes
  if (reportError) app.addHook('onClose', () => reportError.close())
  registerErrorHandling(app, reportError)
  registerRequestContext(app, deps)
  registerCacheHeaders(app)
  registerStaffSeam(app)

  // sign-in codes, agents' consent codes and order notices go through the same providers: WhatsApp and DLT SMS
  // (server/features/messages), Twilio SMS, email
  const messenger = appMessenger(app)
  app.decorate('messages', messenger)
  const delivery = countedDelivery(otpDelivery ?? createOtpDelivery(config, app.log, messenger), (channel, outcome) =>
    metrics.signInCodes.inc({ channel, outcome }),
  )
  sessionRoutes(app)
  await accountsRoutes(app, { otpDelivery: delivery })
  siteSettingsRoutes(app)
  // the TLS proxy's question before it makes a certificate for a shop's domain (deploy/Caddyfile)
  tlsAskRoutes(app)
  catalogueRoutes(app)
  pageRoutes(app)
  deliveryRoutes(app)
  cartRoutes(app)
  couponRoutes(app)
  wishlistRoutes(app)
  await checkoutRoutes(app)
  await orderRoutes(app)
  await invoiceRoutes(app)
  mediaRoutes(app, { db, caches })
  // Analytics and browser-error proxy paths on the product's own origin (spec §9; not product calls)
  await analyticsRoutes(app, deps)
  // Staff calls (/s/api/admin/…): server/platform/staff.ts
  await catalogueAdminRoutes(app)
  await catalogueCsvRoutes(app)
  await stockAdminRoutes(app)
  await purchaseAdminRoutes(app)
  await couponAdminRoutes(app)
  await deliveryAdminRoutes(app)
  await mediaAdminRoutes(app)
  await pageAdminRoutes(app)
  await auditRoutes(app)
  await staffAdminRoutes(app)
  await customerAdminRoutes(app)
  await dashboardRoutes(app)
  await agentRoutes(app, { otpDelivery: delivery })
  await reportRoutes(app)
  await analyticsAdminRoutes(app)
  await paymentAdminRoutes(app)
  await siteSettingsAdminRoutes(app)
  // The shop counter (/s/api/pos/…)
  await posRoutes(app, { otpDelivery: delivery })
  // The khata, customers' credit books (/s/api/admin/khata…, /s/api/account/khata)
  await khataRoutes(app)
  // Background work: unpaid holds released, the outbox (notices, refunds at the provider, counter receipts) drained.
  startOrderJobs(app, outboxHandlers(app, sitePayments, delivery), sitePayments)
  app.log.info(describePayments(config))
  // The built-in payment simulator (CONTRACT "Payments"); config refuses this mode in production.
  if (config.PAYMENTS_MODE === 'simulator') await app.register(paymentsSimulator, { config, database })
  // The providers' delivery reports, and the built-in messages simulator (refused in production like the payment one).
  await messageWebhookRoutes(app, { messenger })
  await messageRoutes(app)
  if (config.MESSAGES_MODE === 'simulator') await messagesSimulator(app, { config, database })

  // Unknown calls are a route of their own, whatever the method: JSON, counted by the rate limit, and never a page
  // (the web client's /* route is less specific).
  app.all(`${API_BASE}/*`, { schema: { hide: true }, config: { noSiteContext: true } }, async (req, reply) => reply.code(404).send(noSuchCall(req)))
  app.setNotFoundHandler((req, reply) => reply.code(404).send(web ? { message: 'Not found' } : noSuchCall(req)))
  if (web) await registerWeb(app, deps)
  return app
}

/**
 * Fastify's trustProxy for TRUST_PROXY: the proxies' addresses as they are; a hop count as "the nearest `hops`
 * addresses are proxies", whoever they are (Fastify 5 takes a bare number as trusting no one).
 */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  if (setting === undefined) return false
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting
}

const noSuchCall = (req: FastifyRequest) => ({ message: `No such call: ${req.method} ${req.url.split('?')[0]}` })

declare module 'fastify' {
  interface FastifyInstance {
    deps: import('./platform/request-context').AppDeps
    lifecycle: Lifecycle
    /** the payment providers of this process; tests listening on a port point them at it */
    payments: PaymentProviders
    /** the worker threads for CPU-heavy steps (server/workers.ts) */
    workers: WorkerPool<WorkerTasks>
  }
}
