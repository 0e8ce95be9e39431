import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../config'
import { otpCodes } from '../db/schema/accounts'
import { captureDelivery, cookiesOf } from '../features/accounts/test-kit'
import { buildTestApp, drivers, PRODUCTION, type TestApp } from './app'

/**
 * Issue 27: the client's address is the one the socket gives, unless TRUST_PROXY names the proxy in front; then it is
 * what that proxy adds to X-Forwarded-For. Anyone can send the header, so believing it from everyone (as production
 * did) let one client reset every per-address limit, the sign-in code limits (20 an hour per address) included.
 */
const PER_ADDRESS_HOUR = 20

describe.each(drivers)('the client address in production (%s)', (driver) => {
  const lines: string[] = []
  let direct: TestApp
  let proxied: TestApp
  let hops: TestApp
  const app = (overrides: Partial<Config> = {}) =>
    buildTestApp(
      driver,
      { ...PRODUCTION, LOG_LEVEL: 'info', ...overrides },
      { otpDelivery: captureDelivery(), logStream: { write: (line: string) => void lines.push(line) } },
    )
  beforeAll(async () => {
    direct = await app()
    proxied = await app({ TRUST_PROXY: ['127.0.0.1'] })
    hops = await app({ TRUST_PROXY: 1 })
  })
  afterAll(async () => {
    await Promise.all([direct, proxied, hops].map((t) => t?.close()))
  })

  let next = 0
  /** asks a sign-in code for a new number each time (no per-number limit gets in the way) */
  async function askCode(t: TestApp, from: string, forwardedFor?: string) {
    const jar = cookiesOf(await t.call({ method: 'GET', url: '/s/api/cookie', remoteAddress: from }))
    const xsrf = jar.get('XSRF-TOKEN')!.value
    const username = `91${String(Date.now() % 1e6).padStart(6, '0')}${String(next++ % 100).padStart(2, '0')}`
    const res = await t.call({
      method: 'POST',
      url: '/s/api/auth/login',
      payload: { username },
      remoteAddress: from,
      headers: {
        cookie: `__Host-sid=${jar.get('__Host-sid')!.value}; XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
    })
    const [row] = await t.app.deps.db.select({ ip: otpCodes.ip }).from(otpCodes).where(eq(otpCodes.username, username))
    return { status: res.statusCode, message: res.json().message as string | undefined, ip: row?.ip }
  }

  it('without TRUST_PROXY, a forged X-Forwarded-For does not dodge the per-address sign-in limit', async () => {
    for (let i = 0; i < PER_ADDRESS_HOUR; i++) {
      const asked = await askCode(direct, '203.0.113.7', `198.51.100.${i}`)
      expect(asked, `code ${i + 1}`).toEqual({ status: 200, message: undefined, ip: '203.0.113.7' })
    }
    const refused = await askCode(direct, '203.0.113.7', '198.51.100.99')
    expect([refused.status, refused.message]).toEqual([429, 'Too many sign-in codes were asked for from your network. Please try again in an hour.'])
    expect((await askCode(direct, '203.0.113.8', '203.0.113.7')).status, 'another address is not limited').toBe(200)
  })

  it('with TRUST_PROXY=127.0.0.1, the address that proxy forwards counts, in the limits and in the log', async () => {
    for (let i = 0; i < PER_ADDRESS_HOUR; i++) expect((await askCode(proxied, '127.0.0.1', '198.51.100.7')).ip).toBe('198.51.100.7')
    expect((await askCode(proxied, '127.0.0.1', '198.51.100.7')).status, 'the 21st code for that client').toBe(429)
    expect(await askCode(proxied, '127.0.0.1', '203.0.113.50, 198.51.100.8'), 'another client behind the same proxy').toMatchObject({
      status: 200,
      ip: '198.51.100.8',
    })
    // the header is the proxy's word only: from anywhere else it is ignored
    expect((await askCode(proxied, '203.0.113.9', '198.51.100.7')).ip).toBe('203.0.113.9')
    const logged = lines.map((l) => JSON.parse(l) as { msg?: string; req?: { url: string; remoteAddress: string } })
    const logins = logged.filter((l) => l.msg === 'incoming request' && l.req?.url === '/s/api/auth/login').map((l) => l.req!.remoteAddress)
    expect(logins).toContain('198.51.100.8')
    expect(logins).not.toContain('203.0.113.50')
  })

  it('with a hop count, the address the nearest proxy added is the client', async () => {
    expect((await askCode(hops, '10.1.2.3', '203.0.113.50, 198.51.100.60')).ip).toBe('198.51.100.60')
    expect((await askCode(hops, '10.1.2.3')).ip).toBe('10.1.2.3')
  })

  it('refuses sign-in by a channel that has no provider (OTP_EMAIL_PROVIDER=none), before any code is made', async () => {
    const jar = cookiesOf(await direct.call({ method: 'GET', url: '/s/api/cookie' }))
    const xsrf = jar.get('XSRF-TOKEN')!.value
    const res = await direct.call({
      method: 'POST',
      url: '/s/api/auth/login',
      payload: { username: 'meera@shop.in' },
      headers: { cookie: `__Host-sid=${jar.get('__Host-sid')!.value}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    })
    expect([res.statusCode, res.json().errors]).toEqual([422, { username: 'Sign-in by email is not available here. Please use your mobile number.' }])
    expect(
      await direct.app.deps.db
        .select()
        .from(otpCodes)
        .where(inArray(otpCodes.username, ['meera@shop.in'])),
    ).toEqual([])
  })
})
