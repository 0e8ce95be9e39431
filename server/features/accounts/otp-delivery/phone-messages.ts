import type { FastifyBaseLogger } from 'fastify'
import type { Messenger } from '../../messages/service'
import { OtpDeliveryError, type OtpSender } from './message'

/**
 * Codes and notices to mobile numbers through WhatsApp and DLT SMS (server/features/messages): a code on the
 * authentication template, a notice on its registered template. A notice with no registered template (a counter
 * receipt, a changed order) is not sent this way: WhatsApp and DLT SMS carry registered templates only.
 */
export function phoneMessageSender(messenger: Messenger, log: Pick<FastifyBaseLogger, 'info'>): OtpSender {
  return {
    name: 'messages',
    async send(m) {
      if (m.to.kind !== 'mobile') throw new OtpDeliveryError('messages', 'only mobile numbers get WhatsApp or SMS')
      const websiteId = m.websiteId ?? null
      if (m.notice) {
        if (!m.template) return log.info(`notice "${m.notice.subject.replace(/\d/g, '#')}" has no registered template: not sent by WhatsApp or SMS`)
        await messenger.send({ websiteId, template: m.template.name, to: m.to.value, vars: m.template.vars })
        return
      }
      const outcome = await messenger.send({ websiteId, template: 'sign_in_code', to: m.to.value, vars: { code: m.code } })
      if (outcome.status === 'failed') throw new OtpDeliveryError('messages', `not delivered (${outcome.code})`)
      if (outcome.status === 'skipped') throw new OtpDeliveryError('messages', `not sent (${outcome.reason})`)
    },
  }
}

/** Two senders, one after the other; the second's failure is logged (development: the log line, then the simulator). */
export function both(first: OtpSender, second: OtpSender, log: Pick<FastifyBaseLogger, 'warn'>): OtpSender {
  return {
    name: `${first.name}+${second.name}`,
    async send(m) {
      await first.send(m)
      await second.send(m).catch((err: unknown) => log.warn({ error: err instanceof Error ? err.message : String(err) }, `${second.name}: not delivered`))
    },
  }
}
