import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { RESEND_SECONDS } from '../../../common/contracts/accounts'
import type { Username } from '../../../common/rules/username'
import type { Tx } from '../../db/client'
import type { CodePurpose } from '../../db/schema/accounts'
import type { RequestCtx } from '../../platform/request-context'
import type { Failure } from '../../platform/result'
import type { OtpDelivery } from './otp-delivery/index'
import * as q from './queries'

/**
 * Sign-in codes (CONTRACT "Sign-in", SECURITY B.1), documented in docs/decisions/0006:
 * 6 digits from a CSPRNG, 5 minutes, 5 tries, only the newest counts, used once, stored as an HMAC bound to
 * website + username + the session that asked for it. Every limit is counted from rows in the database, so
 * several processes agree and a restart forgets nothing.
 * The same codes, with their own purpose (`agent_consent`), carry a customer's consent to be added by a sales agent
 * (docs/decisions/0034), or to have a khata opened at the counter (0047): bound to that purpose, so one never signs
 * anyone in, and counted apart.
 */
export const CODE_TTL_MINUTES = 5
export const MAX_TRIES = 5
export const LIMITS = {
  resendSeconds: RESEND_SECONDS,
  perUsername: { count: 3, minutes: 10 },
  perUsernameDay: 10,
  perIpHour: 20,
  perWebsiteHour: 1000,
} as const

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** A refused code request or check; a wrong or expired code is the `otp` field's error. */
export type Refusal = Failure & { kind: 'too_many' | 'invalid'; retryAfter?: number }
export type SendResult = { ok: true } | Refusal
export type CheckResult = { ok: true } | Refusal
/** What a code is for: signing in, or a customer agreeing that this agent adds them. */
export type CodeFor = { purpose: 'sign_in' } | { purpose: 'agent_consent'; agentName: string; khata?: boolean }
const SIGN_IN: CodeFor = { purpose: 'sign_in' }

function codeHash(ctx: RequestCtx, username: Username, code: string, purpose: CodePurpose) {
  const bound = `${purpose === 'sign_in' ? 'otp' : purpose}:${ctx.site.id}:${username.kind}:${username.value}:${ctx.session?.idHash ?? ''}:${code}`
  return createHmac('sha256', ctx.config.SESSION_SECRET).update(bound).digest('base64url')
}

const wait = (seconds: number) => (seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`)
const tooMany = (message: string, retryAfter: number): Refusal => ({ ok: false, kind: 'too_many', message, retryAfter: Math.max(1, Math.ceil(retryAfter)) })

async function limitReached(tx: Tx, ctx: RequestCtx, username: Username, ip: string, now: number, purpose: CodePurpose): Promise<Refusal | null> {
  const site = ctx.site.id
  const last = await q.lastCodeAt(tx, site, username.value, purpose)
  const sinceLast = last ? (now - last.getTime()) / 1000 : Infinity
  if (sinceLast < LIMITS.resendSeconds) {
    const left = Math.ceil(LIMITS.resendSeconds - sinceLast)
    return tooMany(`Please wait ${wait(left)} before asking for a new code.`, left)
  }
  const window = LIMITS.perUsername.minutes * MINUTE
  if ((await q.countCodesForUsername(tx, site, username.value, new Date(now - window), purpose)) >= LIMITS.perUsername.count) {
    return tooMany(
      `Too many codes were asked for this ${username.kind === 'mobile' ? 'number' : 'email'}. Please try again in ${LIMITS.perUsername.minutes} minutes.`,
      window / 1000,
    )
  }
  if ((await q.countCodesForUsername(tx, site, username.value, new Date(now - 24 * HOUR), purpose)) >= LIMITS.perUsernameDay) {
    return tooMany('Too many codes were asked for today. Please try again tomorrow.', (24 * HOUR) / 1000)
  }
  if ((await q.countCodesForIp(tx, ip, new Date(now - HOUR))) >= LIMITS.perIpHour) {
    return tooMany('Too many sign-in codes were asked for from your network. Please try again in an hour.', HOUR / 1000)
  }
  if ((await q.countCodesForWebsite(tx, site, new Date(now - HOUR))) >= LIMITS.perWebsiteHour) {
    return tooMany('Sign-in is very busy right now. Please try again in a few minutes.', 300)
  }
  return null
}

/** Creates and sends a code, unless a limit says no (then nothing is sent: SECURITY AU-02). */
export async function sendCode(ctx: RequestCtx, delivery: OtpDelivery, username: Username, ip: string, codeFor: CodeFor = SIGN_IN): Promise<SendResult> {
  const { purpose } = codeFor
  const now = Date.now()
  const code = ctx.config.AUTH_FIXED_OTP ?? String(randomInt(0, 1_000_000)).padStart(6, '0')
  const refused = await ctx.db.transaction(async (tx) => {
    // One request at a time per username and per address, so parallel requests cannot all pass the count.
    await q.lockKey(tx, `otp:user:${ctx.site.id}:${username.value}`)
    await q.lockKey(tx, `otp:ip:${ip}`)
    const limit = await limitReached(tx, ctx, username, ip, now, purpose)
    if (limit) return limit
    await q.insertCode(tx, {
      websiteId: ctx.site.id,
      username: username.value,
      purpose,
      codeHash: codeHash(ctx, username, code, purpose),
      ip,
      expiresAt: new Date(now + CODE_TTL_MINUTES * MINUTE),
    })
    return null
  })
  if (refused) return refused
  await delivery.send({
    to: username,
    code,
    siteName: ctx.site.name,
    minutes: CODE_TTL_MINUTES,
    websiteId: ctx.site.id,
    ...(codeFor.purpose === 'agent_consent' ? { consent: { agentName: codeFor.agentName, ...(codeFor.khata ? { khata: true } : {}) } } : {}),
  })
  // Rows older than a day no longer count toward any limit.
  if (randomInt(0, 50) === 0) await q.deleteCodesBefore(ctx.db, new Date(now - 25 * HOUR))
  return { ok: true }
}

const wrongCode = (message: string): Refusal => ({ ok: false, kind: 'invalid', message, fieldErrors: { otp: message } })
const expired = wrongCode('This code has expired. Please ask for a new code.')
/** After the fifth wrong try: a new code is needed, as soon as the resend wait allows. */
const exhausted = (row: q.OtpRow) =>
  tooMany('Too many wrong codes. Please ask for a new code.', LIMITS.resendSeconds - (Date.now() - row.createdAt.getTime()) / 1000)

/** Checks a code against the newest one of this purpose sent to this username from this session; a right code works once. */
export async function checkCode(ctx: RequestCtx, username: Username, otp: string, purpose: CodePurpose = 'sign_in'): Promise<CheckResult> {
  const row = await q.latestCode(ctx.db, ctx.site.id, username.value, purpose)
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return expired
  if (row.attempts >= MAX_TRIES) return exhausted(row)
  const taken = await q.takeAttempt(ctx.db, row.id, MAX_TRIES)
  if (!taken) {
    // Another request took the last try (or used the code) a moment ago: say which.
    const now = await q.latestCode(ctx.db, ctx.site.id, username.value, purpose)
    return now && now.id === row.id && !now.usedAt && now.attempts >= MAX_TRIES ? exhausted(now) : expired
  }
  const given = Buffer.from(codeHash(ctx, username, otp, purpose))
  const stored = Buffer.from(taken.codeHash)
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    const left = MAX_TRIES - taken.attempts
    const message =
      left > 0 ? `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.` : 'That code is not right. Please ask for a new code.'
    return wrongCode(message)
  }
  if (!(await q.markCodeUsed(ctx.db, row.id))) return expired
  return { ok: true }
}
