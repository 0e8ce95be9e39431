import { and, eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { otpCodes, websiteMembers } from '../../db/schema/accounts'
import { MAIN, type TestApp, type TestSession } from '../../test/app'
import type { OtpMessage } from './otp-delivery/message'
import type { OtpDelivery } from './otp-delivery/index'

export const SUPERADMIN = '9876500001'
export const AGENT = '9876500002'
export const SHOPPER = '9876500003'

/** A delivery that keeps what it was asked to send, so tests read the real (random) codes. */
export function captureDelivery(): OtpDelivery & { sent: OtpMessage[]; lastCode(to: string): string } {
  const sent: OtpMessage[] = []
  return {
    sent,
    async send(m) {
      sent.push(m)
    },
    lastCode(to) {
      const hit = sent.findLast((m) => m.to.value === to)
      if (!hit) throw new Error(`no code was sent to ${to}`)
      return hit.code
    },
  }
}

type Capture = ReturnType<typeof captureDelivery>

/** The cookies of an answer by name. */
export function cookiesOf(res: LightMyRequestResponse) {
  return new Map(
    (
      res.cookies as {
        name: string
        value: string
        httpOnly?: boolean
        secure?: boolean
        sameSite?: string
        path?: string
        domain?: string
        maxAge?: number
        expires?: Date
      }[]
    ).map((c) => [c.name, c]),
  )
}

/** The browser's session after an answer that set new cookies (sign-in, registration). */
export function sessionFrom(res: LightMyRequestResponse, name = 'sid'): TestSession {
  const jar = cookiesOf(res)
  const sid = jar.get(name)
  const xsrf = jar.get('XSRF-TOKEN')
  if (!sid || !xsrf) throw new Error(`expected ${name} and XSRF-TOKEN cookies, got ${[...jar.keys()].join(', ')}`)
  return { cookie: `${name}=${sid.value}; XSRF-TOKEN=${xsrf.value}`, xsrf: xsrf.value }
}

export const post = (
  t: TestApp,
  url: string,
  payload: unknown,
  session?: TestSession,
  extra: { origin?: string; ip?: string; headers?: Record<string, string> } = {},
) => t.call({ method: 'POST', url, payload: payload as object, session, origin: extra.origin, remoteAddress: extra.ip, headers: extra.headers })

/** Earlier scenarios' codes for a username stop counting toward its limits (each test starts fresh). */
export async function forgetCodes(t: TestApp, username: string) {
  await t.app.deps.db.delete(otpCodes).where(eq(otpCodes.username, username))
}

/** Makes a username's newest code look `seconds` older (expiry and resend waits without sleeping). */
export async function ageCodes(t: TestApp, username: string, seconds: number) {
  const shift = sql`make_interval(secs => ${seconds})`
  await t.app.deps.db
    .update(otpCodes)
    .set({ createdAt: sql`${otpCodes.createdAt} - ${shift}`, expiresAt: sql`${otpCodes.expiresAt} - ${shift}` })
    .where(eq(otpCodes.username, username))
}

/** The whole sign-in as the web client does it; answers the signed-in session. */
export async function signIn(t: TestApp, codes: Capture, username: string, origin = MAIN): Promise<TestSession> {
  await forgetCodes(t, username)
  const visitor = await t.visitor(origin)
  expect((await post(t, '/s/api/auth/login', { username }, visitor, { origin })).statusCode).toBe(200)
  const res = await post(t, '/s/api/auth/verify', { username, otp: codes.lastCode(username) }, visitor, { origin })
  expect(res.statusCode, res.body).toBe(200)
  return sessionFrom(res)
}

export async function setRoles(
  t: TestApp,
  websiteId: number,
  userId: number,
  roles: Partial<{ superadmin: boolean; hasAdminAccess: boolean; isSalesAgent: boolean }>,
) {
  await t.app.deps.db
    .update(websiteMembers)
    .set(roles)
    .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.userId, userId)))
}
