import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Config } from '../../config'
import type { AppOptions } from '../../app'
import { buildTestApp, type TestApp } from '../../test/app'
import { until } from '../../test/wait'
import { createPaymentProviders } from '../../features/payments/providers/registry'
import type { LoggedRequest } from './request-log'
import type { Delivery } from './webhooks/emitter'

/**
 * The app with its simulator, listening on a loopback port so the provider SDKs make real HTTP calls to it
 * (PAYMENTS.md D.3), and the adapters pointed at that port.
 */
export async function startSimApp(overrides: Partial<Config> = {}, extra: Pick<AppOptions, 'web' | 'logStream'> = {}) {
  const t: TestApp = await buildTestApp('pglite', { PAYMENT_HTTP_TIMEOUT_MS: 2000, ...overrides }, extra)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  // every response of this server, ended once its handler has answered (also when the caller gave up on it)
  const responses: http.ServerResponse[] = []
  t.app.server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => void responses.push(res))
  let sinceReset = 0
  const config = t.app.deps.config
  const providers = createPaymentProviders(config, { razorpay: { apiBase: origin }, cashfree: { apiBase: `${origin}/pg` } })
  t.app.payments = providers // the app's own calls (webhooks look unknown orders up) reach this port too

  async function control<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${origin}/__sim${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return (await res.json()) as T
  }

  return {
    t,
    app: t.app,
    origin,
    config,
    providers,
    razorpay: providers.providerFor('razorpay'),
    cashfree: providers.providerFor('cashfree'),
    control,
    pay: (body: Record<string, unknown>) => control('POST', '/pay', body),
    log: () => control<{ requests: LoggedRequest[]; webhooks: Delivery[] }>('GET', '/log'),
    fault: (body: Record<string, unknown>) => control('POST', '/faults', body),
    webhookOptions: (body: Record<string, unknown>) => control('POST', '/webhooks/options', body),
    async reset() {
      const answer = await control('POST', '/reset', {})
      sinceReset = responses.length // what the reset let go (hang, succeed_then_timeout) is never answered
      return answer
    },
    /**
     * Waits until every call made since the last reset has been answered by the provider, also one its caller stopped
     * waiting for (a delay fault): what a slow provider commits late is committed then, and nothing held runs into the
     * next test.
     */
    callsAnswered: () => until(() => responses.slice(sinceReset).every((res) => res.writableEnded), 10_000, 'the provider to answer every call'),
    close: () => t.close(),
  }
}

export type SimApp = Awaited<ReturnType<typeof startSimApp>>

export interface Received {
  url: string
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** A webhook endpoint on loopback that keeps the raw bytes; `answer` decides each response's status. */
export async function startWebhookReceiver() {
  const received: Received[] = []
  let answer: (r: Received, index: number) => number = () => 200
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const r = { url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) }
      received.push(r)
      res.writeHead(answer(r, received.length - 1)).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    received,
    answerWith(fn: (r: Received, index: number) => number) {
      answer = fn
    },
    clear: () => void received.splice(0),
    /** waits until `n` requests arrived (webhooks are sent in the background) */
    async waitFor(n: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} webhooks, got ${received.length}`)
        await new Promise((r) => setTimeout(r, 10))
      }
      return received
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The simple header map the adapters take, from what node:http received. */
export const headerMap = (headers: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])))
