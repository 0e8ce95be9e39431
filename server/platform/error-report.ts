import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Outbound } from './outbound'

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

/** Where an error happened: a request (its method and route pattern), a background job, or the process itself. */
export type ErrorPlace = { method: string; route?: string } | { job: string } | { process: 'unhandledRejection' | 'uncaughtException' }

/** Resolves once the report is sent or has failed (a process about to exit waits for it). */
export type ErrorReporter = (err: Error, where: ErrorPlace) => Promise<void>

const transactionOf = (where: ErrorPlace) =>
  'job' in where ? `job ${where.job}` : 'process' in where ? `process ${where.process}` : `${where.method} ${where.route ?? '?'}`

/**
 * Server errors sent to the Sentry-compatible DSN as error events (spec §9): requests' (platform/errors.ts), background
 * jobs' and the process's own (unhandled rejections, main.ts). A report that fails is logged, never the request's
 * problem. The route's pattern only: paths and bodies carry personal data.
 */
export function createErrorReporter(dsn: string | undefined, environment: string, log: FastifyBaseLogger, outbound: Outbound): ErrorReporter | undefined {
  const url = dsn ? envelopeUrl(dsn) : null
  if (!dsn || !url) return undefined
  return (err, where) => {
    const eventId = randomUUID().replaceAll('-', '')
    const event = {
      event_id: eventId,
      timestamp: Date.now() / 1000,
      platform: 'node',
      level: 'error',
      environment,
      transaction: transactionOf(where),
      tags: { kind: 'job' in where ? 'job' : 'process' in where ? 'process' : 'request' },
      exception: {
        values: [
          {
            type: err.name,
            value: err.message,
            stacktrace: { frames: stackFrames(err.stack) },
            mechanism: {
              type: 'process' in where ? `on${where.process[0]!.toUpperCase()}${where.process.slice(1)}` : 'generic',
              handled: !('process' in where),
            },
          },
        ],
      },
    }
    const body = [JSON.stringify({ event_id: eventId, dsn, sent_at: new Date().toISOString() }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join(
      '\n',
    )
    // the operator's DSN (SENTRY_DSN): any address of theirs
    return outbound
      .send(url, 'operator', { method: 'POST', body: new TextEncoder().encode(body), headers: { 'content-type': 'application/x-sentry-envelope' } })
      .then(
        () => {},
        (e) => log.warn({ err: e }, 'the error report could not be sent'),
      )
  }
}

function stackFrames(stack: string | undefined) {
  return (stack ?? '')
    .split('\n')
    .slice(1, 30)
    .map((line) => /at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ function: m[1] ?? '?', filename: m[2], lineno: Number(m[3]), colno: Number(m[4]) }))
    .reverse()
}
