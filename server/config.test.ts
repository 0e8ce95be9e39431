import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONFIG_VARIABLES, loadConfig } from './config'
import { buildTestApp, drivers, MAIN, PRODUCTION, type TestApp } from './test/app'

const SECRET = 'a-real-production-secret-0f3c9a7e51'

describe('loadConfig', () => {
  it('uses development defaults: the simulator, the demo secret', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 3000, HOST: '127.0.0.1', PAYMENTS_MODE: 'simulator', demoSecret: true, RATE_LIMIT_MAX: 600 })
    expect(config.AUTH_FIXED_OTP).toBeUndefined()
  })

  it('takes an empty variable for an unset one (as compose passes an unset METRICS_TOKEN): defaults apply, nothing is refused', () => {
    const config = loadConfig({ METRICS_TOKEN: '', SENTRY_DSN: '', POSTHOG_HOST: '', PORT: '', REDIS_URL: '' })
    expect(config).toMatchObject({ PORT: 3000 })
    expect(config.METRICS_TOKEN).toBeUndefined()
    expect(config.SENTRY_DSN).toBeUndefined()
    expect(config.REDIS_URL).toBeUndefined()
  })

  it('refuses to start in production with the demo session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/Refusing to start in production:[\s\S]*SESSION_SECRET is the demo secret/)
  })

  it('refuses to start in production with a fixed OTP', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, AUTH_FIXED_OTP: '123456' })).toThrow(
      /AUTH_FIXED_OTP must not be set in production/,
    )
  })

  it('refuses to start in production with websites’ outbound calls allowed to private addresses', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, OUTBOUND_ALLOW_PRIVATE: '1' })).toThrow(
      /OUTBOUND_ALLOW_PRIVATE must not be set in production/,
    )
  })

  it('refuses to start in production with the payment simulator', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, PAYMENTS_MODE: 'simulator' })).toThrow(
      /PAYMENTS_MODE=simulator is not allowed in production/,
    )
  })

  it('names every problem at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_FIXED_OTP: '123456', PAYMENTS_MODE: 'simulator' })).toThrow(
      /SESSION_SECRET is the demo secret\n\s+AUTH_FIXED_OTP must not be set in production\n\s+PAYMENTS_MODE=simulator is not allowed in production/,
    )
  })

  it('also refuses demo settings given as overrides', () => {
    expect(() => loadConfig({ NODE_ENV: 'test' }, { NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is the demo secret/)
    expect(() => loadConfig({ NODE_ENV: 'test' }, { NODE_ENV: 'production', SESSION_SECRET: SECRET, PAYMENTS_MODE: 'simulator' })).toThrow(
      /PAYMENTS_MODE=simulator/,
    )
  })

  it('starts in production with a real secret, defaulting to live payments', () => {
    const config = loadConfig({ ...PRODUCTION, PAYMENTS_MODE: '' })
    expect(config).toMatchObject({ NODE_ENV: 'production', PAYMENTS_MODE: 'live', demoSecret: false })
  })

  it('never seeds the demo stores in production: SEED defaults to never there, and SEED=auto is refused', () => {
    expect(loadConfig({}).SEED).toBe('auto')
    expect(loadConfig(PRODUCTION).SEED).toBe('never')
    expect(() => loadConfig({ ...PRODUCTION, SEED: 'auto' })).toThrow(/SEED=auto is not allowed in production/)
  })

  it('refuses production without a real sign-in code provider: console delivers nothing there; none offers no channel', () => {
    const sms = /OTP_SMS_PROVIDER=console delivers no code in production/
    const email = /OTP_EMAIL_PROVIDER=console delivers no code in production/
    expect(() => loadConfig({ ...PRODUCTION, OTP_SMS_PROVIDER: '' })).toThrow(sms)
    expect(() => loadConfig({ ...PRODUCTION, OTP_EMAIL_PROVIDER: 'console' })).toThrow(email)
    expect(() => loadConfig({ ...PRODUCTION, OTP_SMS_PROVIDER: 'none' })).toThrow(/OTP_SMS_PROVIDER and OTP_EMAIL_PROVIDER are both none/)
    expect(() => loadConfig({ ...PRODUCTION, OTP_SMS_PROVIDER: 'twilio', TWILIO_FROM: '' })).toThrow(/OTP_SMS_PROVIDER=twilio needs TWILIO_FROM/)
    const emailOnly = loadConfig({
      ...PRODUCTION,
      OTP_SMS_PROVIDER: 'none',
      OTP_EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://mail.internal:587',
      SMTP_FROM: 'shop@x.in',
    })
    expect(emailOnly).toMatchObject({ OTP_SMS_PROVIDER: 'none', OTP_EMAIL_PROVIDER: 'smtp' })
    // outside production the console provider stays the default: codes in the server log (and the messages simulator)
    expect(loadConfig({})).toMatchObject({ OTP_SMS_PROVIDER: 'console', OTP_EMAIL_PROVIDER: 'console', MESSAGES_MODE: 'simulator' })
  })

  it('knows WhatsApp and MSG91: production needs their keys, refuses the messages simulator and its demo keys', () => {
    const whatsapp = {
      OTP_SMS_PROVIDER: 'whatsapp',
      WHATSAPP_ACCESS_TOKEN: 'EAAreal0token0value',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: 'a-real-app-secret',
    }
    expect(loadConfig({ ...PRODUCTION, ...whatsapp })).toMatchObject({ MESSAGES_MODE: 'live', WHATSAPP_API_BASE: 'https://graph.facebook.com' })
    expect(() => loadConfig({ ...PRODUCTION, ...whatsapp, WHATSAPP_APP_SECRET: '' })).toThrow(
      /OTP_SMS_PROVIDER=whatsapp needs WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET/,
    )
    expect(() => loadConfig({ ...PRODUCTION, ...whatsapp, MESSAGES_MODE: 'simulator' })).toThrow(/MESSAGES_MODE=simulator is not allowed in production/)
    expect(() => loadConfig({ ...PRODUCTION, ...whatsapp, WHATSAPP_APP_SECRET: 'sim_whatsapp_app_secret_demo' })).toThrow(
      /WHATSAPP_APP_SECRET is the simulator's demo value/,
    )
    const msg91 = {
      OTP_SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'real-auth-key',
      MSG91_SENDER_ID: 'KRANAF',
      MSG91_TEMPLATE_IDS: 'sign_in_code:1107161234567890123',
    }
    expect(loadConfig({ ...PRODUCTION, ...msg91 })).toMatchObject({ MSG91_API_BASE: 'https://control.msg91.com' })
    expect(() => loadConfig({ ...PRODUCTION, ...msg91, MSG91_TEMPLATE_IDS: 'order_confirmed:1107161234567890123' })).toThrow(
      /OTP_SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_SENDER_ID and MSG91_TEMPLATE_IDS with sign_in_code/,
    )
    expect(() => loadConfig({ ...msg91, MSG91_TEMPLATE_IDS: 'sign_in_code' })).toThrow(/MSG91_TEMPLATE_IDS must be name:id pairs/)
    expect(() => loadConfig({ WHATSAPP_API_BASE: 'https://graph.facebook.com' })).toThrow(/WHATSAPP_API_BASE must be a loopback URL/)
  })

  it('needs a PostgreSQL URL in production unless the embedded database is asked for; a mistyped URL is refused everywhere', () => {
    expect(() => loadConfig({ ...PRODUCTION, DATABASE_URL: '' })).toThrow(/DATABASE_URL is required: postgres:\/\/… \(or pglite/)
    expect(() => loadConfig({ ...PRODUCTION, DATABASE_URL: 'memory://' })).toThrow(/DATABASE_URL=memory:\/\/ keeps nothing/)
    for (const env of [PRODUCTION, {}])
      expect(() => loadConfig({ ...env, DATABASE_URL: 'garbage' })).toThrow(/DATABASE_URL: must be postgres:\/\/… or postgresql:\/\/…/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/shop' })).toThrow(/DATABASE_URL/)
    for (const url of ['pglite', 'postgresql://u:p@db:5432/shop', 'postgres://db/shop'])
      expect(loadConfig({ ...PRODUCTION, DATABASE_URL: url }).DATABASE_URL).toBe(url)
    expect(loadConfig({}).DATABASE_URL).toBeUndefined()
  })

  it('believes X-Forwarded-For from no one unless TRUST_PROXY names the proxy (a hop count, addresses, CIDR ranges)', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined()
    expect(loadConfig(PRODUCTION).TRUST_PROXY).toBeUndefined()
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ])
    for (const value of ['true', '0', '10.0.0.0/33', '10.0.0.0/8/1', 'proxy.internal', '127.0.0.1,', '*'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be a hop count/)
  })

  it('refuses to start in production without a settings encryption key, and takes only a 32-byte one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET })).toThrow(/SETTINGS_ENCRYPTION_KEY is required/)
    expect(() => loadConfig({ SETTINGS_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/SETTINGS_ENCRYPTION_KEY: must be 32 bytes/)
  })

  it('rejects malformed settings with the variable named', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/Invalid environment:[\s\S]*SESSION_SECRET/)
    expect(() => loadConfig({ AUTH_FIXED_OTP: '12345' })).toThrow(/AUTH_FIXED_OTP/)
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/)
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/)
    expect(() => loadConfig({ PAYMENTS_MODE: 'sim' })).toThrow(/PAYMENTS_MODE/)
  })
})

describe.each(drivers)('the app in production (%s)', (driver) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(driver, PRODUCTION)
  })
  afterAll(() => t.close())

  it('names the session cookie __Host-sid and marks both cookies Secure', async () => {
    const res = await t.call({ method: 'GET', url: '/s/api/cookie' })
    expect(res.statusCode).toBe(200)
    const cookies = res.cookies as { name: string; value: string; secure?: boolean; httpOnly?: boolean; path?: string; domain?: string; sameSite?: string }[]
    expect(cookies.map((c) => c.name).sort()).toEqual(['XSRF-TOKEN', '__Host-sid'])
    const sid = cookies.find((c) => c.name === '__Host-sid')!
    expect(sid).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' })
    expect(sid.domain).toBeUndefined()
    expect(cookies.find((c) => c.name === 'XSRF-TOKEN')).toMatchObject({ secure: true, path: '/', sameSite: 'Lax' })

    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!.value
    const check = (cookie: string) => t.call({ method: 'GET', url: '/s/api/check/pincode/560001', headers: { cookie, 'x-xsrf-token': xsrf } })
    expect((await check(`__Host-sid=${sid.value}`)).statusCode).toBe(200)
    // the development cookie name means nothing in production
    expect((await check(`sid=${sid.value}`)).statusCode).toBe(403)
  })

  it('sends HSTS and maps only configured origins (no development fallback)', async () => {
    const res = await t.call({ method: 'GET', url: '/s/api/init', origin: MAIN })
    expect(res.statusCode).toBe(200)
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests')
    for (const origin of ['http://localhost:5173', 'http://shop2.localhost:5173', 'http://127.0.0.1:8080']) {
      const other = await t.call({ method: 'GET', url: '/s/api/init', origin })
      expect(other.statusCode, origin).toBe(404)
      expect(other.json().message).toBe(`No website is configured for ${origin}`)
    }
  })
})

describe('settings from files and .env.example (issue 27)', () => {
  it('reads NAME_FILE into NAME for any setting, and refuses both set or an unreadable file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'config-files-'))
    const file = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text)
      return path.join(dir, name)
    }
    const key = Buffer.alloc(32, 7).toString('base64')
    const config = loadConfig({
      ...PRODUCTION,
      SESSION_SECRET: undefined,
      SETTINGS_ENCRYPTION_KEY: undefined,
      DATABASE_URL: undefined,
      SESSION_SECRET_FILE: file('session_secret', `${SECRET}\n`),
      SETTINGS_ENCRYPTION_KEY_FILE: file('key', key),
      DATABASE_URL_FILE: file('database_url', 'postgres://storefront:s3cret@postgres:5432/storefront\n'),
      TWILIO_AUTH_TOKEN: undefined,
      TWILIO_AUTH_TOKEN_FILE: file('twilio', 'token-from-a-file'),
    })
    expect(config).toMatchObject({
      SESSION_SECRET: SECRET,
      SETTINGS_ENCRYPTION_KEY: key,
      DATABASE_URL: 'postgres://storefront:s3cret@postgres:5432/storefront',
      TWILIO_AUTH_TOKEN: 'token-from-a-file',
      demoSecret: false,
    })
    expect(() => loadConfig({ SESSION_SECRET: SECRET, SESSION_SECRET_FILE: file('other', SECRET) })).toThrow(
      'SESSION_SECRET and SESSION_SECRET_FILE are both set: keep one',
    )
    expect(() => loadConfig({ SESSION_SECRET_FILE: path.join(dir, 'missing') })).toThrow(/SESSION_SECRET_FILE: .*missing cannot be read \(ENOENT\)/)
  })

  it('.env.example lists every setting the app reads, and nothing it does not', () => {
    const text = readFileSync(path.resolve(import.meta.dirname, '../.env.example'), 'utf8')
    const listed = [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!)
    expect(CONFIG_VARIABLES.filter((name) => !listed.includes(name))).toEqual([])
    // compose's own (compose.yaml reads it), not the app's
    expect(listed.filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual(['ACME_EMAIL'])
    // each with its meaning: a comment line just above it
    const lines = text.split('\n')
    for (const name of CONFIG_VARIABLES) {
      const at = lines.findIndex((line) => new RegExp(`^#? ?${name}=`).test(line))
      let above = at - 1
      while (above >= 0 && /^#? ?[A-Z][A-Z0-9_]*=/.test(lines[above]!)) above--
      expect(lines[above], `the meaning of ${name}`).toMatch(/^# \S/)
    }
  })
})
