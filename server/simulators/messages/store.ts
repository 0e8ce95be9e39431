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
  status: 'accepted' | 'sent' | 'delivered' | 'read' | 'failed'
  sent_at: string
  /** SMS: the DLT sender id */
  sender?: string
}

/** How the next messages to a number fail: `reject` answers the API call with an error, `undelivered` accepts and then reports failed. */
export interface FailurePlan {
  channel: 'whatsapp' | 'sms'
  mode: 'reject' | 'undelivered'
  remaining: number
}

const MAX_MESSAGES = 5000

/** The simulator's memory (one process: a demo and the tests run one). Oldest messages are dropped past MAX_MESSAGES. */
export function createSimStore() {
  const messages: SimMessage[] = []
  const failures = new Map<string, FailurePlan[]>()
  return {
    record(message: Omit<SimMessage, 'sent_at' | 'status'>): SimMessage {
      const saved: SimMessage = { ...message, status: 'accepted', sent_at: new Date().toISOString() }
      messages.push(saved)
      if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES)
      return saved
    },
    find: (id: string) => messages.find((m) => m.id === id),
    /** newest first */
    to: (mobile: string) => messages.filter((m) => m.to === mobile).reverse(),
    all: () => [...messages].reverse(),
    planFailure(to: string, plan: FailurePlan) {
      failures.set(to, [...(failures.get(to) ?? []), plan])
    },
    /** the failure planned for the next message on this channel to this number (of these modes), used up as it is taken */
    takeFailure(to: string, channel: FailurePlan['channel'], modes: readonly FailurePlan['mode'][] = ['reject', 'undelivered']): FailurePlan['mode'] | null {
      const plan = failures.get(to)?.find((p) => p.channel === channel && p.remaining > 0 && modes.includes(p.mode))
      if (!plan) return null
      plan.remaining -= 1
      return plan.mode
    },
    clear() {
      messages.length = 0
      failures.clear()
    },
  }
}
export type SimStore = ReturnType<typeof createSimStore>

export const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`
export const msg91RequestId = () => randomBytes(12).toString('hex')
