import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, drivers, MAIN, type TestApp } from '../../test/app'
import { websiteOf } from '../../test/shopper'
import { addOrigin } from './service'
import { TLS_ASK_PATH, TLS_ASK_PER_MINUTE } from './tls-ask-routes'

/**
 * Issue 27: the TLS proxy asks before it makes a certificate for a name a client sent (Caddy's on_demand_tls). Yes for
 * a website's https:// domain, no for anything else, and nothing more: anyone can make the proxy ask.
 */
describe.each(drivers)('the TLS proxy asks whether to make a certificate (%s)', (driver) => {
  let t: TestApp
  /** as the proxy asks: straight to the app, no website header, no cookie */
  const ask = (domain: string, options: { from?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'GET', url: `${TLS_ASK_PATH}?domain=${encodeURIComponent(domain)}`, remoteAddress: options.from, headers: options.headers })

  beforeAll(async () => {
    t = await buildTestApp(driver)
    const main = await websiteOf(t, MAIN)
    await addOrigin(t.app.deps.db, main.id, 'https://kirana.example')
    await addOrigin(t.app.deps.db, main.id, 'https://staging.kirana.example:8443')
  })
  afterAll(() => t.close())

  it('says yes for a host some website answers on over https (any port), no for everything else, in the same words', async () => {
    const answers: Record<string, number> = {}
    for (const domain of [
      'kirana.example',
      'KIRANA.example.',
      'staging.kirana.example',
      'unknown.example',
      'example',
      'localhost', // the demo website's http:// origin: no certificate for it
      'shop2.localhost',
      'kirana.example:443',
      'kirana_example', // no wildcard of SQL's LIKE gets through
      'k%',
      'kirana.example/..',
      '',
      `${'a'.repeat(64)}.example`,
    ]) {
      const res = await ask(domain)
      answers[domain] = res.statusCode
      expect(res.body, domain).toBe(res.statusCode === 200 ? '' : '{"message":"No certificate for this name"}')
    }
    expect(answers).toEqual({
      'kirana.example': 200,
      'KIRANA.example.': 200,
      'staging.kirana.example': 200,
      'unknown.example': 404,
      example: 404,
      localhost: 404,
      'shop2.localhost': 404,
      'kirana.example:443': 404,
      kirana_example: 404,
      'k%': 404,
      'kirana.example/..': 404,
      '': 404,
      [`${'a'.repeat(64)}.example`]: 404,
    })
    expect((await t.app.inject({ method: 'GET', url: TLS_ASK_PATH })).statusCode, 'no domain').toBe(404)
    expect((await t.app.inject({ method: 'GET', url: `${TLS_ASK_PATH}?domain=a&domain=kirana.example` })).statusCode, 'two').toBe(404)
  })

  it('answers no to anything that came through the proxy or from a public address', async () => {
    expect((await ask('kirana.example', { from: '10.0.0.7' })).statusCode, 'the proxy on the private network').toBe(200)
    expect((await ask('kirana.example', { from: '::ffff:127.0.0.1' })).statusCode).toBe(200)
    expect((await ask('kirana.example', { headers: { 'x-forwarded-for': '10.0.0.8' } })).statusCode, 'forwarded by the proxy').toBe(404)
    expect((await ask('kirana.example', { headers: { forwarded: 'for=10.0.0.8' } })).statusCode).toBe(404)
    expect((await ask('kirana.example', { from: '8.8.8.8' })).statusCode, 'from the internet').toBe(404)
  })

  it('counts the questions per sender: a flood of names from one is refused, another is still answered', async () => {
    const from = '10.0.0.99'
    const statuses = new Set<number>()
    for (let i = 0; i < TLS_ASK_PER_MINUTE; i++) statuses.add((await ask(`flood-${i}.example`, { from })).statusCode)
    expect([...statuses]).toEqual([404])
    expect((await ask('kirana.example', { from })).statusCode).toBe(429)
    expect((await ask('kirana.example', { from: '10.0.0.100' })).statusCode).toBe(200)
  })
})
