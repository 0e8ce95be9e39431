import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Address } from '../../../common/contracts/accounts'
import { addresses } from '../../db/schema/accounts'
import { buildTestApp, drivers, SHOP2, type TestApp, type TestSession } from '../../test/app'
import { AGENT, captureDelivery, post, SHOPPER, signIn } from './test-kit'

const home = {
  name: 'Meera Iyer',
  mobile: '9876500003',
  house: 'Flat 4B',
  street: 'Lotus Apartments, 5th Main',
  area: 'Indiranagar',
  landmark: 'Near the metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
  type: 'home',
}
const office = { ...home, house: '3rd floor', street: 'Tech Park Road', area: 'Whitefield', landmark: '', pincode: '560066', type: 'work' }
const farAway = { ...home, city: 'New Delhi', state: 'Delhi', pincode: '110001', type: 'other' }

describe.each(drivers)('profile and address book (%s)', (driver) => {
  let t: TestApp
  const codes = captureDelivery()
  let shopper: TestSession
  let agent: TestSession
  let shopperOnShop2: TestSession
  const list = async (s: TestSession, origin?: string) =>
    (await t.call({ method: 'GET', url: '/s/api/account/addresses', session: s, origin })).json().addresses as Address[]
  const call = (method: 'PUT' | 'DELETE' | 'POST', url: string, s: TestSession, payload?: object, origin?: string) =>
    t.call({ method, url, session: s, payload, origin })

  beforeAll(async () => {
    t = await buildTestApp(driver, {}, { otpDelivery: codes })
    shopper = await signIn(t, codes, SHOPPER)
    agent = await signIn(t, codes, AGENT)
    shopperOnShop2 = await signIn(t, codes, SHOPPER, SHOP2)
  })
  afterAll(() => t.close())

  it('answers 401 to visitors on every account call, and 403 without the XSRF header', async () => {
    const v = await t.visitor()
    for (const url of ['/s/api/account/profile', '/s/api/account/addresses', '/s/api/account/pincode/560001']) {
      const res = await t.call({ method: 'GET', url, session: v })
      expect(res.statusCode, url).toBe(401)
      expect(res.json()).toEqual({ message: 'Please sign in to continue', code: 'unauthorized' })
    }
    expect((await post(t, '/s/api/account/addresses', { nonsense: true }, v)).statusCode).toBe(401)
    expect((await t.call({ method: 'POST', url: '/s/api/account/addresses', payload: home, headers: { cookie: shopper.cookie } })).statusCode).toBe(403)
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/s/api/account/profile',
          payload: { name: 'X', email: '' },
          headers: { cookie: shopper.cookie, 'x-xsrf-token': 'forged' },
        })
      ).statusCode,
    ).toBe(403)
  })

  it('reads and edits the profile: name and email, never the number or roles', async () => {
    const me = await t.call({ method: 'GET', url: '/s/api/account/profile', session: shopper })
    expect(me.statusCode).toBe(200)
    expect(me.headers['cache-control']).toBe('private, no-store')
    expect(me.json()).toEqual({ name: 'Meera Shopper', email: 'meera@demo.in', phone: SHOPPER, email_verified: true, phone_verified: true })
    const bad = await call('PUT', '/s/api/account/profile', shopper, { name: '', email: 'x@' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ name: 'Name is required', email: 'Email is not a valid email address' })
    for (const extra of [{ phone: '9000000000' }, { superadmin: true }, { hasAdminAccess: true }]) {
      expect((await call('PUT', '/s/api/account/profile', shopper, { name: 'Meera', email: 'meera@shop.in', ...extra })).statusCode).toBe(422)
    }
    const ok = await call('PUT', '/s/api/account/profile', shopper, { name: 'Meera Iyer', email: 'Meera@Shop.in' })
    expect(ok.json()).toEqual({ name: 'Meera Iyer', email: 'meera@shop.in', phone: SHOPPER, email_verified: false, phone_verified: true })
    const clash = await call('PUT', '/s/api/account/profile', agent, { name: 'Ravi', email: 'meera@shop.in' })
    expect(clash.statusCode).toBe(409)
    expect(clash.json().errors).toEqual({ email: 'This email belongs to another account' })
    const init = (await t.call({ method: 'GET', url: '/s/api/init', session: shopper })).json()
    expect(init.user.name).toBe('Meera Iyer')
  })

  it('adds, lists, edits, sets the default and deletes addresses, with serviceability', async () => {
    expect(await list(shopper)).toEqual([])
    const first = await post(t, '/s/api/account/addresses', home, shopper)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().addresses).toEqual([
      { id: expect.any(Number), ...home, is_default: true, serviceable: true, delivery_message: expect.stringMatching(/^Delivery available to 560038/) },
    ])
    await post(t, '/s/api/account/addresses', office, shopper)
    const third = (await post(t, '/s/api/account/addresses', farAway, shopper)).json().addresses as Address[]
    expect(third.map((a) => [a.pincode, a.is_default, a.serviceable])).toEqual([
      ['560038', true, true],
      ['110001', false, false],
      ['560066', false, true],
    ])
    expect(third[1].delivery_message).toBe("Sorry, we don't deliver to 110001 yet.")
    const far = third[1]

    const edited = await call('PUT', `/s/api/account/addresses/${far.id}`, shopper, { ...farAway, city: 'Delhi', pincode: '560099' })
    expect(edited.statusCode).toBe(200)
    expect((edited.json().addresses as Address[]).find((a) => a.id === far.id)).toMatchObject({ city: 'Delhi', pincode: '560099', serviceable: true })

    const def = await call('POST', `/s/api/account/addresses/${far.id}/default`, shopper)
    expect(def.statusCode).toBe(200)
    const afterDefault = def.json().addresses as Address[]
    expect(afterDefault[0]).toMatchObject({ id: far.id, is_default: true })
    expect(afterDefault.filter((a) => a.is_default)).toHaveLength(1)

    const del = await call('DELETE', `/s/api/account/addresses/${far.id}`, shopper)
    expect(del.statusCode).toBe(200)
    const left = del.json().addresses as Address[]
    expect(left).toHaveLength(2)
    expect(left.filter((a) => a.is_default).map((a) => a.pincode)).toEqual(['560066']) // the newest one left
  })

  it('refuses bad addresses with field messages', async () => {
    const res = await post(
      t,
      '/s/api/account/addresses',
      { ...home, mobile: '5123456789', pincode: '56003', state: 'Atlantis', house: '', type: 'castle' },
      shopper,
    )
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({
      mobile: 'Please enter a valid mobile number',
      pincode: 'Please enter a valid pincode',
      state: 'Choose a state',
      house: 'House / flat no. is required',
      type: 'Type must be home, work or other',
    })
    expect((await post(t, '/s/api/account/addresses', { ...home, user_id: 1 }, shopper)).statusCode).toBe(422)
    for (const id of ['abc', '0', '-1', '1.5', '99999999999'])
      expect((await call('DELETE', `/s/api/account/addresses/${id}`, shopper)).statusCode, id).toBe(422)
  })

  it("answers 404 for another user's address and changes nothing (AZ-04)", async () => {
    const mine = (await list(shopper))[0]
    for (const [method, url, payload] of [
      ['PUT', `/s/api/account/addresses/${mine.id}`, { ...home, name: 'Hijacked' }],
      ['DELETE', `/s/api/account/addresses/${mine.id}`, undefined],
      ['POST', `/s/api/account/addresses/${mine.id}/default`, undefined],
    ] as const) {
      const res = await call(method, url, agent, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json()).toEqual({ message: 'No such address', code: 'not_found' })
    }
    expect(await list(agent)).toEqual([])
    const [row] = await t.app.deps.db.select().from(addresses).where(eq(addresses.id, mine.id))
    expect(row).toMatchObject({ name: mine.name, isDefault: mine.is_default })
  })

  it("answers 404 for an address id of another website, even the same person's (AZ-07)", async () => {
    const mainAddress = (await list(shopper))[0]
    expect(await list(shopperOnShop2, SHOP2)).toEqual([])
    for (const [method, url] of [
      ['PUT', `/s/api/account/addresses/${mainAddress.id}`],
      ['DELETE', `/s/api/account/addresses/${mainAddress.id}`],
      ['POST', `/s/api/account/addresses/${mainAddress.id}/default`],
    ] as const) {
      const res = await call(method, url, shopperOnShop2, method === 'PUT' ? home : undefined, SHOP2)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    expect((await list(shopper)).find((a) => a.id === mainAddress.id)).toEqual(mainAddress)
  })

  it('keeps at most 20 addresses', async () => {
    const have = (await list(agent)).length
    for (let i = have; i < 20; i++) expect((await post(t, '/s/api/account/addresses', { ...home, house: `No. ${i}` }, agent)).statusCode).toBe(200)
    const over = await post(t, '/s/api/account/addresses', home, agent)
    expect(over.statusCode).toBe(422)
    expect(over.json().message).toBe('You can keep up to 20 addresses. Delete one to add another.')
  })

  it('checks a pincode for the form without changing the remembered one', async () => {
    const ok = await t.call({ method: 'GET', url: '/s/api/account/pincode/560001', session: shopper })
    expect(ok.json()).toEqual({
      pincode: '560001',
      serviceable: true,
      message: expect.stringMatching(/^Delivery available to 560001, earliest (today|tomorrow|\w{3}, \d{1,2} \w{3}) \d/),
    })
    const no = await t.call({ method: 'GET', url: '/s/api/account/pincode/110001', session: shopper })
    expect(no.json()).toEqual({ pincode: '110001', serviceable: false, message: "Sorry, we don't deliver to 110001 yet." })
    expect((await t.call({ method: 'GET', url: '/s/api/account/pincode/12', session: shopper })).statusCode).toBe(422)
    expect((await t.call({ method: 'GET', url: '/s/api/init', session: shopper })).json().pincode).toBeNull()
  })
})
