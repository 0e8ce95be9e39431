import { randomBytes } from 'node:crypto'

/** One message a phone "received" from either provider, as the simulator recorded it. */
export interface SimMessage {
  /** WhatsApp's wamid.… or MSG91's request id */
  id: string
  channel: 'whatsapp' | 'sms'
  /** the 10-digit number (both providers are sent 91 + the number) */
  to: string
  /** the WhatsApp template name, or the DLT template id an SMS was sent with */
  template: string
  text: string
  status: SimStatus
  sent_at: string
  /** SMS: the DLT sender id */
  sender?: string
}
export type SimStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'failed'

/** How the next messages to a number fail: `reject` answers the API call with an error, `undelivered` accepts and then reports failed. */
export interface FailurePlan {
  channel: 'whatsapp' | 'sms'
  mode: 'reject' | 'undelivered'
  remaining: number
}

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

/**
 * What the simulator remembers: the messages phones received, the failures asked for, and the accounts "made" at the
 * providers. In one process's memory (PGlite: one process), or on the app's PostgreSQL database, shared by every
 * process on it (shared-store.ts), as the payment simulator's records are (decision 0039).
 */
export interface SimStore {
  record(message: Omit<SimMessage, 'sent_at' | 'status'>, status?: SimStatus): Promise<SimMessage>
  setStatus(id: string, status: SimStatus): Promise<void>
  /** newest first */
  to(mobile: string): Promise<SimMessage[]>
  /** newest first, the last MAX_MESSAGES */
  all(): Promise<SimMessage[]>
  planFailure(to: string, plan: FailurePlan): Promise<void>
  /** the failure planned for the next message on this channel to this number (of these modes), used up as it is taken */
  takeFailure(to: string, channel: FailurePlan['channel'], modes?: readonly FailurePlan['mode'][]): Promise<FailurePlan['mode'] | null>
  addWhatsApp(account: WhatsAppAccount): Promise<void>
  addMsg91(account: Msg91Account): Promise<void>
  whatsappAccount(phoneNumberId: string): Promise<WhatsAppAccount | null>
  knowsWhatsAppToken(token: string): Promise<boolean>
  msg91Account(authKey: string): Promise<Msg91Account | null>
  /** the messages and failures (accounts stay) */
  clear(): Promise<void>
  close(): Promise<void>
}

export const MAX_MESSAGES = 5000
export const ALL_MODES: readonly FailurePlan['mode'][] = ['reject', 'undelivered']

/** The simulator's memory in one process (PGlite mode). Oldest messages are dropped past MAX_MESSAGES. */
export function memorySimStore(): SimStore {
  const messages: SimMessage[] = []
  const failures = new Map<string, FailurePlan[]>()
  const whatsapp = new Map<string, WhatsAppAccount>()
  const msg91 = new Map<string, Msg91Account>()
  const copy = (m: SimMessage) => ({ ...m })
  return {
    async record(message, status = 'accepted') {
      const saved: SimMessage = { ...message, status, sent_at: new Date().toISOString() }
      messages.push(saved)
      if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES)
      return copy(saved)
    },
    async setStatus(id, status) {
      const m = messages.find((x) => x.id === id)
      if (m) m.status = status
    },
    to: async (mobile) =>
      messages
        .filter((m) => m.to === mobile)
        .reverse()
        .map(copy),
    all: async () => [...messages].reverse().map(copy),
    async planFailure(to, plan) {
      failures.set(to, [...(failures.get(to) ?? []), { ...plan }])
    },
    async takeFailure(to, channel, modes = ALL_MODES) {
      const plan = failures.get(to)?.find((p) => p.channel === channel && p.remaining > 0 && modes.includes(p.mode))
      if (!plan) return null
      plan.remaining -= 1
      return plan.mode
    },
    addWhatsApp: async (account) => void whatsapp.set(account.phoneNumberId, account),
    addMsg91: async (account) => void msg91.set(account.authKey, account),
    whatsappAccount: async (id) => whatsapp.get(id) ?? null,
    knowsWhatsAppToken: async (token) => [...whatsapp.values()].some((a) => a.accessToken === token),
    msg91Account: async (key) => msg91.get(key) ?? null,
    async clear() {
      messages.length = 0
      failures.clear()
    },
    async close() {},
  }
}

export const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`
export const msg91RequestId = () => randomBytes(12).toString('hex')
