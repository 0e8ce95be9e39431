import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { getAnalytics, getMonitoring, getRetention, listClientErrors, saveMonitoring, saveRetention } from '../../../common/contracts/admin-analytics'
import { envelopeUrl, SENTRY_HOSTS } from '../../platform/error-report'
import type { AddressRule, Outbound } from '../../platform/outbound'
import type { AppDeps } from '../../platform/request-context'
import { scheduleJob } from '../../platform/scheduled-job'
import { staffRoutes } from '../../platform/staff'
import { errorsOf, parseEnvelope } from './envelope'
import { decodeBody, readEvents } from './ingest'
import * as q from './queries'
import { retentionJob } from './retention'
import * as service from './service'

/** The analytics proxy path (posthog-js's api_host) and the monitoring tunnel (the Sentry SDK's `tunnel`). */
export const INGEST_PATH = '/ingest'
export const MONITORING_PATH = '/monitoring'
const CAPTURE = /^\/(e|i\/v0\/e|batch|capture|track)\/?$/
const INGEST_BODY_LIMIT = 512 * 1024
const ENVELOPE_BODY_LIMIT = 1024 * 1024

const garbage = (reply: FastifyReply, message: string) => reply.code(422).send({ message, code: 'invalid' })

/**
 * Decision 0037. Neither path is a product call (spec §3): no session, no XSRF header (they carry no one's
 * rights), their own rate limit per IP, their own body limit. With a PostHog host / a DSN configured the body is
 * forwarded as it came; without, what the reports need is stored.
 */
export async function analyticsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config, db, sites, outbound } = deps
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    const rateLimit = { max: config.INGEST_RATE_LIMIT_MAX, timeWindow: '1 minute', allowList: () => false }

    const ingest = async (req: FastifyRequest<{ Params: { '*': string }; Querystring: Record<string, string> }>, reply: FastifyReply) => {
      const rest = `/${req.params['*'] ?? ''}`
      if (config.POSTHOG_HOST) return toPostHog(req, reply, outbound, postHogUrl(config.POSTHOG_HOST, rest, queryOf(req.url)))
      if (req.method !== 'POST' || !CAPTURE.test(rest)) return reply.code(404).send({ message: 'Not found' })
      const site = await sites.resolve(req)
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) return garbage(reply, 'The body is empty')
      let events: ReturnType<typeof readEvents>
      try {
        events = readEvents(decodeBody(req.body, req.query.compression))
      } catch {
        events = null
      }
      if (!events) return garbage(reply, 'The body is not a batch of analytics events')
      await q.insertEvents(db, site.id, events)
      return reply.send({ status: 1 })
    }
    scope.route({
      method: ['GET', 'POST'],
      url: `${INGEST_PATH}/*`,
      schema: { hide: true },
      bodyLimit: INGEST_BODY_LIMIT,
      config: { rateLimit, noSiteContext: true },
      handler: ingest,
    })

    scope.post(MONITORING_PATH, { schema: { hide: true }, bodyLimit: ENVELOPE_BODY_LIMIT, config: { rateLimit, noSiteContext: true } }, async (req, reply) => {
      const site = await sites.resolve(req)
      const dsn = site.monitoringDsn ?? config.SENTRY_DSN
      const target = dsn ? envelopeUrl(dsn) : null
      // the website's own DSN was set by its staff: Sentry's hosts (or the operator's), public addresses only
      if (target) return toSentry(req, reply, outbound, target, site.monitoringDsn ? { hosts: SENTRY_HOSTS } : 'operator')
      const envelope = Buffer.isBuffer(req.body) ? parseEnvelope(req.body) : null
      if (!envelope) return garbage(reply, 'The body is not an error report')
      const errors = errorsOf(envelope).slice(0, 10)
      if (errors.length) await q.insertClientErrors(db, site.id, errors)
      return reply.send({})
    })
  })
  // what the product keeps itself is deleted after each website's retention, by one process an hour
  scheduleJob(app, retentionJob(db, app.log), config.SCHEDULED_JOBS_CHECK_MS)
}

const queryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '')

/**
 * The PostHog address of a path under /ingest, always on the configured host: the path is the browser's, and
 * `/ingest//other.host/` or `/ingest/http://other.host/` must not name another one (nor `..` leave its path).
 */
function postHogUrl(host: string, rest: string, query: string): string | null {
  const base = new URL(host)
  const prefix = base.pathname.replace(/\/$/, '')
  const url = new URL(`${base.origin}${prefix}${rest}${query}`)
  return url.origin === base.origin && url.pathname.startsWith(`${prefix}/`) ? url.href : null
}

const passedOn = (req: FastifyRequest) => {
  const headers: Record<string, string> = {}
  for (const h of ['content-type', 'content-encoding', 'user-agent', 'accept']) {
    const v = req.headers[h]
    if (typeof v === 'string') headers[h] = v
  }
  headers['x-forwarded-for'] = req.ip
  return { method: req.method as 'GET' | 'POST', headers, body: req.method === 'GET' || !Buffer.isBuffer(req.body) ? undefined : new Uint8Array(req.body) }
}

/** The request as it came, to the operator's PostHog host; its answer as the browser's. Unreachable: 502. */
async function toPostHog(req: FastifyRequest, reply: FastifyReply, outbound: Outbound, url: string | null) {
  if (!url) return reply.code(404).send({ message: 'Not found' })
  try {
    const res = await outbound.send(url, 'operator', passedOn(req))
    if (res.truncated) throw new Error('the analytics host answered more than the browser needs')
    const type = res.headers['content-type']
    if (type) reply.type(type)
    return reply.code(res.status).send(res.body)
  } catch (err) {
    req.log.warn({ err }, 'the analytics host did not answer')
    return reply.code(502).send({ message: 'The analytics host did not answer' })
  }
}

/**
 * The envelope as it came, to the DSN's host. What that host answers stays here (the address may be a website's):
 * the browser gets our own answer, 200, 429 when Sentry asks the SDK to wait, else 502.
 */
async function toSentry(req: FastifyRequest, reply: FastifyReply, outbound: Outbound, url: string, rule: AddressRule) {
  try {
    const res = await outbound.send(url, rule, passedOn(req))
    if (res.status >= 200 && res.status < 300) return reply.send({})
    if (res.status === 429) return reply.code(429).header('retry-after', retryAfter(res.headers['retry-after'])).send({})
    req.log.warn({ status: res.status }, 'the monitoring host refused an error report')
  } catch (err) {
    req.log.warn({ err }, 'the error report could not be passed on')
  }
  return reply.code(502).send({ message: 'The error report could not be passed on' })
}

const retryAfter = (value: string | undefined) => (value && /^\d{1,5}$/.test(value) ? value : '60')

/** Page views and browser errors are reports; where errors go and how long data is kept stay full admin's. */
const REPORTS = { permission: 'reports' } as const

/** Administration: page views per day, top pages and searches; the browser errors kept. */
export function analyticsAdminRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin' }, (staff) => {
    staff.read(getAnalytics, (req, ctx) => service.analyticsReport(ctx, req.query.days), REPORTS)
    staff.read(listClientErrors, (_req, ctx) => service.clientErrorList(ctx), REPORTS)
    staff.read(getMonitoring, (_req, ctx) => service.monitoringSettings(ctx))
    staff.write(saveMonitoring, (req, ctx) => service.saveMonitoringSettings(ctx, req.body, app.deps.outbound))
    staff.read(getRetention, (_req, ctx) => service.retentionSettings(ctx))
    staff.write(saveRetention, (req, ctx) => service.saveRetentionSettings(ctx, req.body))
  })
}
