import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { otpCodes, sessions } from '../../db/schema/accounts'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp, type TestSession } from '../../test/app'
import { hashToken } from '../session/service'
import { AGENT, ageCodes, captureDelivery, cookiesOf, forgetCodes, post, sessionFrom, setRoles, SHOPPER, signIn } from './test-kit'

const XSRF_REFUSED = {
  message: 'Missing or invalid XSRF token: call GET /s/api/cookie and send the XSRF-TOKEN cookie back in the X-XSRF-TOKEN header',
  code: 'forbidden',
}
const USERNAME_MESSAGE = 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9, or an email address'

describe.each(drivers)('sign-in with one-time codes (%s)', (driver) => {
  let t: TestApp
  const codes = captureDelivery()
  let ipCounter = 0
  // Each test asks from its own address, so the per-address limit only bites where a test means it to.
  let ip = ''
  const login = (username: string, s?: TestSession, origin?: string) => post(t, '/s/api/auth/login', { username }, s, { origin, ip })
  const verify = (username: string, otp: string, s?: TestSession, origin?: string) => post(t, '/s/api/auth/verify', { username, otp }, s, { origin, ip })
  const init = async (s?: TestSession, origin?: string) => (await t.call({ method: 'GET', url: '/s/api/init', session: s, origin })).json()
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  beforeAll(async () => {
    t = await buildTestApp(driver, {}, { otpDelivery: codes })
  })
  afterAll(() => t.close())
  beforeEach(() => {
    ip = `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`
  })

  it('refuses malformed usernames and extra fields with 422, sending nothing', async () => {
    const v = await t.visitor()
    const before = codes.sent.length
    for (const username of ['', '12345', '5123456789', '98765000031', 'abc', 'a@b', 'meera@demo', '९८७६५००००३', '+1 9876500003', `${'a'.repeat(250)}@x.in`]) {
      const res = await login(username, v)
      expect(res.statusCode, username).toBe(422)
      expect(res.json(), username).toEqual({ message: USERNAME_MESSAGE, code: 'invalid', errors: { username: USERNAME_MESSAGE } })
    }
    expect((await post(t, '/s/api/auth/login', { username: SHOPPER, superadmin: true }, v, { ip })).statusCode).toBe(422)
    expect((await post(t, '/s/api/auth/login', {}, v, { ip })).statusCode).toBe(422)
    expect(codes.sent.length).toBe(before)
  })

  it('answers the same for an account that exists and one that does not, and sends a 6-digit code to both', async () => {
    await forgetCodes(t, SHOPPER)
    const v = await t.visitor()
    const known = await login(SHOPPER, v)
    const unknown = await login('9000000001', v)
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.body).toBe('{"sent":true}')
    expect(unknown.body).toBe(known.body)
    expect(codes.lastCode(SHOPPER)).toMatch(/^\d{6}$/)
    expect(codes.lastCode('9000000001')).toMatch(/^\d{6}$/)
    expect(codes.sent.at(-1)).toMatchObject({ siteName: 'Kirana Fresh', minutes: 5, to: { kind: 'mobile', value: '9000000001' } })
    // the code is stored only as a hash
    const rows = await t.app.deps.db.select().from(otpCodes).where(eq(otpCodes.username, SHOPPER))
    expect(rows).toHaveLength(1)
    expect(rows[0].codeHash).not.toContain(codes.lastCode(SHOPPER))
    expect(rows[0].codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('writes one username per person: +91, 0, spaces and upper-case email land on the same account and limits', async () => {
    await forgetCodes(t, '9000000002')
    const v = await t.visitor()
    expect((await login('+91 90000 00002', v)).statusCode).toBe(200)
    expect(codes.sent.at(-1)?.to).toEqual({ kind: 'mobile', value: '9000000002' })
    expect((await login('09000000002', v)).statusCode).toBe(429)
    expect((await login('  Meera@Shop.IN ', v)).statusCode).toBe(200)
    expect(codes.sent.at(-1)?.to).toEqual({ kind: 'email', value: 'meera@shop.in' })
  })

  it('signs in the demo shopper by the email on their account as well as by phone: the same person', async () => {
    const email = 'meera@demo.in'
    await forgetCodes(t, email)
    const v = await t.visitor()
    expect((await login(email, v)).statusCode).toBe(200)
    const res = await verify(email, codes.lastCode(email), v)
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toMatchObject({ name: 'Meera Shopper', email, phone: SHOPPER })
  })

  it('signs in the demo shopper: a new session id and XSRF token, the old session gone, the pincode carried over', async () => {
    await forgetCodes(t, SHOPPER)
    const v = await t.visitor()
    expect((await t.call({ method: 'GET', url: '/s/api/check/pincode/560042', session: v })).statusCode).toBe(200)
    expect((await login(SHOPPER, v)).statusCode).toBe(200)
    const res = await verify(SHOPPER, codes.lastCode(SHOPPER), v)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.json()).toEqual({
      user: {
        id: expect.any(Number),
        name: 'Meera Shopper',
        email: 'meera@demo.in',
        phone: SHOPPER,
        superadmin: false,
        hasAdminAccess: false,
        isSalesAgent: false,
        role: null,
        role_name: null,
        permissions: {},
      },
    })
    const jar = cookiesOf(res)
    const sid = jar.get('sid')!
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(sid.secure).toBeFalsy()
    expect(sid.domain).toBeUndefined()
    expect(v.cookie).not.toContain(sid.value)
    const xsrf = jar.get('XSRF-TOKEN')!
    expect(xsrf.httpOnly).toBeFalsy()
    expect(xsrf.value).not.toBe(v.xsrf)
    expect(res.body).not.toContain(sid.value)
    const signedIn = sessionFrom(res)
    const data = await init(signedIn)
    expect(data.user.name).toBe('Meera Shopper')
    expect(data.pincode).toBe('560042')
    // the visitor session is gone (SECURITY AU-10): its cookie is a stranger now, and its token is refused
    expect((await init(v)).user).toBeNull()
    expect((await login(SHOPPER, v)).statusCode).toBe(403)
    // the right code works once (AU-04)
    expect((await verify(SHOPPER, codes.lastCode(SHOPPER), signedIn)).statusCode).toBe(422)
  })

  it("carries the visitor's cart into the account at sign-in (carts merge, issue #4)", async () => {
    await forgetCodes(t, '9000000009')
    const v = await t.visitor()
    const product = (await t.call({ method: 'GET', url: '/s/api/products?q=basmati', session: v })).json().data[0]
    const pack = product.packs[0]
    const added = await post(t, '/s/api/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id }, v)
    expect(added.statusCode, added.body).toBe(200)
    await login('9000000009', v)
    const verified = await verify('9000000009', codes.lastCode('9000000009'), v)
    expect(verified.json()).toEqual({ user: null, needsRegistration: true })
    const res = await post(t, '/s/api/auth/register', { name: 'Cart Person', email: 'cart@person.in', phone: '9000000009' }, v, { ip })
    expect(res.statusCode, res.body).toBe(200)
    const cart = (await t.call({ method: 'GET', url: '/s/api/cart', session: sessionFrom(res) })).json()
    expect(cart.items.map((i: { pack_id: number; quantity: number }) => [i.pack_id, i.quantity])).toEqual([[pack.pack_id, 1]])
  })

  it('refuses a wrong code with 422 and the tries left, an expired code, and the sixth try with 429', async () => {
    await forgetCodes(t, SHOPPER)
    const v = await t.visitor()
    await login(SHOPPER, v)
    const code = codes.lastCode(SHOPPER)
    const first = await verify(SHOPPER, wrong(code), v)
    expect(first.statusCode).toBe(422)
    expect(first.json()).toEqual({
      message: 'That code is not right. You have 4 tries left.',
      code: 'invalid',
      errors: { otp: 'That code is not right. You have 4 tries left.' },
    })
    for (const left of [3, 2, 1])
      expect((await verify(SHOPPER, wrong(code), v)).json().message).toBe(`That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`)
    expect((await verify(SHOPPER, wrong(code), v)).json().message).toBe('That code is not right. Please ask for a new code.')
    const sixth = await verify(SHOPPER, code, v)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json()).toEqual({ message: 'Too many wrong codes. Please ask for a new code.', code: 'too_many' })
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0)
    // malformed codes never reach the counter
    for (const otp of ['12345', '1234567', 'abcdef', ' 12345']) expect((await verify(SHOPPER, otp, v)).statusCode).toBe(422)

    await forgetCodes(t, SHOPPER)
    await login(SHOPPER, v)
    await ageCodes(t, SHOPPER, 5 * 60 + 1)
    const late = await verify(SHOPPER, codes.lastCode(SHOPPER), v)
    expect(late.statusCode).toBe(422)
    expect(late.json().message).toBe('This code has expired. Please ask for a new code.')
    expect((await init(v)).user).toBeNull()
  })

  it('counts parallel guesses atomically: 20 at once still get 5 tries in total (AU-01)', async () => {
    await forgetCodes(t, '9000000003')
    const v = await t.visitor()
    await login('9000000003', v)
    const code = codes.lastCode('9000000003')
    const guesses = Array.from({ length: 20 }, (_, i) => verify('9000000003', String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'), v))
    const statuses = (await Promise.all(guesses)).map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 422)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    const [row] = await t.app.deps.db.select().from(otpCodes).where(eq(otpCodes.username, '9000000003'))
    expect(row.attempts).toBe(5)
    expect((await verify('9000000003', code, v)).statusCode).toBe(429)
  })

  it('limits resends per username with 429 and Retry-After, sending nothing more (resend flood)', async () => {
    await forgetCodes(t, '9000000004')
    const v = await t.visitor()
    expect((await login('9000000004', v)).statusCode).toBe(200)
    const sent = codes.sent.length
    const soon = await login('9000000004', v)
    expect(soon.statusCode).toBe(429)
    expect(soon.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/)
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(20)
    await ageCodes(t, '9000000004', 31)
    expect((await login('9000000004', v)).statusCode).toBe(200)
    await ageCodes(t, '9000000004', 31)
    expect((await login('9000000004', v)).statusCode).toBe(200)
    await ageCodes(t, '9000000004', 31)
    const flood = await login('9000000004', v)
    expect(flood.statusCode).toBe(429)
    expect(flood.json()).toEqual({ message: 'Too many codes were asked for this number. Please try again in 10 minutes.', code: 'too_many' })
    expect(codes.sent.length).toBe(sent + 2)
    // the count lives in the database: every process (and a restart) sees it
    expect(await t.app.deps.db.$count(otpCodes, eq(otpCodes.username, '9000000004'))).toBe(3)
  })

  it('limits codes per address across many numbers (SMS pumping)', async () => {
    const v = await t.visitor()
    const answers = []
    for (let i = 0; i < 21; i++) answers.push((await login(`70000000${String(i).padStart(2, '0')}`, v)).statusCode)
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true)
    expect(answers[20]).toBe(429)
    ip = '10.9.9.9'
    expect((await login('7000000099', v)).statusCode).toBe(200)
  })

  it('binds a code to the session, the website and the newest request', async () => {
    await forgetCodes(t, SHOPPER)
    const a = await t.visitor()
    const b = await t.visitor()
    await login(SHOPPER, a)
    const code = codes.lastCode(SHOPPER)
    expect((await verify(SHOPPER, code, b)).statusCode).toBe(422)
    const there = await t.visitor(SHOP2)
    expect((await verify(SHOPPER, code, there, SHOP2)).statusCode).toBe(422)
    // a newer code replaces the older one (AU-07)
    await ageCodes(t, SHOPPER, 31)
    await login(SHOPPER, a)
    const newer = codes.lastCode(SHOPPER)
    if (newer !== code) expect((await verify(SHOPPER, code, a)).statusCode).toBe(422) // 1 in a million they are equal
    expect((await verify(SHOPPER, newer, a)).statusCode).toBe(200)
  })

  it('needs the XSRF header for login, verify and logout, and refuses them cross-site', async () => {
    const v = await t.visitor()
    for (const url of ['/s/api/auth/login', '/s/api/auth/verify', '/s/api/auth/register']) {
      const res = await t.call({ method: 'POST', url, payload: { username: SHOPPER }, headers: { cookie: v.cookie } })
      expect(res.statusCode, url).toBe(403)
      expect(res.json()).toEqual(XSRF_REFUSED)
      const forged = await t.call({
        method: 'POST',
        url,
        payload: { username: SHOPPER },
        headers: { cookie: v.cookie, 'x-xsrf-token': `${v.xsrf.slice(0, -2)}xx` },
      })
      expect(forged.statusCode, url).toBe(403)
    }
    expect((await post(t, '/s/api/auth/login', { username: SHOPPER }, v, { headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403)
    expect((await t.call({ method: 'GET', url: '/s/api/auth/logout', headers: { cookie: v.cookie } })).json()).toEqual(XSRF_REFUSED)
  })

  it('ends the session on the server at sign-out: the old cookie is a visitor afterwards (AU-12)', async () => {
    await forgetCodes(t, SHOPPER)
    const v = await t.visitor()
    await login(SHOPPER, v)
    const s = sessionFrom(await verify(SHOPPER, codes.lastCode(SHOPPER), v))
    expect((await init(s)).user.name).toBe('Meera Shopper')
    const crossSite = await t.call({ method: 'GET', url: '/s/api/auth/logout', session: s, headers: { 'sec-fetch-site': 'cross-site' } })
    expect(crossSite.statusCode).toBe(403)
    expect((await init(s)).user.name).toBe('Meera Shopper')
    const out = await t.call({ method: 'GET', url: '/s/api/auth/logout', session: s })
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ ok: true })
    const jar = cookiesOf(out)
    expect(jar.get('sid')?.value).toBe('')
    expect(jar.get('XSRF-TOKEN')?.value).toBe('')
    expect((await init(s)).user).toBeNull()
    const sid = decodeURIComponent(s.cookie.split(';')[0].split('=')[1])
    expect(await t.app.deps.db.$count(sessions, eq(sessions.idHash, hashToken(sid)))).toBe(0)
  })

  it('reads roles on every request: a removed role is gone at the next call (AU-14)', async () => {
    const agent = await signIn(t, codes, AGENT)
    const me = (await init(agent)).user
    expect(me.isSalesAgent).toBe(true)
    expect((await t.call({ method: 'GET', url: '/s/api/sales/dashboard', session: agent })).statusCode).toBe(200)
    await setRoles(t, (await init(agent)).web.id, me.id, { isSalesAgent: false })
    expect((await t.call({ method: 'GET', url: '/s/api/sales/dashboard', session: agent })).statusCode).toBe(403)
    expect((await init(agent)).user.isSalesAgent).toBe(false)
    await setRoles(t, (await init(agent)).web.id, me.id, { isSalesAgent: true })
  })

  it('keeps a main-site sign-in off shop2: there the same cookie is a visitor', async () => {
    const s = await signIn(t, codes, SHOPPER, MAIN)
    expect((await init(s, SHOP2)).user).toBeNull()
    expect((await t.call({ method: 'GET', url: '/s/api/account/profile', session: s, origin: SHOP2 })).statusCode).toBe(401)
  })
})
