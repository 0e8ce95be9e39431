import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { startBanner } from '../start-banner'
import { buildTestApp, type TestApp } from '../test/app'
import { readableLog } from './readable-log'

describe("development's readable log", () => {
  let t: TestApp
  const printed: string[] = []
  beforeAll(async () => {
    const log = readableLog({ write: (text: string) => printed.push(...text.split('\n').filter(Boolean)) }, false)
    t = await buildTestApp('pglite', { LOG_LEVEL: 'info' }, { logStream: log })
  })
  afterAll(() => t.close())

  it('is the default in development only; production and tests keep JSON lines', () => {
    expect(loadConfig({}).LOG_FORMAT).toBe('pretty')
    expect(loadConfig({ NODE_ENV: 'test' }).LOG_FORMAT).toBe('json')
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json')
  })

  it('says each request in one line once it is answered: time, method, path, status, duration', async () => {
    printed.length = 0
    await t.call({ method: 'GET', url: '/s/api/init?utm=x' })
    await t.call({ method: 'GET', url: '/s/api/nothing-here' })
    expect(printed).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/s\/api\/init 200 \d+ ms$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/s\/api\/nothing-here 404 \d+ ms$/),
    ])
  })

  it('says other lines with their level and fields, and an error with its stack below', () => {
    const out: string[] = []
    const log = readableLog({ write: (text: string) => out.push(text) }, false)
    const time = Date.parse('2026-01-02T03:04:05Z')
    log.write(`${JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', requestId: 'r1', msg: 'sign-in code for 98xxxxxx03: 123456 (console provider)' })}\n`)
    log.write(`${JSON.stringify({ level: 40, time, msg: 'redis unreachable', attempts: 3 })}\n`)
    log.write(`${JSON.stringify({ level: 50, time, msg: 'boom', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here (x.ts:1:1)' } })}\n`)
    const at = new Date(time).toTimeString().slice(0, 8)
    expect(out).toEqual([
      `${at} INFO  sign-in code for 98xxxxxx03: 123456 (console provider)\n`,
      `${at} WARN  redis unreachable attempts=3\n`,
      `${at} ERROR boom\n    Error: boom\n        at here (x.ts:1:1)\n`,
    ])
  })

  it('starts with a banner: the address, the API description, the demo accounts and where sign-in codes appear', async () => {
    const config = loadConfig({ PORT: '3000' })
    const banner = await startBanner(config, t.app.deps.db, 'the embedded database in /tmp/data/pglite')
    expect(banner).toContain('Storefront is ready at http://localhost:3000  (the embedded database in /tmp/data/pglite)')
    expect(banner).toContain('http://localhost:3000/s/api/docs')
    expect(banner).toContain('http://shop2.localhost:3000')
    expect(banner).toMatch(/9876500001 {2}Asha Superadmin +superadmin/)
    expect(banner).toMatch(/9876500002 {2}Ravi Agent +sales agent/)
    expect(banner).toMatch(/9876500003 {2}Meera Shopper +shopper/)
    expect(banner).toContain('Sign-in codes are printed in this log')
    expect(await startBanner(loadConfig({ AUTH_FIXED_OTP: '123456' }), t.app.deps.db, '')).toContain('every code is 123456')
  })
})
