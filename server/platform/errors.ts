import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'

export type ErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'stale' | 'payment' | 'too_many'

const STATUS: Record<ErrorKind, number> = {
  invalid: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** a save based on an old version of the record (platform/versioned.ts) */
  stale: 409,
  payment: 402,
  too_many: 429,
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
export const forbidden = (message: string) => new AppError('forbidden', message)
export const invalid = (message: string, fieldErrors?: Record<string, string>) => new AppError('invalid', message, fieldErrors)

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
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
    if (isResponseSerializationError(err)) {
      req.log.error({ err, method: req.method, url: req.url }, 'response did not match its contract')
      return reply.code(500).send({ message: 'Something went wrong' })
    }
    const status = err.statusCode ?? 500
    if (status < 500) {
      return reply.code(status).send({ message: clientMessage(err, status), code: err.code })
    }
    req.log.error({ err, method: req.method, url: req.url, params: req.params, query: req.query }, 'request failed')
    return reply.code(500).send({ message: 'Something went wrong' })
  })
}

function clientMessage(err: FastifyError, status: number) {
  if (status === 415) return 'Send the request body as application/json'
  if (status === 413) return 'The request body is too large'
  if (status === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'The request body is not valid JSON'
  return err.message
}
