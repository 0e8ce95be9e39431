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

export type ErrorReporter = (err: Error, where: { method: string; route?: string }) => void

/**
 * Server errors sent to the Sentry-compatible DSN as error events (spec §9), fire and forget: a report that
 * fails is logged, never the request's problem. The route's pattern only: paths and bodies carry personal data.
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
      transaction: `${where.method} ${where.route ?? '?'}`,
      exception: { values: [{ type: err.name, value: err.message, stacktrace: { frames: stackFrames(err.stack) } }] },
    }
    const body = [JSON.stringify({ event_id: eventId, dsn, sent_at: new Date().toISOString() }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join(
      '\n',
    )
    // the operator's DSN (SENTRY_DSN): any address of theirs
    outbound
      .send(url, 'operator', { method: 'POST', body: new TextEncoder().encode(body), headers: { 'content-type': 'application/x-sentry-envelope' } })
      .catch((e) => log.warn({ err: e }, 'the error report could not be sent'))
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
