import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isPublicAddress } from '../../platform/public-address'
import { answersOnDomain } from './service'

/**
 * The TLS proxy's question before it gets a certificate for a name a client asked for (Caddy's on_demand_tls `ask`,
 * deploy/Caddyfile; docs/decisions/0043-tls-and-shop-domains.md): 200 when a website answers at https://<domain>, else
 * 404 with the same words whatever the reason. Anyone can make the proxy ask by sending a name, so the answer says yes
 * or no and nothing more, it is counted per sender, and only a sender on the private network that came to the app
 * directly gets a yes.
 */
export const TLS_ASK_PATH = '/s/api/tls/ask'
/** asks a minute per sender (the proxy's address): a new name costs one, a name with a certificate none */
export const TLS_ASK_PER_MINUTE = 120
const NO = { message: 'No certificate for this name' }

/** Through a proxy (it adds X-Forwarded-For), or from a public address: not the proxy asking for itself. */
const fromOutside = (req: FastifyRequest) =>
  req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || isPublicAddress(req.socket.remoteAddress ?? '')

export function tlsAskRoutes(app: FastifyInstance) {
  const options = {
    schema: { hide: true },
    logLevel: 'warn' as const,
    config: { noSiteContext: true, rateLimit: { max: TLS_ASK_PER_MINUTE, timeWindow: '1 minute', allowList: () => false } },
  }
  app.get<{ Querystring: { domain?: unknown } }>(TLS_ASK_PATH, options, async (req, reply) => {
    const domain = req.query.domain
    const known = !fromOutside(req) && typeof domain === 'string' && (await answersOnDomain(app.deps.db, domain))
    return known ? reply.code(200).send() : reply.code(404).send(NO)
  })
}
