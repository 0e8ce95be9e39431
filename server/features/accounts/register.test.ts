import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, users } from '../../db/schema/accounts'
import { buildTestApp, drivers, type TestApp, type TestSession } from '../../test/app'
import { hashToken } from '../session/service'
import { captureDelivery, forgetCodes, post, sessionFrom, SHOPPER } from './test-kit'

describe.each(drivers)('registration after a verified code (%s)', (driver) => {
  let t: TestApp
  const codes = captureDelivery()
  const register = (body: object, s?: TestSession) => post(t, '/s/api/auth/register', body, s)
  const init = async (s: TestSession) => (await t.call({ method: 'GET', url: '/s/api/init', session: s })).json()

  /** A visitor who proved they own `username` but has no account. */
  async function verified(username: string) {
    await forgetCodes(t, username)
    const v = await t.visitor()
    expect((await post(t, '/s/api/auth/login', { username }, v)).statusCode).toBe(200)
    const res = await post(t, '/s/api/auth/verify', { username, otp: codes.lastCode(username) }, v)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ user: null, needsRegistration: true })
    expect(res.cookies).toEqual([])
    return v
  }

  beforeAll(async () => {
    t = await buildTestApp(driver, {}, { otpDelivery: codes })
  })
  afterAll(() => t.close())

  it('registers a verified mobile number and signs in with a new session', async () => {
    const v = await verified('9111111111')
    const res = await register({ name: 'Priya Nair', email: 'Priya@Mail.in', phone: '9111111111' }, v)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      user: {
        id: expect.any(Number),
        name: 'Priya Nair',
        email: 'priya@mail.in',
        phone: '9111111111',
        superadmin: false,
        hasAdminAccess: false,
        isSalesAgent: false,
        role: null,
        role_name: null,
        permissions: {},
      },
    })
    const s = sessionFrom(res)
    expect((await init(s)).user.name).toBe('Priya Nair')
    expect((await init(v)).user).toBeNull()
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.phone, '9111111111'))
    expect(row.phoneVerifiedAt).not.toBeNull()
    expect(row.emailVerifiedAt).toBeNull()
    // registering again from the same (now signed-in) session is refused: the verification was used up
    expect((await register({ name: 'Again', email: 'other@mail.in', phone: '9111111111' }, s)).statusCode).toBe(403)
  })

  it('refuses registration without a verified username with 403', async () => {
    const v = await t.visitor()
    const res = await register({ name: 'Nobody', email: 'nobody@mail.in', phone: '9222222222' }, v)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ message: 'Please verify your mobile number or email with a sign-in code first', code: 'forbidden' })
    // verified one number, registering another
    const other = await verified('9222222223')
    expect((await register({ name: 'Nobody', email: 'nobody@mail.in', phone: '9222222222' }, other)).statusCode).toBe(403)
  })

  it('refuses registration once the 10 minutes after verifying are over', async () => {
    const v = await verified('9333333333')
    const sid = decodeURIComponent(v.cookie.split(';')[0].split('=')[1])
    const [row] = await t.app.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(sid)))
    await t.app.deps.db
      .update(sessions)
      .set({ data: { ...row.data, verified: { username: '9333333333', at: Date.now() - 10 * 60_000 - 1000 } } })
      .where(eq(sessions.idHash, row.idHash))
    expect((await register({ name: 'Late', email: 'late@mail.in', phone: '9333333333' }, v)).statusCode).toBe(403)
  })

  it('validates the form and never accepts role or website fields (AU-15)', async () => {
    const v = await verified('9444444444')
    const bad = await register({ name: ' ', email: 'not-an-email', phone: '12345' }, v)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ name: 'Name is required', email: 'Email is not a valid email address', phone: 'Please enter a valid mobile number' })
    for (const extra of [{ superadmin: true }, { hasAdminAccess: true }, { isSalesAgent: true }, { website_id: 2 }]) {
      const res = await register({ name: 'Sneaky', email: 'sneaky@mail.in', phone: '9444444444', ...extra }, v)
      expect(res.statusCode, JSON.stringify(extra)).toBe(422)
    }
    const ok = await register({ name: 'Fair', email: 'fair@mail.in', phone: '9444444444' }, v)
    expect(ok.json().user).toMatchObject({ superadmin: false, hasAdminAccess: false, isSalesAgent: false })
  })

  it('refuses an email or number that another account holds with 409 and the field', async () => {
    const v = await verified('9555555555')
    const res = await register({ name: 'Copy', email: 'priya@mail.in', phone: '9555555555' }, v)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      message: 'This email belongs to another account',
      code: 'conflict',
      errors: { email: 'This email belongs to another account' },
    })
    const byEmail = await verified('copy@mail.in')
    const phoneTaken = await register({ name: 'Copy', email: 'copy@mail.in', phone: SHOPPER }, byEmail)
    expect(phoneTaken.statusCode).toBe(409)
    expect(phoneTaken.json().errors).toEqual({ phone: 'This mobile number belongs to another account' })
  })

  it('never lets an email typed into someone else’s registration open that account (pre-hijacking)', async () => {
    // Priya registered with her phone and typed priya@mail.in, never verified. The owner of that email signs in:
    const owner = await verified('priya@mail.in')
    const res = await register({ name: 'Real Priya', email: 'priya@mail.in', phone: '9666666666' }, owner)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().user).toMatchObject({ name: 'Real Priya', email: 'priya@mail.in' })
    const [first] = await t.app.deps.db.select().from(users).where(eq(users.phone, '9111111111'))
    expect(first.email).toBeNull()
  })
})
