import http from 'node:http'
import type net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, drivers, MAIN, PRODUCTION, type TestApp } from '../../test/app'
import { hashToken } from '../session/service'
import { cookiesOf, SHOPPER } from './test-kit'

const SECRET = 'a-real-production-secret-0f3c9a7e51'

/**
 * The app as production runs it (NODE_ENV=production, codes by SMS through the Twilio adapter pointed at a
 * loopback stand-in), with its log captured: cookie flags, and no code, session id, token or number in any line.
 */
describe.each(drivers)('cookies and logs in production (%s)', (driver) => {
  let t: TestApp
  const lines: string[] = []
  const smsBodies: string[] = []
  let failSms = false
  const twilio = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c))
    req.on('end', () => {
      smsBodies.push(new URLSearchParams(body).get('Body') ?? '')
      if (failSms) res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":20500,"message":"Internal Server Error"}')
      else res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1","status":"queued"}')
    })
  })

  beforeAll(async () => {
    await new Promise<void>((r) => twilio.listen(0, '127.0.0.1', () => r()))
    const port = (twilio.address() as net.AddressInfo).port
    t = await buildTestApp(
      driver,
      {
        ...PRODUCTION,
        SESSION_SECRET: SECRET,
        LOG_LEVEL: 'info',
        TWILIO_BASE_URL: `http://127.0.0.1:${port}`,
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 'twilio-secret-token',
      },
      { logStream: { write: (line: string) => void lines.push(line) } },
    )
  })
  afterAll(async () => {
    await t.close()
    await new Promise<void>((r) => twilio.close(() => r()))
  })

  it('signs in with __Host- Secure httpOnly SameSite=Lax cookies and leaves no secret in the log', async () => {
    const first = await t.call({ method: 'GET', url: '/s/api/cookie', headers: { 'user-agent': 'test' } })
    const jar = cookiesOf(first)
    const sid = jar.get('__Host-sid')!
    const xsrf = jar.get('XSRF-TOKEN')!
    expect(sid).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })
    expect(sid.domain).toBeUndefined()
    expect(xsrf).toMatchObject({ secure: true, sameSite: 'Lax', path: '/' })
    expect(xsrf.httpOnly).toBeFalsy()
    const visitor = { cookie: `__Host-sid=${sid.value}; XSRF-TOKEN=${xsrf.value}`, xsrf: xsrf.value }

    expect((await t.call({ method: 'POST', url: '/s/api/auth/login', payload: { username: SHOPPER }, session: visitor })).statusCode).toBe(200)
    const code = /^(\d{6}) is your Kirana Fresh sign-in code/.exec(smsBodies.at(-1) ?? '')?.[1]
    expect(code).toMatch(/^\d{6}$/)
    const verified = await t.call({ method: 'POST', url: '/s/api/auth/verify', payload: { username: SHOPPER, otp: code }, session: visitor })
    expect(verified.statusCode).toBe(200)
    const signed = cookiesOf(verified)
    const newSid = signed.get('__Host-sid')!
    expect(newSid).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })
    expect(newSid.value).not.toBe(sid.value)
    const session = { cookie: `__Host-sid=${newSid.value}; XSRF-TOKEN=${signed.get('XSRF-TOKEN')!.value}`, xsrf: signed.get('XSRF-TOKEN')!.value }
    expect((await t.call({ method: 'GET', url: '/s/api/account/profile', session })).statusCode).toBe(200)
    expect((await t.call({ method: 'GET', url: '/s/api/auth/logout', session })).statusCode).toBe(200)

    // a provider failure is logged as a failure, still without the number, code or credentials
    failSms = true
    const other = { ...visitor }
    const v2 = cookiesOf(await t.call({ method: 'GET', url: '/s/api/cookie' }))
    other.cookie = `__Host-sid=${v2.get('__Host-sid')!.value}; XSRF-TOKEN=${v2.get('XSRF-TOKEN')!.value}`
    other.xsrf = v2.get('XSRF-TOKEN')!.value
    const failed = await t.call({ method: 'POST', url: '/s/api/auth/login', payload: { username: '9876500001' }, session: other })
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toEqual({ message: 'Something went wrong' })
    const failedCode = /^(\d{6})/.exec(smsBodies.at(-1) ?? '')?.[1]

    const log = lines.join('\n')
    expect(log).toContain('incoming request')
    expect(log).toContain('twilio: answered 500')
    const secrets = [
      code!,
      failedCode!,
      sid.value,
      newSid.value,
      hashToken(sid.value),
      hashToken(newSid.value),
      xsrf.value,
      session.xsrf,
      SHOPPER,
      '9876500001',
      'twilio-secret-token',
      SECRET,
    ]
    for (const secret of secrets) expect(log, `the log holds ${secret}`).not.toContain(secret)
  })

  it('keeps the XSRF cookie and header names as the spec has them, on the production origin only', async () => {
    const res = await t.call({ method: 'GET', url: '/s/api/init', origin: MAIN })
    expect(res.statusCode).toBe(200)
    expect((await t.call({ method: 'GET', url: '/s/api/init', origin: 'http://localhost:5173' })).statusCode).toBe(404)
  })
})
