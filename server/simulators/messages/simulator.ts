import { createHmac } from 'node:crypto'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { type SimMessage, type SimStore, createSimStore } from './store'

export interface WhatsAppAccount {
  phoneNumberId: string
  accessToken: string
  appSecret: string
  /** where its status webhooks go; a path is this app's own */
  webhookUrl: string
}

export interface Msg91Account {
  authKey: string
  senderId: string
  /** where its delivery reports go; a path is this app's own */
  webhookUrl: string
}

export const WHATSAPP_STATUS_STEPS = ['sent', 'delivered', 'read'] as const

/**
 * The state of the messages simulator: the accounts "made" at the providers, the messages phones received, and the
 * status reports it sends back as the providers do (WhatsApp: signed `statuses` webhooks; MSG91: delivery reports).
 */
export function createMessagesSim(app: FastifyInstance, log: FastifyBaseLogger, options: { stepMs: number }) {
  const store: SimStore = createSimStore()
  const whatsapp = new Map<string, WhatsAppAccount>()
  const msg91 = new Map<string, Msg91Account>()
  const timers = new Set<NodeJS.Timeout>()
  let closed = false

  /** POST the report: to this app through inject (no port needed), or to a loopback URL. */
  async function post(url: string, body: string, headers: Record<string, string>) {
    if (closed) return
    try {
      if (url.startsWith('/')) await app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers } })
      else await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, signal: AbortSignal.timeout(5000) })
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'messages simulator: a status report was not delivered')
    }
  }

  /** Runs the steps one after another, `stepMs` apart (the order a phone reports them in). */
  function later(steps: (() => Promise<void>)[]) {
    const next = () => {
      const step = steps.shift()
      if (!step || closed) return
      const timer = setTimeout(() => {
        timers.delete(timer)
        void step().then(next)
      }, options.stepMs)
      timers.add(timer)
    }
    next()
  }

  function whatsappStatus(account: WhatsAppAccount, message: SimMessage, status: 'sent' | 'delivered' | 'read' | 'failed') {
    message.status = status
    const payload = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '200000000000001',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000001', phone_number_id: account.phoneNumberId },
                statuses: [
                  {
                    id: message.id,
                    status,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: `91${message.to}`,
                    ...(status === 'failed'
                      ? { errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'Message Undeliverable.' } }] }
                      : { pricing: { billable: true, pricing_model: 'PMP', category: message.template === 'sign_in_code' ? 'authentication' : 'utility' } }),
                  },
                ],
              },
            },
          ],
        },
      ],
    })
    const signature = `sha256=${createHmac('sha256', account.appSecret).update(payload).digest('hex')}`
    return post(account.webhookUrl, payload, { 'x-hub-signature-256': signature })
  }

  function smsReport(account: Msg91Account, message: SimMessage, delivered: boolean) {
    message.status = delivered ? 'delivered' : 'failed'
    const payload = JSON.stringify([
      {
        senderId: message.sender,
        requestId: message.id,
        userId: 'sim-user',
        report: [
          {
            date: new Date().toISOString().replace('T', ' ').slice(0, 19),
            number: `91${message.to}`,
            status: delivered ? '1' : '2',
            desc: delivered ? 'DELIVERED' : 'FAILED',
          },
        ],
      },
    ])
    return post(account.webhookUrl, payload, {})
  }

  return {
    store,
    addWhatsApp: (account: WhatsAppAccount) => whatsapp.set(account.phoneNumberId, account),
    addMsg91: (account: Msg91Account) => msg91.set(account.authKey, account),
    whatsappAccount: (phoneNumberId: string) => whatsapp.get(phoneNumberId) ?? null,
    knowsWhatsAppToken: (token: string) => [...whatsapp.values()].some((a) => a.accessToken === token),
    msg91Account: (authKey: string) => msg91.get(authKey) ?? null,
    statuses: {
      /** accepted → sent → delivered → read, or sent → failed when a failure was asked for */
      whatsapp(account: WhatsAppAccount, message: SimMessage) {
        const fails = store.takeFailure(message.to, 'whatsapp', ['undelivered']) !== null
        const steps = fails ? (['sent', 'failed'] as const) : WHATSAPP_STATUS_STEPS
        later(steps.map((status) => () => whatsappStatus(account, message, status)))
      },
    },
    /** one SMS recorded, and its delivery report to follow */
    smsTo(account: Msg91Account, sms: Pick<SimMessage, 'id' | 'to' | 'template' | 'sender' | 'text'>): boolean {
      const mode = store.takeFailure(sms.to, 'sms')
      if (mode === 'reject') return false
      const message = store.record({ ...sms, channel: 'sms' })
      message.status = 'sent'
      later([() => smsReport(account, message, mode === null)])
      return true
    },
    close() {
      closed = true
      for (const t of timers) clearTimeout(t)
      timers.clear()
    },
  }
}
export type MessagesSim = ReturnType<typeof createMessagesSim>
