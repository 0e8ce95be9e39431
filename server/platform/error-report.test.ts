import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createErrorReporter, envelopeUrl } from './error-report'
import { createOutbound } from './outbound'

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
