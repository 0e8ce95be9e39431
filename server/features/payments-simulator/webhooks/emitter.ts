import { randomUUID } from 'node:crypto'
import * as z from 'zod/mini'
import type { Timers } from '../timers'
import { cashfreeHeaders, razorpayHeaders } from './signing'

type Provider = 'razorpay' | 'cashfree'
const int = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max))
const loopback = () => z.url().check(z.refine((u) => /^https?:\/\/(127(\.\d{1,3}){3}|\[::1\])(:\d+)?\//.test(u), 'must be a loopback URL'))

/** `POST /__sim/webhooks/options` (PAYMENTS.md D.2): how the next events are delivered. */
export const WebhookOptionsSpec = z.object({
  duplicate: z.optional(int(0, 10)),
  delayMs: z.optional(int(0, 600_000)),
  reorder: z.optional(z.boolean()),
  dropFirst: z.optional(int(0, 100)),
  badSignature: z.optional(z.boolean()),
  staleTimestampMs: z.optional(int(0, 1_000_000_000)),
  concurrent: z.optional(z.boolean()),
  maxAttempts: z.optional(int(1, 50)),
  backoffMs: z.optional(int(1, 3_600_000)),
  urls: z.optional(z.object({ razorpay: z.optional(loopback()), cashfree: z.optional(loopback()) })),
})
type Options = Required<Omit<z.infer<typeof WebhookOptionsSpec>, 'urls'>> & { urls: { razorpay?: string; cashfree?: string } }

const DEFAULTS: Options = {
  duplicate: 0,
  delayMs: 0,
  reorder: false,
  dropFirst: 0,
  badSignature: false,
  staleTimestampMs: 0,
  concurrent: false,
  maxAttempts: 6,
  backoffMs: 1000,
  urls: {},
}
const MAX_EVENTS = 1000

export interface StoredEvent {
  eventId: string
  provider: Provider
  type: string
  url: string | null
  /** what it is signed with: the webhook secret (Razorpay) or client secret (Cashfree) of the order's account */
  secret: string
  /** the exact bytes and headers of the first attempt, for `POST /__sim/replay/:eventId` */
  body: Buffer
  headers: Record<string, string>
}

export interface Delivery {
  eventId: string
  provider: Provider
  type: string
  url: string | null
  attempt: number
  replay: boolean
  status: number | null
  error?: string
  at: number
}

export interface EmitterDeps {
  secrets: { razorpayWebhook: string; cashfreeClient: string; cashfreeVersion: string }
  configuredUrls: { razorpay?: string; cashfree?: string }
  /** this app's own origin once it listens, for the default URLs */
  selfOrigin: () => string | null
  timers: Timers
  warn: (message: string) => void
  now: () => number
}

/** Signs and posts events like the providers do: at least once, retried with exponential backoff, maybe duplicated. */
export function createWebhookEmitter(deps: EmitterDeps) {
  let options: Options = { ...DEFAULTS }
  let events = new Map<string, StoredEvent>()
  let deliveries: Delivery[] = []
  let dropped = 0
  let abort = new AbortController()

  const urlFor = (provider: Provider, accountUrl?: string) => {
    const self = deps.selfOrigin()
    return accountUrl ?? options.urls[provider] ?? deps.configuredUrls[provider] ?? (self ? `${self}/s/api/payments/webhooks/${provider}` : null)
  }

  function sign(provider: Provider, body: Buffer, eventId: string, attempt: number, o: Options, secret: string) {
    const wrong = o.badSignature ? '-not-the-secret' : ''
    if (provider === 'razorpay') return razorpayHeaders(body, secret + wrong, eventId)
    const timestamp = deps.now() - o.staleTimestampMs
    return cashfreeHeaders(body, secret + wrong, { eventId, timestamp, version: deps.secrets.cashfreeVersion, attempt })
  }

  async function post(event: StoredEvent, headers: Record<string, string>, attempt: number, replay: boolean): Promise<Delivery> {
    const delivery: Delivery = {
      eventId: event.eventId,
      provider: event.provider,
      type: event.type,
      url: event.url,
      attempt,
      replay,
      status: null,
      at: deps.now(),
    }
    deliveries.push(delivery)
    if (deliveries.length > MAX_EVENTS * 4) deliveries = deliveries.slice(-MAX_EVENTS * 2)
    if (!event.url) return Object.assign(delivery, { error: 'the app is not listening yet' })
    try {
      const signal = AbortSignal.any([AbortSignal.timeout(10_000), abort.signal])
      const res = await fetch(event.url, { method: 'POST', headers, body: new Uint8Array(event.body), signal })
      await res.arrayBuffer()
      delivery.status = res.status
    } catch (err) {
      delivery.error = err instanceof Error ? err.message : 'failed'
    }
    return delivery
  }

  async function deliver(event: StoredEvent, attempt: number, o: Options): Promise<void> {
    const stopped = abort.signal // a reset or close in the meantime ends this event's retries
    let ok = false
    if (dropped < o.dropFirst) {
      dropped += 1
      deliveries.push({
        eventId: event.eventId,
        provider: event.provider,
        type: event.type,
        url: event.url,
        attempt,
        replay: false,
        status: null,
        error: 'dropped (dropFirst)',
        at: deps.now(),
      })
    } else {
      const headers = attempt === 1 ? event.headers : sign(event.provider, event.body, event.eventId, attempt, o, event.secret)
      const d = await post(event, headers, attempt, false)
      ok = d.status !== null && d.status >= 200 && d.status < 300
    }
    if (ok || stopped.aborted) return
    if (attempt >= o.maxAttempts)
      return deps.warn(
        `payment simulator: ${event.provider} ${event.type} ${event.eventId} not delivered to ${event.url ?? '(no URL)'} after ${attempt} attempts`,
      )
    deps.timers.later(o.backoffMs * 2 ** (attempt - 1), () => deliver({ ...event, url: event.url ?? urlFor(event.provider) }, attempt + 1, o))
  }

  return {
    /**
     * Queues one provider's events for delivery, in order, with the options in force now; signed with the account's
     * secret and sent to its address when it has one (the process's account otherwise).
     */
    emit(provider: Provider, batch: { type: string; body: string }[], account?: { secret: string; webhookUrl?: string }): StoredEvent[] {
      const o = { ...options }
      const secret = account?.secret ?? (provider === 'razorpay' ? deps.secrets.razorpayWebhook : deps.secrets.cashfreeClient)
      const made = batch.map(({ type, body }) => {
        const raw = Buffer.from(body)
        const eventId = provider === 'razorpay' ? `evt_${randomUUID().replace(/-/g, '').slice(0, 14)}` : randomUUID()
        const url = urlFor(provider, account?.webhookUrl)
        const event: StoredEvent = { eventId, provider, type, url, secret, body: raw, headers: sign(provider, raw, eventId, 1, o, secret) }
        events.set(eventId, event)
        if (events.size > MAX_EVENTS) events.delete(events.keys().next().value ?? '')
        return event
      })
      const ordered = o.reorder ? [...made].reverse() : made
      const copies = ordered.flatMap((event) => Array.from({ length: 1 + o.duplicate }, () => event))
      deps.timers.later(o.delayMs, async () => {
        if (o.concurrent) await Promise.all(copies.map((event) => deliver(event, 1, o)))
        else for (const event of copies) await deliver(event, 1, o)
      })
      return made
    },

    /** Sends the stored bytes and headers again, unchanged, once. */
    async replay(eventId: string): Promise<Delivery | null> {
      const event = events.get(eventId)
      return event ? post(event, event.headers, 1, true) : null
    },

    setOptions(next: z.infer<typeof WebhookOptionsSpec>) {
      options = { ...options, ...next, urls: { ...options.urls, ...next.urls } }
      dropped = 0
      return options
    },
    options: () => options,
    events: () => [...events.values()],
    deliveries: () => deliveries,

    reset() {
      abort.abort()
      abort = new AbortController()
      options = { ...DEFAULTS }
      events = new Map()
      deliveries = []
      dropped = 0
    },
  }
}

export type WebhookEmitter = ReturnType<typeof createWebhookEmitter>
