import type { FastifyInstance } from 'fastify'
import { MSG91_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH } from '../../platform/messages-config'
import type { Messenger } from './messenger'
import { applyMsg91Reports, applyWhatsAppStatuses, safeEqual, validWhatsAppSignature, verifySubscription } from './webhooks'

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    return undefined
  }
}

/** The providers' reports (issue #32): WhatsApp's signed webhook with its handshake, MSG91's delivery reports. */
export async function messageWebhookRoutes(app: FastifyInstance, { messenger }: { messenger: Messenger }) {
  const { db, config } = app.deps
  const reports = app.metrics.counter('message_webhooks_total', 'Messaging provider reports received, by provider and outcome', ['provider', 'outcome'])
  await app.register(async (scope) => {
    // The signature covers the exact bytes: keep the body as a Buffer here.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    const options = { schema: { hide: true }, bodyLimit: 1024 * 1024, config: { noSiteContext: true } }

    scope.get<{ Querystring: Record<string, unknown> }>(WHATSAPP_WEBHOOK_PATH, options, async (req, reply) => {
      const challenge = verifySubscription(req.query, config.WHATSAPP_VERIFY_TOKEN)
      if (challenge === null) return reply.code(403).send({ message: 'Verification refused' })
      return reply.type('text/plain').send(challenge)
    })

    scope.post<{ Body: Buffer }>(WHATSAPP_WEBHOOK_PATH, options, async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) return reply.code(415).send({ message: 'Send the webhook as application/json' })
      const secrets = config.WHATSAPP_APP_SECRET ? [config.WHATSAPP_APP_SECRET] : []
      if (!validWhatsAppSignature(req.body, req.headers['x-hub-signature-256'], secrets)) {
        reports.inc({ provider: 'whatsapp', outcome: 'bad_signature' })
        return reply.code(401).send({ message: 'Bad signature' })
      }
      const body = parseJson(req.body)
      if (body === undefined) return reply.code(400).send({ message: 'Malformed JSON' })
      const tally = await applyWhatsAppStatuses(db, messenger, body)
      reports.inc({ provider: 'whatsapp', outcome: 'accepted' })
      return tally
    })

    scope.post<{ Body: Buffer; Querystring: { token?: string } }>(MSG91_WEBHOOK_PATH, options, async (req, reply) => {
      const token = config.MSG91_WEBHOOK_TOKEN
      if (!token || typeof req.query.token !== 'string' || !safeEqual(token, req.query.token)) {
        reports.inc({ provider: 'msg91', outcome: 'bad_token' })
        return reply.code(401).send({ message: 'Unknown report address' })
      }
      const body = Buffer.isBuffer(req.body) ? parseJson(req.body) : undefined
      if (body === undefined) return reply.code(400).send({ message: 'Malformed JSON' })
      const tally = await applyMsg91Reports(db, messenger, body)
      reports.inc({ provider: 'msg91', outcome: 'accepted' })
      return tally
    })
  })
}
