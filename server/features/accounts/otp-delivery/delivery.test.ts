import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../config'
import { consoleSender } from './console'
import { createOtpDelivery } from './index'
import type { OtpMessage } from './message'
import { smtpSender } from './smtp'
import { twilioSender } from './twilio'

const sms: OtpMessage = { to: { kind: 'mobile', value: '9876500003' }, code: '482913', siteName: 'Kirana Fresh', minutes: 5 }
const mail: OtpMessage = { to: { kind: 'email', value: 'meera@shop.in' }, code: '771204', siteName: 'Kirana Fresh', minutes: 5 }

/** A stand-in for api.twilio.com on loopback that records what it was sent. */
function fakeTwilio() {
  const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = []
  let answer = { status: 201, body: { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' } as object }
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c))
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body })
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
    })
  })
  return {
    seen,
    server,
    answer: (status: number, body: object) => (answer = { status, body }),
    url: () => `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
  }
}

/** Just enough SMTP (RFC 5321) on loopback to receive one message the way a relay would. */
function fakeSmtp() {
  const messages: { from: string; to: string[]; data: string }[] = []
  const server = net.createServer((socket) => {
    let buffer = ''
    let inData = false
    let current = { from: '', to: [] as string[], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 fake.smtp ESMTP ready')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          current.data = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          messages.push(current)
          current = { from: '', to: [], data: '' }
          reply('250 2.0.0 queued')
          continue
        }
        const nl = buffer.indexOf('\r\n')
        if (nl < 0) return
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake.smtp')
        else if (verb === 'MAIL') (current.from = line.slice(10).trim()), reply('250 2.1.0 ok')
        else if (verb === 'RCPT') current.to.push(line.slice(8).trim()), reply('250 2.1.5 ok')
        else if (verb === 'DATA') (inData = true), reply('354 end with <CRLF>.<CRLF>')
        else if (verb === 'QUIT') reply('221 bye'), socket.end()
        else reply('250 ok')
      }
    })
  })
  return { server, messages, url: () => `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}` }
}

const listen = (s: net.Server) => new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))
const close = (s: net.Server) => new Promise<void>((r) => s.close(() => r()))

describe('sign-in code delivery', () => {
  const twilio = fakeTwilio()
  const smtp = fakeSmtp()
  beforeAll(() => Promise.all([listen(twilio.server), listen(smtp.server)]))
  afterAll(() => Promise.all([close(twilio.server), close(smtp.server)]))

  const twilioConfig = () => ({
    TWILIO_BASE_URL: twilio.url(),
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
    TWILIO_AUTH_TOKEN: 'twilio-secret-token',
    TWILIO_FROM: '+15005550006',
    TWILIO_MESSAGING_SERVICE_SID: undefined,
  })

  it('Twilio: POST …/Accounts/{Sid}/Messages.json, Basic auth, form-encoded To (E.164), From and Body', async () => {
    twilio.answer(201, { sid: 'SM1', status: 'queued' })
    await twilioSender(twilioConfig()).send(sms)
    const req = twilio.seen.at(-1)!
    expect(req.method).toBe('POST')
    expect(req.url).toBe('/2010-04-01/Accounts/AC00000000000000000000000000000001/Messages.json')
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('AC00000000000000000000000000000001:twilio-secret-token').toString('base64')}`)
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded')
    const form = new URLSearchParams(req.body)
    expect(form.get('To')).toBe('+919876500003')
    expect(form.get('From')).toBe('+15005550006')
    expect(form.get('Body')).toBe('482913 is your Kirana Fresh sign-in code. It expires in 5 minutes. Never share it with anyone, not even our staff.')
  })

  it('Twilio: a Messaging Service instead of From, and errors that name the status but never the secrets', async () => {
    await twilioSender({ ...twilioConfig(), TWILIO_MESSAGING_SERVICE_SID: 'MG1' }).send(sms)
    const form = new URLSearchParams(twilio.seen.at(-1)!.body)
    expect(form.get('MessagingServiceSid')).toBe('MG1')
    expect(form.has('From')).toBe(false)
    twilio.answer(401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 })
    const err = await twilioSender(twilioConfig())
      .send(sms)
      .catch((e: Error) => e)
    expect(String(err)).toBe('OtpDeliveryError: twilio: answered 401 (error 20003)')
    expect(JSON.stringify(err) + String(err)).not.toMatch(/twilio-secret-token|482913|9876500003/)
    const down = await twilioSender({ ...twilioConfig(), TWILIO_BASE_URL: 'http://127.0.0.1:9' })
      .send(sms)
      .catch((e: Error) => e)
    expect(String(down)).toBe('OtpDeliveryError: twilio: could not connect')
  })

  it('SMTP: an email with the code through nodemailer', async () => {
    await smtpSender({ SMTP_URL: smtp.url(), SMTP_FROM: 'Kirana Fresh <no-reply@kirana.in>' }).send(mail)
    const m = smtp.messages.at(-1)!
    expect(m.from).toBe('<no-reply@kirana.in>')
    expect(m.to).toEqual(['<meera@shop.in>'])
    expect(m.data).toMatch(/^Subject: Your Kirana Fresh sign-in code$/m)
    expect(m.data).toContain('771204 is your Kirana Fresh sign-in code.')
    const err = await smtpSender({ SMTP_URL: 'smtp://127.0.0.1:9', SMTP_FROM: 'x@y.in' })
      .send(mail)
      .catch((e: Error) => e)
    expect(String(err)).toMatch(/^OtpDeliveryError: smtp: failed/)
    expect(String(err)).not.toContain('771204')
  })

  it('console: logs the code with the number masked in development, never the code in production', async () => {
    const lines: string[] = []
    const log = { info: (...a: unknown[]) => lines.push(JSON.stringify(a)), warn: (...a: unknown[]) => lines.push(JSON.stringify(a)) }
    await consoleSender({ NODE_ENV: 'development' }, log).send(sms)
    expect(lines.at(-1)).toContain('482913')
    expect(lines.at(-1)).toContain('98xxxxxx03')
    expect(lines.at(-1)).not.toContain('9876500003')
    await consoleSender({ NODE_ENV: 'production' }, log).send(sms)
    expect(lines.at(-1)).not.toContain('482913')
    expect(lines.at(-1)).toContain('not delivered')
  })

  it('routes numbers to SMS and emails to email, by configuration', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      OTP_SMS_PROVIDER: 'twilio',
      OTP_EMAIL_PROVIDER: 'smtp',
      ...twilioConfig(),
      TWILIO_MESSAGING_SERVICE_SID: '',
      SMTP_URL: smtp.url(),
      SMTP_FROM: 'no-reply@kirana.in',
    })
    twilio.answer(201, { sid: 'SM2' })
    const before = { sms: twilio.seen.length, mail: smtp.messages.length }
    const delivery = createOtpDelivery(config, { info: () => {}, warn: () => {} } as never)
    await delivery.send(sms)
    await delivery.send(mail)
    expect(twilio.seen.length).toBe(before.sms + 1)
    expect(smtp.messages.length).toBe(before.mail + 1)
  })

  it('refuses to start with a provider chosen but not configured', () => {
    expect(() => loadConfig({ OTP_SMS_PROVIDER: 'twilio' })).toThrow(/OTP_SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN/)
    expect(() => loadConfig({ OTP_EMAIL_PROVIDER: 'smtp' })).toThrow(/OTP_EMAIL_PROVIDER=smtp needs SMTP_URL and SMTP_FROM/)
    expect(() => loadConfig({ OTP_SMS_PROVIDER: 'gupshup' })).toThrow(/OTP_SMS_PROVIDER/)
    // WhatsApp and MSG91 need their keys unless the simulator plays them
    expect(() => loadConfig({ OTP_SMS_PROVIDER: 'msg91', MESSAGES_MODE: 'live' })).toThrow(/OTP_SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_SENDER_ID/)
    expect(() => loadConfig({ OTP_SMS_PROVIDER: 'whatsapp', MESSAGES_MODE: 'live' })).toThrow(/OTP_SMS_PROVIDER=whatsapp needs WHATSAPP_ACCESS_TOKEN/)
    expect(loadConfig({ OTP_SMS_PROVIDER: 'whatsapp' }).MESSAGES_MODE).toBe('simulator')
  })
})
