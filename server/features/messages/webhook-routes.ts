import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MSG91_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH } from '../../platform/messages-config'
import { openSealed, ownMsg91, ownWhatsApp } from './accounts'
import type { Messenger } from './messenger'
import { findSettings } from './queries/settings'
import { applyMsg91Reports, applyWhatsAppStatuses, type ReportScope, safeEqual, validWhatsAppSignature, verifySubscription } from './webhooks'

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    return undefined
  }
}

/**
 * The providers' reports (issue #32): WhatsApp's signed webhook with its handshake, MSG91's delivery reports; the
 * install's account at the bare addresses, a website's own account at its own (`/{websiteId}`).
 */
export async function messageWebhookRoutes(app: FastifyInstance, { messenger }: { messenger: Messenger }) {
  const { db, config } = app.deps
  const reports = app.metrics.counter('message_webhooks_total', 'Messaging provider reports received, by provider and outcome', ['provider', 'outcome'])
  await app.register(async (scope) => {
    // The signature covers the exact bytes: keep the body as a Buffer here.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    const options = { schema: { hide: true }, bodyLimit: 1024 * 1024, config: { noSiteContext: true } }

    /** A website's own account: its row (404 when it has no keys of its own on that provider), its secrets. */
    const ownRow = async (raw: string) => {
      const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null
      return id === null ? null : findSettings(db, id)
    }
    type Site = { Params: { websiteId: string } }

    const handshake = (verifyToken: string | undefined) => async (req: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
      const challenge = verifySubscription(req.query, verifyToken)
      if (challenge === null) return reply.code(403).send({ message: 'Verification refused' })
      return reply.type('text/plain').send(challenge)
    }

    async function whatsappReport(req: FastifyRequest<{ Body: Buffer }>, reply: FastifyReply, secret: string | null | undefined, scope: ReportScope) {
      if (!Buffer.isBuffer(req.body)) return reply.code(415).send({ message: 'Send the webhook as application/json' })
      if (!validWhatsAppSignature(req.body, req.headers['x-hub-signature-256'], secret ? [secret] : [])) {
        reports.inc({ provider: 'whatsapp', outcome: 'bad_signature' })
        return reply.code(401).send({ message: 'Bad signature' })
      }
      const body = parseJson(req.body)
      if (body === undefined) return reply.code(400).send({ message: 'Malformed JSON' })
      const tally = await applyWhatsAppStatuses(db, messenger, body, scope)
      reports.inc({ provider: 'whatsapp', outcome: 'accepted' })
      return tally
    }

    async function msg91Report(
      req: FastifyRequest<{ Body: Buffer; Querystring: { token?: string } }>,
      reply: FastifyReply,
      token: string | undefined,
      scope: ReportScope,
    ) {
      if (!token || typeof req.query.token !== 'string' || !safeEqual(token, req.query.token)) {
        reports.inc({ provider: 'msg91', outcome: 'bad_token' })
        return reply.code(401).send({ message: 'Unknown report address' })
      }
      const body = Buffer.isBuffer(req.body) ? parseJson(req.body) : undefined
      if (body === undefined) return reply.code(400).send({ message: 'Malformed JSON' })
      const tally = await applyMsg91Reports(db, messenger, body, scope)
      reports.inc({ provider: 'msg91', outcome: 'accepted' })
      return tally
    }

    // the install's accounts (environment keys): the messages sent on them, whichever website sent them
    scope.get(WHATSAPP_WEBHOOK_PATH, options, handshake(config.WHATSAPP_VERIFY_TOKEN))
    scope.post<{ Body: Buffer }>(WHATSAPP_WEBHOOK_PATH, options, (req, reply) => whatsappReport(req, reply, config.WHATSAPP_APP_SECRET, { keys: 'shop' }))
    scope.post<{ Body: Buffer; Querystring: { token?: string } }>(MSG91_WEBHOOK_PATH, options, (req, reply) =>
      msg91Report(req, reply, config.MSG91_WEBHOOK_TOKEN, { keys: 'shop' }),
    )

    // a website's own accounts (message settings): its address, its secret, only its own messages
    scope.get<Site & { Querystring: Record<string, unknown> }>(`${WHATSAPP_WEBHOOK_PATH}/:websiteId(^\\d+$)`, options, async (req, reply) => {
      const row = await ownRow(req.params.websiteId)
      return handshake(row && ownWhatsApp(row) ? row.whatsappVerifyToken : undefined)(req, reply)
    })
    scope.post<Site & { Body: Buffer }>(`${WHATSAPP_WEBHOOK_PATH}/:websiteId(^\\d+$)`, options, async (req, reply) => {
      const row = await ownRow(req.params.websiteId)
      if (!row || !ownWhatsApp(row)) return reply.code(404).send({ message: 'This website has no WhatsApp account of its own' })
      return whatsappReport(req, reply, openSealed(config, row, 'whatsappAppSecret'), { keys: 'own', websiteId: row.websiteId })
    })
    scope.post<Site & { Body: Buffer; Querystring: { token?: string } }>(`${MSG91_WEBHOOK_PATH}/:websiteId(^\\d+$)`, options, async (req, reply) => {
      const row = await ownRow(req.params.websiteId)
      if (!row || !ownMsg91(row)) return reply.code(404).send({ message: 'This website has no MSG91 account of its own' })
      return msg91Report(req, reply, row.msg91ReportToken, { keys: 'own', websiteId: row.websiteId })
    })
  })
}
