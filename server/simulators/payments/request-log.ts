import type { FastifyInstance, FastifyRequest } from 'fastify'

export interface LoggedRequest {
  seq: number
  at: number
  method: string
  /** the path and query as sent */
  url: string
  /** the route pattern, e.g. /v1/orders/:id */
  route: string
  headers: Record<string, string>
  body: unknown
  status: number | null
}

const MAX_ENTRIES = 2000
const SECRET_HEADERS = new Set(['x-client-secret', 'cookie'])

/** Every provider API call, as tests assert on it (PAYMENTS.md D.2 `GET /__sim/log`); secrets are masked. */
export function createRequestLog() {
  let entries: LoggedRequest[] = []
  let seq = 0
  const byRequest = new WeakMap<FastifyRequest, LoggedRequest>()

  function record(req: FastifyRequest): LoggedRequest {
    const known = byRequest.get(req)
    if (known) return known
    const entry: LoggedRequest = {
      seq: ++seq,
      at: Date.now(),
      method: req.method,
      url: req.url,
      route: req.routeOptions.url ?? req.url,
      headers: maskHeaders(req.headers),
      body: req.body ?? null,
      status: null,
    }
    byRequest.set(req, entry)
    entries.push(entry)
    if (entries.length > MAX_ENTRIES) entries = entries.slice(-MAX_ENTRIES / 2)
    return entry
  }

  return {
    /** hooks for a provider API plugin: recorded once the body is parsed, completed with the status sent */
    attach(app: FastifyInstance) {
      app.addHook('preValidation', async (req) => void record(req))
      app.addHook('onResponse', async (req, reply) => void (record(req).status = reply.statusCode))
    },
    entries: () => entries,
    clear: () => void (entries = []),
  }
}

function maskHeaders(headers: FastifyRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    const text = Array.isArray(value) ? value.join(', ') : value
    if (SECRET_HEADERS.has(name)) out[name] = '[masked]'
    else if (name === 'authorization') out[name] = maskBasic(text)
    else out[name] = text
  }
  return out
}

/** Basic base64(key_id:key_secret) → "Basic key_id:[masked]": the key id is public, the secret is not. */
function maskBasic(value: string): string {
  const m = /^Basic\s+(\S+)$/i.exec(value)
  if (!m) return '[masked]'
  const decoded = Buffer.from(m[1], 'base64').toString('utf8')
  return `Basic ${decoded.split(':')[0]}:[masked]`
}
