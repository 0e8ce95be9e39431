import type { FastifyBaseLogger } from 'fastify'
import { MESSAGE_TEMPLATES, type MessageTemplateName, messageText, missingVariables } from '../../../common/rules/message-templates'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { MessageAccounts } from './accounts'
import { MessageSendError, type MessagesHttp } from './providers/http'
import { sendMsg91 } from './providers/msg91'
import { sendWhatsApp } from './providers/whatsapp'
import * as q from './queries/messages'

/** The seam other features send through (order updates, sign-in codes, khata reminders): template, number, variables. */
export interface SendRequest {
  websiteId: number | null
  template: MessageTemplateName
  /** the 10-digit mobile number */
  to: string
  vars: Record<string, string>
}

export type SendOutcome =
  | { status: 'sent'; channel: 'whatsapp' | 'sms'; messageId: number }
  | { status: 'skipped'; reason: 'opted_out' | 'limited' | 'no_channel' }
  | { status: 'failed'; code: string }

export interface Messenger {
  send(request: SendRequest): Promise<SendOutcome>
  /** the SMS that stands in for a WhatsApp message the provider reported failed (webhooks.ts) */
  fallBackToSms(row: q.MessageRow): Promise<SendOutcome | null>
}

export interface MessengerDeps {
  db: Db
  config: Pick<Config, 'MESSAGES_HTTP_TIMEOUT_MS' | 'MESSAGES_PER_NUMBER_HOUR' | 'MESSAGES_PER_WEBSITE_HOUR'>
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
  http: MessagesHttp
  accounts: (websiteId: number | null) => Promise<MessageAccounts>
}

const HOUR = 3_600_000
/** one unit a WhatsApp conversation message; an SMS is one unit a 160-character part (DLT texts are GSM-7) */
const smsUnits = (text: string) => Math.max(1, Math.ceil(text.length / 160))
const masked = (mobile: string) => `${mobile.slice(0, 2)}xxxxxx${mobile.slice(-2)}`

/**
 * Sends one templated message: WhatsApp first (or SMS when the shopper chose it), the other channel when the first
 * refuses. Order updates honour the shopper's opt-out; every message counts against the per-number and per-website
 * hourly limits. The message log keeps who, which template, status and cost units; server logs never the text or number.
 */
export function createMessenger(deps: MessengerDeps): Messenger {
  const { db, log, config } = deps

  async function viaWhatsApp(accounts: MessageAccounts, req: SendRequest) {
    const wa = accounts.whatsapp!
    const templateName = wa.templateNames[req.template] ?? req.template
    const base = {
      websiteId: req.websiteId,
      toMobile: req.to,
      template: req.template,
      channel: 'whatsapp',
      provider: 'whatsapp',
      providerTemplate: templateName,
      keys: wa.keys,
    }
    // kept for a later SMS fallback (a failed status arrives after the call), never for a code
    const vars = MESSAGE_TEMPLATES[req.template].category === 'utility' ? req.vars : null
    try {
      const sent = await sendWhatsApp(deps.http, wa, config.MESSAGES_HTTP_TIMEOUT_MS, { to: req.to, templateName, template: req.template, vars: req.vars })
      const row = await q.insertMessage(db, { ...base, providerMessageId: sent.id, status: 'accepted', costUnits: 1, vars })
      return { ok: true as const, row }
    } catch (err) {
      if (!(err instanceof MessageSendError)) throw err
      const row = await q.insertMessage(db, { ...base, status: 'failed', errorCode: err.code, costUnits: 0, vars })
      log.warn({ template: req.template, to: masked(req.to), error: err.message }, 'WhatsApp message refused')
      return { ok: false as const, row, code: err.code }
    }
  }

  async function viaSms(accounts: MessageAccounts, req: SendRequest, fallbackOf: number | null) {
    const sms = accounts.msg91!
    const base = { websiteId: req.websiteId, toMobile: req.to, template: req.template, channel: 'sms', provider: 'msg91', fallbackOf, keys: sms.keys }
    const providerTemplate = sms.templateIds[req.template] ?? ''
    try {
      const sent = await sendMsg91(deps.http, sms, config.MESSAGES_HTTP_TIMEOUT_MS, { to: req.to, template: req.template, vars: req.vars })
      const row = await q.insertMessage(db, {
        ...base,
        providerTemplate,
        providerMessageId: sent.id,
        status: 'sent',
        costUnits: smsUnits(messageText(req.template, req.vars)),
      })
      return { ok: true as const, row }
    } catch (err) {
      if (!(err instanceof MessageSendError)) throw err
      const row = await q.insertMessage(db, { ...base, providerTemplate, status: 'failed', errorCode: err.code, costUnits: 0 })
      log.warn({ template: req.template, to: masked(req.to), error: err.message }, 'SMS refused')
      return { ok: false as const, row, code: err.code }
    }
  }

  async function overLimit(req: SendRequest) {
    const since = new Date(Date.now() - HOUR)
    if ((await q.sentSince(db, req.websiteId, since, req.to)) >= config.MESSAGES_PER_NUMBER_HOUR) return true
    return req.websiteId !== null && (await q.sentSince(db, req.websiteId, since)) >= config.MESSAGES_PER_WEBSITE_HOUR
  }

  return {
    async send(req) {
      const missing = missingVariables(req.template, req.vars)
      if (missing.length) throw new Error(`message ${req.template} needs ${missing.join(', ')}`)
      const preference = req.websiteId === null ? null : await q.findPreference(db, req.websiteId, req.to)
      if (MESSAGE_TEMPLATES[req.template].category === 'utility' && preference && !preference.updates) {
        // logged, so the staff can see why an update did not go
        await q.insertMessage(db, {
          websiteId: req.websiteId,
          toMobile: req.to,
          template: req.template,
          channel: 'none',
          provider: 'none',
          providerTemplate: '',
          status: 'opted_out',
        })
        return { status: 'skipped', reason: 'opted_out' }
      }
      const accounts = await deps.accounts(req.websiteId)
      if (!accounts.whatsapp && !accounts.msg91) return { status: 'skipped', reason: 'no_channel' }
      if (await overLimit(req)) {
        await q.insertMessage(db, {
          websiteId: req.websiteId,
          toMobile: req.to,
          template: req.template,
          channel: 'none',
          provider: 'none',
          providerTemplate: '',
          status: 'limited',
        })
        log.warn({ template: req.template, to: masked(req.to) }, 'message not sent: sending limit reached')
        return { status: 'skipped', reason: 'limited' }
      }
      const smsFirst = preference?.channel === 'sms' && accounts.msg91
      if (accounts.whatsapp && !smsFirst) {
        const first = await viaWhatsApp(accounts, req)
        if (first.ok) return { status: 'sent', channel: 'whatsapp', messageId: first.row.id }
        if (!accounts.msg91?.templateIds[req.template]) return { status: 'failed', code: first.code }
        const second = await viaSms(accounts, req, first.row.id)
        return second.ok ? { status: 'sent', channel: 'sms', messageId: second.row.id } : { status: 'failed', code: second.code }
      }
      const sms = await viaSms(accounts, req, null)
      if (sms.ok) return { status: 'sent', channel: 'sms', messageId: sms.row.id }
      if (!accounts.whatsapp) return { status: 'failed', code: sms.code }
      const second = await viaWhatsApp(accounts, req)
      return second.ok ? { status: 'sent', channel: 'whatsapp', messageId: second.row.id } : { status: 'failed', code: second.code }
    },

    async fallBackToSms(row) {
      if (row.channel !== 'whatsapp' || !row.vars || (await q.findFallbackOf(db, row.id))) return null
      const accounts = await deps.accounts(row.websiteId)
      const template = row.template as MessageTemplateName
      if (!accounts.msg91?.templateIds[template]) return null
      const req = { websiteId: row.websiteId, template, to: row.toMobile, vars: row.vars }
      const sms = await viaSms(accounts, req, row.id)
      return sms.ok ? { status: 'sent', channel: 'sms', messageId: sms.row.id } : { status: 'failed', code: sms.code }
    },
  }
}
