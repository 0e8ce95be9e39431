/**
 * Sentry envelopes (what a Sentry-compatible SDK posts to its `tunnel`): a header line of JSON, then item header and
 * payload lines. https://develop.sentry.dev/sdk/data-model/envelopes/
 */
export interface ClientError {
  message: string
  type: string | null
  url: string | null
  environment: string | null
  stack: string | null
}

export interface Envelope {
  header: { dsn?: string } & Record<string, unknown>
  items: { type: string; payload: unknown }[]
}

/**
 * null when the body is not an envelope. An item whose header gives its `length` (in bytes) may hold newlines
 * (a replay recording does); the others end at the next newline.
 */
export function parseEnvelope(body: string | Buffer): Envelope | null {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  let at = 0
  const line = () => {
    const end = bytes.indexOf(0x0a, at)
    const text = bytes.subarray(at, end === -1 ? bytes.length : end).toString('utf8')
    at = end === -1 ? bytes.length : end + 1
    return text
  }
  try {
    const header = JSON.parse(line())
    if (!header || typeof header !== 'object' || Array.isArray(header)) return null
    const items: Envelope['items'] = []
    while (at < bytes.length) {
      const head = line()
      if (!head.trim()) continue
      const itemHeader = JSON.parse(head) as { type?: unknown; length?: unknown }
      if (typeof itemHeader?.type !== 'string') return null
      let raw: string
      if (typeof itemHeader.length === 'number' && itemHeader.length >= 0) {
        raw = bytes.subarray(at, at + itemHeader.length).toString('utf8')
        at += itemHeader.length
        if (bytes[at] === 0x0a) at++
      } else raw = line()
      let payload: unknown = raw
      try {
        payload = JSON.parse(raw)
      } catch {
        // replay recordings are not JSON
      }
      items.push({ type: itemHeader.type, payload })
    }
    return { header, items }
  } catch {
    return null
  }
}

const cut = (v: unknown, max: number) => (typeof v === 'string' && v ? v.slice(0, max) : null)

/** The errors of an envelope (its `event` items); transactions and replays are not kept. */
export function errorsOf(envelope: Envelope): ClientError[] {
  return envelope.items
    .filter((i) => i.type === 'event' && i.payload && typeof i.payload === 'object')
    .map((i) => {
      const e = i.payload as {
        message?: unknown
        exception?: {
          values?: { type?: unknown; value?: unknown; stacktrace?: { frames?: { filename?: string; function?: string; lineno?: number; colno?: number }[] } }[]
        }
        request?: { url?: unknown }
        environment?: unknown
      }
      const ex = e.exception?.values?.at(-1)
      const frames = ex?.stacktrace?.frames ?? []
      const stack = frames
        .slice(-20)
        .reverse()
        .map((f) => `at ${f.function ?? '?'} (${f.filename ?? '?'}:${f.lineno ?? 0}:${f.colno ?? 0})`)
        .join('\n')
      return {
        message: cut(ex?.value, 1000) ?? cut(e.message, 1000) ?? cut((e.message as { formatted?: unknown } | undefined)?.formatted, 1000) ?? 'Unknown error',
        type: cut(ex?.type, 200),
        url: cut(e.request?.url, 2000),
        environment: cut(e.environment, 100),
        stack: stack ? stack.slice(0, 8000) : null,
      }
    })
}
