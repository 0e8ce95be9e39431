import { createHmac } from 'node:crypto'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Msg91Account, SimMessage, SimStore, WhatsAppAccount } from './store'

export type { Msg91Account, WhatsAppAccount } from './store'

export const WHATSAPP_STATUS_STEPS = ['sent', 'delivered', 'read'] as const

/**
 * The state of the messages simulator: the accounts "made" at the providers, the messages phones received, and the
 * status reports it sends back as the providers do (WhatsApp: signed `statuses` webhooks; MSG91: delivery reports).
 */
export function createMessagesSim(app: FastifyInstance, log: FastifyBaseLogger, store: SimStore, options: { stepMs: number }) {
  const timers = new Set<NodeJS.Timeout>()
  /** reports being sent now: shutdown waits for them (the app still answers in preClose), so none meets a closed database */
  const inFlight = new Set<Promise<void>>()
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
        const running = step()
          .catch((err) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'messages simulator: a status was not recorded'))
          .then(next)
        inFlight.add(running)
        void running.finally(() => inFlight.delete(running))
      }, options.stepMs)
      timers.add(timer)
    }
    next()
  }

  async function whatsappStatus(account: WhatsAppAccount, message: SimMessage, status: 'sent' | 'delivered' | 'read' | 'failed') {
    await store.setStatus(message.id, status)
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

  async function smsReport(account: Msg91Account, message: SimMessage, delivered: boolean) {
    await store.setStatus(message.id, delivered ? 'delivered' : 'failed')
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
    addWhatsApp: (account: WhatsAppAccount) => store.addWhatsApp(account),
    addMsg91: (account: Msg91Account) => store.addMsg91(account),
    whatsappAccount: (phoneNumberId: string) => store.whatsappAccount(phoneNumberId),
    knowsWhatsAppToken: (token: string) => store.knowsWhatsAppToken(token),
    msg91Account: (authKey: string) => store.msg91Account(authKey),
    statuses: {
      /** accepted → sent → delivered → read, or sent → failed when a failure was asked for */
      async whatsapp(account: WhatsAppAccount, message: SimMessage) {
        const fails = (await store.takeFailure(message.to, 'whatsapp', ['undelivered'])) !== null
        const steps = fails ? (['sent', 'failed'] as const) : WHATSAPP_STATUS_STEPS
        later(steps.map((status) => () => whatsappStatus(account, message, status)))
      },
    },
    /** one SMS recorded, and its delivery report to follow */
    async smsTo(account: Msg91Account, sms: Pick<SimMessage, 'id' | 'to' | 'template' | 'sender' | 'text'>): Promise<boolean> {
      const mode = await store.takeFailure(sms.to, 'sms')
      if (mode === 'reject') return false
      const message = await store.record({ ...sms, channel: 'sms' }, 'sent')
      later([() => smsReport(account, message, mode === null)])
      return true
    },
    /** no more reports; waits for those being sent */
    async close() {
      closed = true
      for (const t of timers) clearTimeout(t)
      timers.clear()
      while (inFlight.size) await Promise.allSettled([...inFlight])
    },
  }
}
export type MessagesSim = ReturnType<typeof createMessagesSim>
