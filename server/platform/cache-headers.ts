import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isApiCall } from './request-context'

export const PRIVATE_NO_STORE = 'private, no-store'
/**
 * A visitor's page (no session, no Set-Cookie): a shared cache (a CDN in front) may serve it for 30 s and then, while it
 * asks again, 30 s more, so a staff change is on every page within a minute; browsers always revalidate.
 */
export const SHARED_PAGE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30'

/** CONTRACT: an answer for a signed-in person, or anything tied to a session, is private and never stored (API answers and pages alike). */
export const isPrivateAnswer = (req: FastifyRequest, reply: FastifyReply) => Boolean(req.ctx?.session || req.ctx?.user || reply.getHeader('set-cookie'))

/** API answers: private ones are never stored; public answers that depend on the website say so with Vary. */
export function registerCacheHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (!isApiCall(req)) return
    if (isPrivateAnswer(req, reply)) {
      reply.header('Cache-Control', PRIVATE_NO_STORE)
    } else if (req.method === 'GET' && reply.statusCode === 200) {
      reply.header('Cache-Control', 'public, max-age=30')
    } else {
      reply.header('Cache-Control', 'no-store')
    }
    reply.header('Vary', 'x-web-url, Cookie')
  })
}
