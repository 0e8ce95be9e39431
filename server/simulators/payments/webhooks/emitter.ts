import { randomUUID } from 'node:crypto'
import * as z from 'zod/mini'
import type { SavedEvent } from '../state'
import type { SimStore } from '../store'
import { Interrupted, type Tasks } from '../tasks'
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
  /** where events are kept (any process may deliver or replay them) */
  store: SimStore
  tasks: Tasks
  warn: (message: string) => void
  now: () => number
}

/** What a `webhook` task delivers: events in order (copies repeat an id), with the options in force when they were made. */
interface DeliveryTask {
  eventIds: string[]
  options: Options
  attempt: number
}

/**
 * Signs and posts events like the providers do: at least once, retried with exponential backoff, maybe duplicated.
 * Events are records and their deliveries tasks (tasks.ts), so whichever process runs the task sends them. The
 * options, the drop count and the delivery log belong to this process (a test's control plane), the options
 * travelling with the events they shaped.
 */
export function createWebhookEmitter(deps: EmitterDeps) {
  let options: Options = { ...DEFAULTS }
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

  async function post(event: SavedEvent, headers: Record<string, string>, attempt: number, replay: boolean): Promise<Delivery> {
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
      const res = await fetch(event.url, { method: 'POST', headers, body: event.body, signal })
      await res.arrayBuffer()
      delivery.status = res.status
    } catch (err) {
      delivery.error = err instanceof Error ? err.message : 'failed'
    }
    return delivery
  }

  async function deliver(event: SavedEvent, attempt: number, o: Options, stopped: AbortSignal): Promise<void> {
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
      const headers = attempt === 1 ? event.headers : sign(event.provider, Buffer.from(event.body), event.eventId, attempt, o, event.secret)
      const d = await post(event, headers, attempt, false)
      ok = d.status !== null && d.status >= 200 && d.status < 300
    }
    if (ok || stopped.aborted) return
    if (attempt >= o.maxAttempts)
      return deps.warn(
        `payment simulator: ${event.provider} ${event.type} ${event.eventId} not delivered to ${event.url ?? '(no URL)'} after ${attempt} attempts`,
      )
    const retry: DeliveryTask = { eventIds: [event.eventId], options: o, attempt: attempt + 1 }
    await deps.tasks.later(o.backoffMs * 2 ** (attempt - 1), 'webhook', { ...retry })
  }

  return {
    /**
     * Queues one provider's events for delivery, in order, with the options in force now; signed with the account's
     * secret and sent to its address when it has one (the process's account otherwise).
     */
    async emit(
      store: SimStore & { later: (ms: number, kind: string, payload: Record<string, unknown>) => Promise<void> },
      provider: Provider,
      batch: { type: string; body: string }[],
      account?: { secret: string; webhookUrl?: string },
    ): Promise<SavedEvent[]> {
      const o = { ...options }
      const secret = account?.secret ?? (provider === 'razorpay' ? deps.secrets.razorpayWebhook : deps.secrets.cashfreeClient)
      const made: SavedEvent[] = []
      for (const { type, body } of batch) {
        const eventId = provider === 'razorpay' ? `evt_${randomUUID().replace(/-/g, '').slice(0, 14)}` : randomUUID()
        const url = urlFor(provider, account?.webhookUrl)
        const event: SavedEvent = { eventId, provider, type, url, secret, body, headers: sign(provider, Buffer.from(body), eventId, 1, o, secret) }
        await store.events.add(event)
        made.push(event)
      }
      if (!made.length) return made
      const ordered = o.reorder ? [...made].reverse() : made
      const task: DeliveryTask = { eventIds: ordered.flatMap((event) => Array.from({ length: 1 + o.duplicate }, () => event.eventId)), options: o, attempt: 1 }
      await store.later(o.delayMs, 'webhook', { ...task })
      return made
    },

    /** runs a `webhook` task: its events, one after the other (or all at once with `concurrent`) */
    async deliverTask(payload: Record<string, unknown>) {
      const { eventIds, options: o, attempt } = payload as unknown as DeliveryTask
      const stopped = abort.signal // a reset or close in the meantime ends these deliveries and their retries
      const found = new Map<string, SavedEvent>()
      for (const id of new Set(eventIds)) {
        const event = await deps.store.events.get(id)
        if (event) found.set(id, attempt === 1 ? event : { ...event, url: event.url ?? urlFor(event.provider) })
      }
      const events = eventIds.flatMap((id) => found.get(id) ?? [])
      if (o.concurrent) await Promise.all(events.map((event) => deliver(event, attempt, o, stopped)))
      else for (const event of events) await deliver(event, attempt, o, stopped)
      if (stopped.aborted) throw new Interrupted()
    },

    /** Sends the stored bytes and headers again, unchanged, once. */
    async replay(eventId: string): Promise<Delivery | null> {
      const event = await deps.store.events.get(eventId)
      return event ? post(event, event.headers, 1, true) : null
    },

    setOptions(next: z.infer<typeof WebhookOptionsSpec>) {
      options = { ...options, ...next, urls: { ...options.urls, ...next.urls } }
      dropped = 0
      return options
    },
    options: () => options,
    events: () => deps.store.events.find(),
    deliveries: () => deliveries,

    reset() {
      abort.abort()
      abort = new AbortController()
      options = { ...DEFAULTS }
      deliveries = []
      dropped = 0
    },
  }
}
