import { DrizzleQueryError } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { databaseErrorOf } from './db-errors'

/**
 * What a log line may carry (SECURITY PR-01): no secrets, and nothing a shopper typed. Request bodies, params and
 * queries are censored wherever a line would hold them; requests are logged by path, without the query string.
 */
export const logOptions = {
  redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]', 'body', 'params', 'query', '*.body', '*.params', '*.query'],
  serializers: { err: serializeError, req: serializeRequest },
}

function serializeRequest(req: FastifyRequest) {
  return { method: req.method, url: req.url.split('?')[0], host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }
}

/**
 * An error says where it failed, and a query error never with what: drizzle's message and `params` hold the SQL
 * parameters (a shopper's phone, address), and PostgreSQL's message and `detail` quote values. Other errors keep
 * type, message, code and stack, not their other fields (request options, bodies, credentials).
 */
export function serializeError(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return err // pino hands over whatever a line's `err` holds
  const type = err.constructor.name
  const stack = err.stack ?? ''
  const db = databaseErrorOf(err)
  if (db || err instanceof DrizzleQueryError) {
    const frames = stack.split('\n').filter((line) => /^\s+at /.test(line))
    return {
      type,
      message: `query failed${db ? ` (${db.code})` : ''}`,
      code: db?.code,
      constraint: db?.constraint,
      table: db?.table,
      column: db?.column,
      stack: frames.join('\n'),
    }
  }
  const code = (err as { code?: unknown }).code
  return {
    type,
    message: err.message,
    code: typeof code === 'string' ? code : undefined,
    stack,
    cause: err.cause instanceof Error ? serializeError(err.cause) : undefined,
  }
}
