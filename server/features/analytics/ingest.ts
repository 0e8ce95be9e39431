import { gunzipSync } from 'node:zlib'

/**
 * Reading what posthog-js sends to the proxy path (PostHog's capture API: /e/, /i/v0/e/, /batch/, /capture/):
 * one event, an array of them, or `{ batch: [...] }`; as JSON, gzip (`?compression=gzip-js`, or just the gzip magic bytes) or a form field `data`
 * in base64. Anything else is garbage (422).
 */
export interface IngestEvent {
  event: string
  distinctId: string
  sessionId: string | null
  path: string | null
  search: string | null
  properties: Record<string, unknown>
}

export const MAX_EVENTS_PER_BATCH = 100
const MAX_TEXT = 500

export function decodeBody(body: Buffer, compression: string | undefined): unknown {
  let text: string
  // posthog-js gzips its batches with CompressionStream and says so in the query (older) or not at all (newer)
  const gzipped = body[0] === 0x1f && body[1] === 0x8b
  if (gzipped || compression === 'gzip-js' || compression === 'gzip') text = gunzipSync(body, { maxOutputLength: 2 * 1024 * 1024 }).toString('utf8')
  else text = body.toString('utf8')
  const trimmed = text.trimStart()
  if (trimmed.startsWith('data=')) {
    const data = new URLSearchParams(trimmed).get('data') ?? ''
    text = compression === 'base64' || !/^[[{]/.test(data) ? Buffer.from(data, 'base64').toString('utf8') : data
  }
  return JSON.parse(text)
}

const str = (v: unknown, max = MAX_TEXT): string | null => (typeof v === 'string' && v.length > 0 ? v.slice(0, max) : null)

/** The events of a payload, or null when it is not PostHog's shape. */
export function readEvents(payload: unknown): IngestEvent[] | null {
  const list = Array.isArray(payload)
    ? payload
    : payload && typeof payload === 'object' && Array.isArray((payload as { batch?: unknown }).batch)
      ? (payload as { batch: unknown[] }).batch
      : [payload]
  if (list.length === 0 || list.length > MAX_EVENTS_PER_BATCH) return null
  const events: IngestEvent[] = []
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') return null
    const e = raw as { event?: unknown; distinct_id?: unknown; properties?: unknown }
    const event = str(e.event, 200)
    const props = (e.properties && typeof e.properties === 'object' ? e.properties : {}) as Record<string, unknown>
    const distinctId = str(e.distinct_id) ?? str(props.distinct_id)
    if (!event || !distinctId) return null
    const url = safeUrl(str(props.$current_url, 2000))
    const path = str(props.$pathname) ?? url?.pathname ?? null
    const search = event === '$pageview' && url?.pathname === '/products' ? str(url.searchParams.get('q')?.trim().toLowerCase(), 100) : null
    events.push({ event, distinctId, sessionId: str(props.$session_id, 100), path, search, properties: props })
  }
  return events
}

function safeUrl(s: string | null): URL | null {
  if (!s) return null
  try {
    return new URL(s)
  } catch {
    return null
  }
}
