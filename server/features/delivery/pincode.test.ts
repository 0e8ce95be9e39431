import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../common/contracts/catalogue'
import { buildTestApp, drivers, SHOP2, type TestApp, type TestSession } from '../../test/app'

const XSRF_REFUSED = {
  message: 'Missing or invalid XSRF token: call GET /s/api/cookie and send the XSRF-TOKEN cookie back in the X-XSRF-TOKEN header',
  code: 'forbidden',
}

describe.each(drivers)('GET /s/api/check/pincode/{pincode} (%s)', (driver) => {
  let t: TestApp
  const check = (pincode: string, session?: TestSession, extra: { origin?: string; headers?: Record<string, string> } = {}) =>
    t.call({ method: 'GET', url: `/s/api/check/pincode/${pincode}`, session, ...extra })
  const initPincode = async (session?: TestSession, origin?: string) => {
    const res = await t.call({ method: 'GET', url: '/s/api/init', session, origin })
    expect(res.statusCode).toBe(200)
    return res.json().pincode as string | null
  }

  beforeAll(async () => {
    t = await buildTestApp(driver)
  })
  afterAll(() => t.close())

  it('accepts a serviceable pincode with the XSRF header and remembers it for the session', async () => {
    const v = await t.visitor()
    const res = await check('560001', v)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.json()).toEqual({
      pincode: '560001',
      serviceable: true,
      message: expect.stringMatching(/^Delivery available to 560001, earliest (today|tomorrow|\w{3}, \d{1,2} \w{3}) \d/),
    })
    expect(await initPincode(v)).toBe('560001')
    expect((await check('560002', v)).json().message).toMatch(/^Delivery available to 560002, earliest (today|tomorrow|\w{3}, \d{1,2} \w{3}) \d/)
    expect((await check('560100', v)).json().message).toMatch(/^Delivery available to 560100, earliest (today|tomorrow|\w{3}, \d{1,2} \w{3}) \d/)
    expect(await initPincode(v)).toBe('560100')
  })

  it('refuses an unserviceable pincode with 422 and keeps the one remembered before', async () => {
    const v = await t.visitor()
    expect((await check('560050', v)).statusCode).toBe(200)
    const res = await check('110001', v)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      message: "Sorry, we don't deliver to 110001 yet.",
      code: 'invalid',
      errors: { pincode: "Sorry, we don't deliver to 110001 yet." },
    })
    expect(await initPincode(v)).toBe('560050')
  })

  it("refuses malformed pincodes with 'Please enter a valid pincode'", async () => {
    const v = await t.visitor()
    for (const pincode of ['12ab', '12345', '1234567', '056001', '56000%20', '560001%27%20or%20%271%27%3D%271', '%00']) {
      const res = await check(pincode, v)
      expect(res.statusCode, pincode).toBe(422)
      expect(res.json(), pincode).toEqual({ message: 'Please enter a valid pincode', code: 'invalid', errors: { pincode: 'Please enter a valid pincode' } })
    }
    expect(await initPincode(v)).toBeNull()
  })

  it('refuses the call without the XSRF header (it changes the session), and changes nothing', async () => {
    const v = await t.visitor()
    const res = await t.call({ method: 'GET', url: '/s/api/check/pincode/560001', headers: { cookie: v.cookie } })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual(XSRF_REFUSED)
    const head = await t.call({ method: 'HEAD', url: '/s/api/check/pincode/560001', headers: { cookie: v.cookie } })
    expect(head.statusCode).toBe(403)
    expect((await check('560001')).statusCode).toBe(403)
    expect(await initPincode(v)).toBeNull()
  })

  it('refuses Sec-Fetch-Site: cross-site even with a valid token', async () => {
    const v = await t.visitor()
    const res = await check('560001', v, { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed', code: 'forbidden' })
    expect(await initPincode(v)).toBeNull()
    for (const site of ['same-origin', 'same-site', 'none'])
      expect((await check('560001', v, { headers: { 'sec-fetch-site': site } })).statusCode, site).toBe(200)
  })

  it("refuses another session's XSRF token, a wrong token and a planted cookie", async () => {
    const a = await t.visitor()
    const b = await t.visitor()
    expect(a.xsrf).not.toBe(b.xsrf)
    expect((await check('560001', { cookie: a.cookie, xsrf: b.xsrf })).json()).toEqual(XSRF_REFUSED)
    expect((await check('560001', { cookie: a.cookie, xsrf: `${a.xsrf[0] === 'A' ? 'B' : 'A'}${a.xsrf.slice(1)}` })).statusCode).toBe(403)
    const sid = a.cookie.split(';')[0]
    expect((await check('560001', { cookie: `${sid}; XSRF-TOKEN=planted`, xsrf: 'planted' })).statusCode).toBe(403)
    expect((await check('560001', { cookie: 'XSRF-TOKEN=planted', xsrf: 'planted' })).statusCode).toBe(403)
    expect(await initPincode(a)).toBeNull()
    // the token is checked against the session, not against the XSRF-TOKEN cookie sent along
    expect((await check('560001', { cookie: sid, xsrf: a.xsrf })).statusCode).toBe(200)
  })

  it('remembers the pincode per session', async () => {
    const a = await t.visitor()
    const b = await t.visitor()
    expect((await check('560003', a)).statusCode).toBe(200)
    expect(await initPincode(a)).toBe('560003')
    expect(await initPincode(b)).toBeNull()
    expect(await initPincode()).toBeNull()
  })

  it('serves the packs of the warehouse that delivers to the pincode', async () => {
    const v = await t.visitor()
    const warehouses = async () => {
      const data = (await t.call({ method: 'GET', url: '/s/api/products', session: v })).json().data as Product[]
      return new Set(data.flatMap((p) => p.packs.map((k) => k.warehouse_id)))
    }
    expect((await check('560001', v)).statusCode).toBe(200)
    const near = await warehouses()
    expect((await check('560100', v)).statusCode).toBe(200)
    const far = await warehouses()
    expect(near.size).toBe(1)
    expect(far.size).toBe(1)
    expect([...far][0]).not.toBe([...near][0])
  })

  it('treats a main-site session as a visitor on shop2: no pincode, and its token is refused there', async () => {
    const v = await t.visitor()
    expect((await check('560001', v)).statusCode).toBe(200)
    expect(await initPincode(v)).toBe('560001')
    expect(await initPincode(v, SHOP2)).toBeNull()
    const res = await check('560002', v, { origin: SHOP2 })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual(XSRF_REFUSED)
    expect(await initPincode(v)).toBe('560001')
    const there = await t.visitor(SHOP2)
    expect((await check('560002', there, { origin: SHOP2 })).statusCode).toBe(200)
    expect(await initPincode(there, SHOP2)).toBe('560002')
    expect((await check('560003', there)).statusCode).toBe(403)
    expect(await initPincode(there)).toBeNull()
  })
})
