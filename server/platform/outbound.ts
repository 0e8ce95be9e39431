import { promises as dns, type LookupAddress } from 'node:dns'
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { isPublicAddress } from './public-address'

/**
 * Every HTTP call to an address that is not the product's own code (decision 0042). A website's staff can set some
 * of them (the monitoring DSN): those go to public addresses only, checked on the address the name resolves to when
 * the connection is made (a name that resolved to a public address when saved and to 127.0.0.1 now is refused), of
 * an allow-list when the call has one. Every call: a short timeout, at most 64 KB of answer read, no redirect followed.
 */
export interface Outbound {
  /** Why a website may not use this address (checked again at each call: DNS answers change), or null. */
  refusal(url: string, rule: AddressRule): Promise<Refusal | null>
  /** Throws OutboundRefused (nothing was sent) or OutboundFailed. */
  send(url: string, rule: AddressRule, request: OutboundRequest): Promise<OutboundAnswer>
  close(): void
}

/**
 * `operator`: an address from the operator's own settings (SENTRY_DSN, POSTHOG_HOST), in their network: any address.
 * Otherwise one a website's staff set: http(s) to public addresses only; of `hosts` or the operator's
 * OUTBOUND_ALLOW_HOSTS when the call has an allow-list (patterns: `host` or `*.domain`).
 */
export type AddressRule = 'operator' | { hosts?: readonly string[] }

/** `scheme`: not http(s); `host`: not on the allow-list; `not_public`: loopback, private, link-local… (or resolves to one) */
export type Refusal = 'scheme' | 'host' | 'not_public'

export interface OutboundRequest {
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: Uint8Array
  /** this call's own timeout, instead of the one the outbound was made with */
  timeoutMs?: number
  /** this call's own cap on the answer read (an image), instead of the outbound's */
  maxAnswerBytes?: number
}

export interface OutboundAnswer {
  status: number
  headers: IncomingHttpHeaders
  /** at most `maxAnswerBytes`; the rest was dropped (`truncated`) */
  body: Buffer
  truncated: boolean
}

export class OutboundRefused extends Error {
  constructor(
    readonly reason: Refusal,
    host: string,
  ) {
    super(`a call to ${host} was refused (${reason})`)
  }
}

export class OutboundFailed extends Error {}

/** A name's addresses, as dns.lookup(name, { all: true }) answers (tests inject their own). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>

export interface OutboundOptions {
  /** OUTBOUND_ALLOW_HOSTS: comma-separated hosts the operator adds to allow-lists */
  allowHosts?: string
  /** OUTBOUND_ALLOW_PRIVATE (never in production, config.ts): websites' addresses may be private or loopback */
  allowPrivate?: boolean
  resolve?: ResolveHost
  timeoutMs?: number
  maxAnswerBytes?: number
}

/** How long a save waits for DNS: a name not found now is checked again when used. */
const SAVE_LOOKUP_MS = 2000

export function createOutbound({
  allowHosts,
  allowPrivate = false,
  resolve = (host) => dns.lookup(host, { all: true }),
  timeoutMs = 5000,
  maxAnswerBytes = 64 * 1024,
}: OutboundOptions = {}): Outbound {
  const operatorHosts = hostList(allowHosts)

  /** The connection's own look-up: every address the name has must be public, else no connection is made. */
  const publicOnly: LookupFunction = (hostname, options, callback) => {
    const cb = callback as (err: Error | null, address: string | LookupAddress[], family?: number) => void
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0
        const usable = found.filter((a) => !family || a.family === family)
        if (found.some((a) => !isPublicAddress(a.address))) return cb(new OutboundRefused('not_public', hostname), [])
        if (!usable.length) return cb(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), [])
        if (options.all) return cb(null, usable)
        return cb(null, usable[0]!.address, usable[0]!.family)
      },
      (err: Error) => cb(err, []),
    )
  }
  const checked = {
    'http:': new http.Agent({ keepAlive: true, lookup: publicOnly }),
    'https:': new https.Agent({ keepAlive: true, lookup: publicOnly }),
  }

  /** What can be told without DNS. */
  function staticRefusal(url: URL, rule: AddressRule): Refusal | null {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme'
    if (rule === 'operator') return null
    const host = bareHost(url)
    if (isIP(host) && !allowPrivate && !isPublicAddress(host)) return 'not_public'
    if (rule.hosts && !onList(host, [...rule.hosts, ...operatorHosts])) return 'host'
    return null
  }

  return {
    async refusal(address, rule) {
      const url = parseUrl(address)
      if (!url) return 'scheme'
      const known = staticRefusal(url, rule)
      if (known || rule === 'operator' || allowPrivate || isIP(bareHost(url))) return known
      const found = await Promise.race([resolve(bareHost(url)).catch(() => []), new Promise<[]>((r) => setTimeout(r, SAVE_LOOKUP_MS, []).unref())])
      return found.some((a) => !isPublicAddress(a.address)) ? 'not_public' : null
    },

    send(address, rule, { method, headers = {}, body, timeoutMs: callTimeoutMs = timeoutMs, maxAnswerBytes: callMax = maxAnswerBytes }) {
      const url = parseUrl(address)
      if (!url) return Promise.reject(new OutboundRefused('scheme', '?'))
      const refused = staticRefusal(url, rule)
      if (refused) return Promise.reject(new OutboundRefused(refused, bareHost(url)))
      const agent = rule === 'operator' || allowPrivate ? undefined : checked[url.protocol as 'http:' | 'https:']
      const client = url.protocol === 'https:' ? https : http
      let timer: NodeJS.Timeout | undefined
      return new Promise<OutboundAnswer>((resolveAnswer, reject) => {
        const length = body ? { 'content-length': String(body.length) } : {}
        const req = client.request(url, { method, headers: { ...headers, ...length }, agent }, (res) => readCapped(res, callMax).then(resolveAnswer, reject))
        timer = setTimeout(() => req.destroy(new OutboundFailed(`${bareHost(url)} did not answer within ${callTimeoutMs} ms`)), callTimeoutMs)
        req.on('error', (err) =>
          reject(err instanceof OutboundRefused || err instanceof OutboundFailed ? err : new OutboundFailed(`${bareHost(url)}: ${err.message}`)),
        )
        req.end(body)
      }).finally(() => clearTimeout(timer))
    },

    close() {
      checked['http:'].destroy()
      checked['https:'].destroy()
    },
  }
}

function readCapped(res: IncomingMessage, max: number): Promise<OutboundAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const answer = (truncated: boolean) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks), truncated })
    res.on('data', (chunk: Buffer) => {
      const room = max - size
      chunks.push(chunk.subarray(0, room))
      size += Math.min(room, chunk.length)
      if (chunk.length > room) {
        res.destroy()
        answer(true)
      }
    })
    res.on('end', () => answer(false))
    res.on('error', (err) => reject(new OutboundFailed(err.message)))
  })
}

function parseUrl(address: string): URL | null {
  try {
    return new URL(address)
  } catch {
    return null
  }
}

/** The URL's host as DNS and the allow-list know it: no IPv6 brackets, no final dot. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '')

const hostList = (list: string | undefined) =>
  (list ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)

/** `host` exactly, or `*.domain`: any name under the domain. */
const onList = (host: string, patterns: readonly string[]) => patterns.some((p) => (p.startsWith('*.') ? host.endsWith(p.slice(1)) : host === p))
