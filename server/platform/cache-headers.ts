import type { FastifyInstance } from 'fastify'
import { isApiCall } from './request-context'

/**
 * CONTRACT: answers for signed-in users (or anything tied to a session) are private and never stored;
 * public answers that depend on the website say so with Vary.
 */
export function registerCacheHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (!isApiCall(req)) return
    if (req.ctx?.session || req.ctx?.user || reply.getHeader('set-cookie')) {
      reply.header('Cache-Control', 'private, no-store')
    } else if (req.method === 'GET' && reply.statusCode === 200) {
      reply.header('Cache-Control', 'public, max-age=30')
    } else {
      reply.header('Cache-Control', 'no-store')
    }
    reply.header('Vary', 'x-web-url, Cookie')
  })
}
