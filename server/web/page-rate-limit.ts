import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Page loads per client (IP address) and minute, counted in a bucket of their own: a client over the limit gets
 * a small 429 page with Retry-After, and no other client notices. Pages make no API calls, so they never spend
 * the API's per-IP limit either.
 */
export function pageRateLimit(app: FastifyInstance, max: number) {
  const count = app.createRateLimit({
    max,
    timeWindow: 60_000,
    // Not the API limiter's allow-list (which lets everything but /s/api/ through).
    allowList: () => false,
    keyGenerator: (req) => `page:${normalizeIP(req.ip)}`,
  })
  return async function limitPageLoads(req: FastifyRequest, reply: FastifyReply) {
    const limit = await count(req)
    if (limit.isAllowed || !limit.isExceeded) return
    return reply
      .code(429)
      .header('Retry-After', String(limit.ttlInSeconds))
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(tooManyPage(limit.ttlInSeconds))
  }
}

const tooManyPage = (seconds: number) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many requests</title><h1>Too many requests</h1><p>This address has loaded too many pages in a short time. Please try again in ${seconds} seconds.</p></html>`
