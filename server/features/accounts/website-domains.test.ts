import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema/audit'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp, type TestSession } from '../../test/app'
import { websiteOf } from '../../test/shopper'
import { captureDelivery, post, signIn, SHOPPER, SUPERADMIN } from './test-kit'

/** Issue 27: a superadmin gives a website its own domains; a request there is that website's at once. */
describe.each(drivers)("superadmin: a website's domains (%s)", (driver) => {
  let t: TestApp
  const codes = captureDelivery()
  let boss: TestSession
  let shopper: TestSession
  let shop2: number
  const url = (id: number, tail = '') => `/s/api/bos/websites/${id}/domains${tail}`
  const nameAt = async (origin: string) => {
    const res = await t.call({ method: 'GET', url: '/s/api/init', origin })
    return res.statusCode === 200 ? (res.json().web.name as string) : res.statusCode
  }
  const ask = async (domain: string) => (await t.app.inject({ method: 'GET', url: `/s/api/tls/ask?domain=${domain}` })).statusCode

  beforeAll(async () => {
    t = await buildTestApp(driver, {}, { otpDelivery: codes })
    ;[boss, shopper] = [await signIn(t, codes, SUPERADMIN), await signIn(t, codes, SHOPPER)]
    shop2 = (await websiteOf(t, SHOP2)).id
  })
  afterAll(() => t.close())

  it('is for superadmins only: 401 for visitors, 403 for shoppers, 404 for a website they do not manage', async () => {
    const visitor = await t.visitor()
    const body = { origin: 'https://chai.example' }
    for (const [session, status] of [
      [visitor, 401],
      [shopper, 403],
    ] as const) {
      expect((await t.call({ method: 'GET', url: url(shop2), session })).statusCode).toBe(status)
      expect((await post(t, url(shop2), body, session)).statusCode).toBe(status)
      expect((await post(t, url(shop2, '/remove'), body, session)).statusCode).toBe(status)
    }
    expect((await t.call({ method: 'GET', url: url(999_999), session: boss })).json()).toEqual({
      message: 'No such website among the ones you manage',
      code: 'not_found',
    })
  })

  it('adds a domain: the website answers there at once, the TLS proxy may get its certificate, audited', async () => {
    expect((await t.call({ method: 'GET', url: url(shop2), session: boss })).json()).toEqual({ website_id: shop2, origins: [SHOP2] })
    expect(await nameAt('https://chai.example')).toBe(404) // remembered as "no website here" for a while
    expect(await ask('chai.example')).toBe(404)

    const added = await post(t, url(shop2), { origin: 'https://Chai.example/' }, boss)
    expect(added.statusCode, added.body).toBe(201)
    expect(added.json()).toEqual({ website_id: shop2, origins: ['http://shop2.localhost:3000', 'https://chai.example'] })
    expect(await nameAt('https://chai.example')).toBe('Chai & Chakna Store')
    expect(await ask('chai.example')).toBe(200)
    const audited = await t.app.deps.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, shop2), eq(auditLog.action, 'website.domain.add')))
    expect(audited.map((a) => a.data)).toEqual([{ origin: 'https://chai.example' }])
  })

  it('refuses an address a website already answers at (this one or another), and one that is not an origin', async () => {
    for (const origin of ['https://chai.example', MAIN]) {
      const res = await post(t, url(shop2), { origin }, boss)
      expect([res.statusCode, res.json().errors]).toEqual([409, { origin: 'A website already answers at this address' }])
    }
    const res = await post(t, url(shop2), { origin: 'https://chai.example/shop' }, boss)
    expect([res.statusCode, res.json().errors]).toEqual([422, { origin: 'Enter the address as https://shop.example (scheme, host and optional port only)' }])
  })

  it('removes a domain, but never the last one', async () => {
    const removed = await post(t, url(shop2, '/remove'), { origin: 'https://chai.example' }, boss)
    expect(removed.json()).toEqual({ website_id: shop2, origins: [SHOP2] })
    expect(await nameAt('https://chai.example')).toBe(404)
    expect(await ask('chai.example')).toBe(404)
    expect((await post(t, url(shop2, '/remove'), { origin: 'https://chai.example' }, boss)).statusCode).toBe(404)
    const last = await post(t, url(shop2, '/remove'), { origin: SHOP2 }, boss)
    expect([last.statusCode, last.json().message]).toEqual([409, 'This is the website’s only address: add another one first'])
    expect(await nameAt(SHOP2)).toBe('Chai & Chakna Store')
  })
})
