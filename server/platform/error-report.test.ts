import { EventEmitter } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/app'
import { until } from '../test/wait'
import { createErrorReporter, envelopeUrl } from './error-report'
import { reportProcessErrors } from './errors'
import { createOutbound } from './outbound'
import { RELEASE } from './release'
import { scheduleJob } from './scheduled-job'

describe('server errors reported to a Sentry-compatible DSN (spec §9)', () => {
  it('finds the envelope endpoint of a DSN, and refuses what is not one', () => {
    expect(envelopeUrl('https://abc@o1.ingest.sentry.io/42')).toBe('https://o1.ingest.sentry.io/api/42/envelope/?sentry_key=abc&sentry_version=7')
    expect(envelopeUrl('https://abc@errors.example.com/sub/7')).toBe('https://errors.example.com/sub/api/7/envelope/?sentry_key=abc&sentry_version=7')
    expect(envelopeUrl('https://errors.example.com/7')).toBeNull()
    expect(envelopeUrl('not a url')).toBeNull()
    expect(createErrorReporter(undefined, 'local', pino({ level: 'silent' }), createOutbound())).toBeUndefined()
  })

  it('sends the error through the SDK with the release, environment and route pattern, and nothing personal', async () => {
    const host = await dsnHost()
    const listeners = () => ['uncaughtException', 'unhandledRejection'].map((e) => process.listenerCount(e))
    const before = listeners()
    const report = createErrorReporter(host.dsn, 'production', pino({ level: 'silent' }), createOutbound())!
    try {
      await report(new TypeError('boom', { cause: new Error('the cause') }), { method: 'GET', route: '/s/api/products/:slug', requestId: 'req-7' })
      // the process's errors stay ours to handle (platform/errors.ts): the SDK listens to none of them
      expect(listeners()).toEqual(before)
      await until(() => host.envelopes.length > 0, 5000, 'the envelope at the DSN host')
      const { url, header, items } = host.envelopes[0]!
      expect(url).toMatch(/^\/api\/3\/envelope\/\?sentry_version=7&sentry_key=key&sentry_client=sentry\.javascript\.node%2F11\./)
      expect(header).toMatchObject({ event_id: expect.stringMatching(/^[0-9a-f]{32}$/), sdk: { name: 'sentry.javascript.node', version: '11.12.0' } })
      expect(items.map((i) => i.type)).toEqual(['event'])
      const e = items[0]!.payload
      expect(e).toMatchObject({
        environment: 'production',
        release: RELEASE,
        level: 'error',
        platform: 'node',
        transaction: 'GET /s/api/products/:slug',
        tags: { kind: 'request', method: 'GET', route: '/s/api/products/:slug', request_id: 'req-7' },
      })
      expect(RELEASE).toMatch(/^storefront@\d+\.\d+\.\d+/)
      // the cause first, as Sentry lists linked errors
      expect(e.exception.values.map((v: { type: string; value: string }) => `${v.type}: ${v.value}`)).toEqual(['Error: the cause', 'TypeError: boom'])
      expect(e.exception.values[1].mechanism).toMatchObject({ handled: true })
      expect(e.exception.values[1].stacktrace.frames.at(-1)).toMatchObject({ filename: expect.stringContaining('error-report.test.ts'), in_app: true })
      expect(e.request).toBeUndefined()
      expect(e.user).toBeUndefined()
    } finally {
      await report.close()
      host.close()
    }
  })

  it('logs a report that cannot be sent, and the caller goes on', async () => {
    const warnings: string[] = []
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) })
    // a port nothing listens on
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const report = createErrorReporter(`http://key@127.0.0.1:${port}/3`, 'production', log, createOutbound())!
    try {
      await expect(report(new Error('unheard'), { job: 'a job' })).resolves.toBeUndefined()
      expect(warnings).toContain('the error report could not be sent')
    } finally {
      await report.close()
    }
  })
})

/** A stand-in for Sentry's ingest host: the envelopes it receives, each as its header and items. */
async function dsnHost() {
  // biome-ignore lint/suspicious/noExplicitAny: an event as Sentry receives it
  type Item = { type: string; payload: any }
  const envelopes: { url: string; header: object; items: Item[] }[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const [header, ...lines] = body.split('\n').filter(Boolean)
      const items: Item[] = []
      for (let i = 0; i + 1 < lines.length; i += 2) items.push({ type: JSON.parse(lines[i]!).type, payload: JSON.parse(lines[i + 1]!) })
      envelopes.push({ url: req.url ?? '', header: JSON.parse(header!), items })
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const events = () => envelopes.flatMap((e) => e.items.filter((i) => i.type === 'event').map((i) => i.payload))
  return { envelopes, events, dsn: `http://key@127.0.0.1:${(server.address() as AddressInfo).port}/3`, close: () => server.close() }
}

describe('background jobs and the process report their errors to the DSN (issue 27)', () => {
  it('sends a failed scheduled job and an unhandled rejection as events; an uncaught exception exits after its report', async () => {
    const host = await dsnHost()
    const t = await buildTestApp('pglite', { SENTRY_DSN: host.dsn })
    const exits: number[] = []
    // the process's events from a stand-in: vitest listens to the real ones itself
    const processEvents = new EventEmitter()
    const stop = reportProcessErrors(t.app, (code) => void exits.push(code), processEvents as unknown as NodeJS.Process)
    try {
      scheduleJob(t.app, { name: 'failing job', everyMs: 60_000, run: async () => Promise.reject(new Error('job boom')) }, 20)
      await until(() => host.events().some((e) => e.transaction === 'job failing job'), 5000, 'the job error at the DSN')
      processEvents.emit('unhandledRejection', new Error('forgotten promise'), Promise.resolve())
      await until(() => host.events().some((e) => e.transaction === 'process unhandledRejection'), 5000, 'the rejection at the DSN')
      processEvents.emit('uncaughtException', new Error('thrown nowhere'), 'uncaughtException')
      await until(() => exits.length > 0, 5000, 'the exit after the report')
      const byName = (name: string) => host.events().find((e) => e.transaction === name)
      expect(byName('job failing job')).toMatchObject({ tags: { kind: 'job' }, exception: { values: [{ value: 'job boom', mechanism: { handled: true } }] } })
      expect(byName('process unhandledRejection').exception.values[0]).toMatchObject({ value: 'forgotten promise', mechanism: { handled: false } })
      expect(byName('process uncaughtException').exception.values[0]).toMatchObject({ value: 'thrown nowhere', mechanism: { handled: false } })
      expect(exits[0]).toBe(1)
    } finally {
      stop()
      await t.close()
      host.close()
    }
  })
})
