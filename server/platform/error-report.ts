import type { NodeClient, NodeOptions } from '@sentry/node'
import type { FastifyBaseLogger } from 'fastify'
import type { Outbound, OutboundAnswer } from './outbound'
import { RELEASE } from './release'

/**
 * Where a website's own DSN may send its reports: Sentry's ingest hosts (its DSNs name `o….ingest[.us|.de].sentry.io`,
 * older ones `sentry.io`), and the hosts the operator adds with OUTBOUND_ALLOW_HOSTS (decision 0042).
 */
export const SENTRY_HOSTS = ['*.ingest.sentry.io', '*.ingest.us.sentry.io', '*.ingest.de.sentry.io', 'sentry.io'] as const

/** The envelope endpoint of a Sentry-compatible DSN (https://KEY@HOST/PROJECT), or null when it is not one. */
export function envelopeUrl(dsn: string): string | null {
  try {
    const u = new URL(dsn)
    const project = u.pathname.split('/').filter(Boolean).pop()
    if (!u.username || !project || (u.protocol !== 'https:' && u.protocol !== 'http:')) return null
    const prefix = u.pathname.slice(0, u.pathname.lastIndexOf('/'))
    return `${u.protocol}//${u.host}${prefix}/api/${project}/envelope/?sentry_key=${u.username}&sentry_version=7`
  } catch {
    return null
  }
}

/** Where an error happened: a request (its method, route pattern and id), a background job, or the process itself. */
export type ErrorPlace = { method: string; route?: string; requestId?: string } | { job: string } | { process: 'unhandledRejection' | 'uncaughtException' }

/** Resolves once the report is sent or has failed (a process about to exit waits for it). */
export type ErrorReporter = (err: Error, where: ErrorPlace) => Promise<void>

/** How long a report may take to leave, at most: an exiting process waits for it (platform/errors.ts). */
const SEND_WAIT_MS = 2000

type Sdk = typeof import('@sentry/node')

/**
 * Server errors sent to the Sentry-compatible DSN by the official SDK (@sentry/node, decision 0053): requests' 500s
 * (platform/errors.ts), background jobs' failures and the process's own (unhandled rejections, uncaught exceptions).
 * A client of its own, not `Sentry.init`: nothing global is patched or listened to (no tracing, no http/fetch/console
 * wrappers, no process handlers: ours decide when the process exits), and every app built in a process (tests) has
 * its own DSN. Its envelopes leave through our outbound calls (platform/outbound.ts). A report that fails is logged,
 * never the request's problem. No personal data: no request data, cookies or bodies; the route's pattern only.
 * The SDK is loaded only when a DSN is set (about 45 MB and 0.4 s), while the app starts; a report made before that
 * waits for it.
 */
export function createErrorReporter(
  dsn: string | undefined,
  environment: string,
  log: FastifyBaseLogger,
  outbound: Outbound,
): (ErrorReporter & { close(): Promise<void> }) | undefined {
  if (!dsn || !envelopeUrl(dsn)) return undefined
  // never rejects: a report must not become an unhandled rejection, which would be reported in turn
  const started = import('@sentry/node')
    .then((sdk) => ({ sdk, client: startClient(sdk, { dsn, environment, transport: outboundTransport(sdk, outbound, log) }) }))
    .catch((err: unknown) => {
      log.error({ err }, 'the error reporting SDK could not be started: server errors are only logged')
      return null
    })
  const report: ErrorReporter = async (err, where) => {
    const sentry = await started
    if (!sentry) return
    const scope = new sentry.sdk.Scope()
    scope.setClient(sentry.client)
    scope.setTransactionName(transactionOf(where))
    scope.setTags(tagsOf(where))
    const handled = !('process' in where)
    const mechanism = { type: handled ? 'generic' : `auto.node.on${where.process.toLowerCase()}`, handled }
    scope.captureException(err, { mechanism })
    await sentry.client.flush(SEND_WAIT_MS)
  }
  const close = async () => void (await (await started)?.client.close(SEND_WAIT_MS))
  return Object.assign(report, { close })
}

function startClient(sdk: Sdk, options: { dsn: string; environment: string; transport: NonNullable<NodeOptions['transport']> }): NodeClient {
  const client = new sdk.NodeClient({
    ...options,
    release: RELEASE,
    // no personal data (what `sendDefaultPii: false` asked of earlier versions): no user, cookies, headers, bodies, queries
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      stackFrameVariables: false,
    },
    tracesSampleRate: undefined,
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    sendClientReports: false,
    stackParser: sdk.defaultStackParser,
    // what an error event needs, and nothing that patches modules or listens to the process
    integrations: [sdk.linkedErrorsIntegration(), sdk.dedupeIntegration(), sdk.nodeContextIntegration(), sdk.contextLinesIntegration()],
  })
  client.init()
  return client
}

const transactionOf = (where: ErrorPlace) =>
  'job' in where ? `job ${where.job}` : 'process' in where ? `process ${where.process}` : `${where.method} ${where.route ?? '?'}`

function tagsOf(where: ErrorPlace): Record<string, string> {
  if ('job' in where) return { kind: 'job', job: where.job }
  if ('process' in where) return { kind: 'process' }
  return { kind: 'request', method: where.method, route: where.route ?? '?', ...(where.requestId ? { request_id: where.requestId } : {}) }
}

/**
 * The SDK's envelopes, posted through our outbound calls (the operator's DSN, SENTRY_DSN: any address of theirs, a
 * short timeout, the answer capped): Sentry's rate-limit answers are handed back to the SDK, failures logged.
 */
const outboundTransport =
  (sdk: Sdk, outbound: Outbound, log: FastifyBaseLogger): NonNullable<NodeOptions['transport']> =>
  (options) =>
    sdk.createTransport(options, async ({ body }) => {
      const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
      try {
        const answer = await outbound.send(options.url, 'operator', {
          method: 'POST',
          body: bytes,
          headers: { 'content-type': 'application/x-sentry-envelope' },
        })
        if (answer.status >= 400) log.warn({ status: answer.status }, 'the error report was refused by the DSN host')
        return {
          statusCode: answer.status,
          headers: { 'x-sentry-rate-limits': headerOf(answer, 'x-sentry-rate-limits'), 'retry-after': headerOf(answer, 'retry-after') },
        }
      } catch (e) {
        log.warn({ err: e }, 'the error report could not be sent')
        throw e
      }
    })

const headerOf = (answer: OutboundAnswer, name: string) => {
  const value = answer.headers[name]
  return Array.isArray(value) ? value[0] : (value ?? null)
}
