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
import { scheduleJob } from './scheduled-job'

describe('server errors reported to a Sentry-compatible DSN (spec §9)', () => {
  it('finds the envelope endpoint of a DSN, and refuses what is not one', () => {
    expect(envelopeUrl('https://abc@o1.ingest.sentry.io/42')).toBe('https://o1.ingest.sentry.io/api/42/envelope/?sentry_key=abc&sentry_version=7')
    expect(envelopeUrl('https://abc@errors.example.com/sub/7')).toBe('https://errors.example.com/sub/api/7/envelope/?sentry_key=abc&sentry_version=7')
    expect(envelopeUrl('https://errors.example.com/7')).toBeNull()
    expect(envelopeUrl('not a url')).toBeNull()
    expect(createErrorReporter(undefined, 'local', pino({ level: 'silent' }), createOutbound())).toBeUndefined()
  })

  it('sends an error event with the environment and the route pattern, not the path', async () => {
    const bodies: string[] = []
    const got = new Promise<void>((resolve) => {
      const server = createServer((req, res) => {
        let body = ''
        req.on('data', (c) => (body += c))
        req.on('end', () => {
          bodies.push(`${req.url}\n${body}`)
          res.end('{}')
          server.close()
          resolve()
        })
      }).listen(0, '127.0.0.1', () => {
        const port = (server.address() as AddressInfo).port
        const report = createErrorReporter(`http://key@127.0.0.1:${port}/9`, 'production', pino({ level: 'silent' }), createOutbound())!
        report(new TypeError('boom'), { method: 'GET', route: '/s/api/products/:slug' })
      })
    })
    await got
    const [url, header, item, event] = bodies[0]!.split('\n')
    expect(url).toBe('/api/9/envelope/?sentry_key=key&sentry_version=7')
    expect(JSON.parse(header!).dsn).toContain('key@127.0.0.1')
    expect(JSON.parse(item!)).toEqual({ type: 'event' })
    const e = JSON.parse(event!)
    expect(e).toMatchObject({ environment: 'production', level: 'error', transaction: 'GET /s/api/products/:slug' })
    expect(e.exception.values[0]).toMatchObject({ type: 'TypeError', value: 'boom' })
    expect(e.exception.values[0].stacktrace.frames.length).toBeGreaterThan(0)
  })
})

describe('background jobs and the process report their errors to the DSN (issue 27)', () => {
  /** a stand-in for Sentry's ingest host: the events of the envelopes it receives */
  async function dsnHost() {
    const events: { transaction: string; tags: { kind: string }; exception: { values: { value: string; mechanism: { handled: boolean } }[] } }[] = []
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        events.push(JSON.parse(body.split('\n')[2]!))
        res.end('{}')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return { events, dsn: `http://key@127.0.0.1:${(server.address() as AddressInfo).port}/3`, close: () => server.close() }
  }

  it('sends a failed scheduled job and an unhandled rejection as events; an uncaught exception exits after its report', async () => {
    const host = await dsnHost()
    const t = await buildTestApp('pglite', { SENTRY_DSN: host.dsn })
    const exits: number[] = []
    // the process's events from a stand-in: vitest listens to the real ones itself
    const processEvents = new EventEmitter()
    const stop = reportProcessErrors(t.app, (code) => void exits.push(code), processEvents as unknown as NodeJS.Process)
    try {
      scheduleJob(t.app, { name: 'failing job', everyMs: 60_000, run: async () => Promise.reject(new Error('job boom')) }, 20)
      await until(() => host.events.some((e) => e.transaction === 'job failing job'), 5000, 'the job error at the DSN')
      processEvents.emit('unhandledRejection', new Error('forgotten promise'), Promise.resolve())
      await until(() => host.events.some((e) => e.transaction === 'process unhandledRejection'), 5000, 'the rejection at the DSN')
      processEvents.emit('uncaughtException', new Error('thrown nowhere'), 'uncaughtException')
      await until(() => exits.length > 0, 5000, 'the exit after the report')
      const byName = (name: string) => host.events.find((e) => e.transaction === name)!
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
