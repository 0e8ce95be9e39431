import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { databaseBusy, databaseErrorOf } from './db-errors'
import type { ErrorPlace, ErrorReporter } from './error-report'

export type ErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'stale' | 'payment' | 'too_large' | 'too_many' | 'busy'

const STATUS: Record<ErrorKind, number> = {
  invalid: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** a save based on an old version of the record (platform/versioned.ts) */
  stale: 409,
  payment: 402,
  /** an upload over its size limit */
  too_large: 413,
  too_many: 429,
  /** nothing was done: try again in a moment (Retry-After) */
  busy: 503,
}

/** The one error type: an HTTP status and a message a shopper can read. */
export class AppError extends Error {
  readonly status: number
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** more of the answer's body, e.g. the current record of a stale save */
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
    this.status = STATUS[kind]
  }
}

export const notFound = (message = 'Not found') => new AppError('not_found', message)
export const invalid = (message: string, fieldErrors?: Record<string, string>) => new AppError('invalid', message, fieldErrors)

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what a busy answer (503) of this route tells the caller, when the generic BUSY does not say it best */
    busy?: string
  }
}

export const BUSY = 'The shop is very busy right now: please try again in a moment'
/** how long a busy answer asks the caller to wait before trying again */
export const BUSY_RETRY_AFTER_SECONDS = 2

/** `report`: where server errors (500) are also sent (platform/error-report.ts), when a DSN is configured */
export function registerErrorHandling(app: FastifyInstance, report?: ErrorReporter) {
  // background jobs and the process report theirs through app.reportError (nothing to do without a DSN)
  app.decorate('reportError', (err: unknown, where: ErrorPlace) => (report ? report(asError(err), where) : Promise.resolve()))
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.kind === 'busy') reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
      return reply.code(err.status).send({ message: err.message, code: err.kind, errors: err.fieldErrors, ...err.details })
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {}
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'request'
        errors[key] ??= issue.message ?? 'Invalid value'
      }
      const first = Object.entries(errors)[0]
      return reply.code(422).send({ message: first ? first[1] : 'Invalid input', code: 'invalid', errors })
    }
    // The route's pattern, not its URL: paths and query strings carry what shoppers typed.
    const where = { method: req.method, route: req.routeOptions.url }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, ...where }, 'response did not match its contract')
      return reply.code(500).send({ message: 'Something went wrong' })
    }
    // Many requests after the same rows at once (a hot pack's stock row): nothing was written, and the same request
    // can come again in a moment (a checkout's idempotency key, a counter sale's client id). Never a 500.
    const busy = databaseBusy(err)
    if (busy) {
      req.log.warn({ err, ...where, sqlstate: busy }, 'the database was too busy for the request: answered 503')
      return reply
        .code(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send({ message: req.routeOptions.config?.busy ?? BUSY, code: 'busy' })
    }
    if (UNSTORABLE_TEXT.has(databaseErrorOf(err)?.code ?? '')) {
      req.log.warn({ err, ...where }, 'the database refused text that a contract let through')
      return reply.code(422).send({ message: 'The request contains characters that are not allowed', code: 'invalid' })
    }
    const status = err.statusCode ?? 500
    if (status < 500) {
      return reply.code(status).send({ message: clientMessage(err, status), code: err.code })
    }
    req.log.error({ err, ...where }, 'request failed')
    void report?.(err, { ...where, requestId: req.id })
    return reply.code(500).send({ message: 'Something went wrong' })
  })
}

/**
 * The process's own errors (main.ts): an unhandled rejection is logged and reported, and the process goes on (as
 * Sentry's SDK does by default: one forgotten promise should not stop every shopper's requests); an uncaught
 * exception is logged and reported, and the process exits 1 once the report is sent (at most 2 s), since its state
 * is no longer known. Returns the listeners' removal.
 */
export function reportProcessErrors(app: FastifyInstance, exit: (code: number) => void = process.exit, target: Pick<NodeJS.Process, 'on' | 'off'> = process) {
  const onRejection = (reason: unknown) => {
    app.log.error({ err: reason }, 'unhandled promise rejection')
    void app.reportError(reason, { process: 'unhandledRejection' })
  }
  const onException = (err: Error) => {
    app.log.fatal({ err }, 'uncaught exception: exiting')
    setTimeout(() => exit(1), 2000).unref()
    void app.reportError(err, { process: 'uncaughtException' }).finally(() => exit(1))
  }
  target.on('unhandledRejection', onRejection)
  target.on('uncaughtException', onException)
  return () => {
    target.off('unhandledRejection', onRejection)
    target.off('uncaughtException', onException)
  }
}

/** What was thrown, as an Error (a rejection may carry anything). */
const asError = (thrown: unknown): Error =>
  thrown instanceof Error ? thrown : new Error(typeof thrown === 'string' ? thrown : (JSON.stringify(thrown) ?? String(thrown)))

declare module 'fastify' {
  interface FastifyInstance {
    /** sends an error of a background job or of the process to the DSN when one is configured (platform/error-report.ts) */
    reportError(err: unknown, where: ErrorPlace): Promise<void>
  }
}

/** SQLSTATEs of text the database cannot store (invalid byte sequence, e.g. U+0000): the request's fault. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05'])

function clientMessage(err: FastifyError, status: number) {
  if (status === 415) return 'Send the request body as application/json'
  if (status === 413) return 'The request body is too large'
  if (status === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'The request body is not valid JSON'
  return err.message
}
