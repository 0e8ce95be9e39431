import type { User, VerifyResult } from '../../../common/contracts/accounts'
import { parseUsername, type Username } from '../../../common/rules/username'
import type { Db, Tx } from '../../db/client'
import * as sessionService from '../session/service'
import type { SessionRow } from '../session/service'
import { mergeVisitorCart } from '../cart/service'
import { AppError } from '../../platform/errors'
import type { RequestCtx } from '../../platform/request-context'
import { type CheckResult, checkCode, type Refusal, type SendResult, sendCode } from './otp'
import { type OtpDelivery, offersSignIn } from './otp-delivery/index'
import * as q from './queries'

export { blockedFrom } from './customers'
export type { Refusal } from './otp'

/** How long a verified username may still register (CONTRACT). */
export const REGISTRATION_WINDOW_MS = 10 * 60_000

/** A new session for a user; the route puts its token in the cookie. */
export interface SignedIn {
  user: User
  token: string
  session: SessionRow
}

/** The signed-in user as this website knows them (roles included), for the request context (server/app.ts). */
export const userOnWebsite = (db: Db, userId: number, websiteId: number) => q.findUserForSite(db, userId, websiteId)

export type LoginOutcome = { ok: true } | Refusal
export type VerifyOutcome = { ok: true; signedIn: SignedIn | null; answer: VerifyResult } | Refusal

/** The contract already refused malformed usernames; this is the canonical form. */
function username(raw: string): Username {
  const u = parseUsername(raw)
  if (!u) throw new AppError('invalid', 'Invalid username', { username: 'Invalid username' })
  return u
}

/** Sends a code whether or not the account exists: the answer never tells (SECURITY AU-08). */
export async function login(ctx: RequestCtx, delivery: OtpDelivery, rawUsername: string, ip: string): Promise<LoginOutcome> {
  const u = username(rawUsername)
  if (!offersSignIn(ctx.config, u.kind)) {
    const message =
      u.kind === 'mobile'
        ? 'Sign-in by mobile number is not available here. Please use your email.'
        : 'Sign-in by email is not available here. Please use your mobile number.'
    throw new AppError('invalid', message, { username: message })
  }
  return sendCode(ctx, delivery, u, ip)
}

const signsInWith = (user: q.UserRow, u: Username) => (u.kind === 'mobile' ? user.phoneVerifiedAt : user.emailVerifiedAt) !== null
/** A sales agent made this account for its number (decision 0034): the customer's own code proves it, and verifies it. */
const agentMadeFor = (user: q.UserRow, u: Username) => u.kind === 'mobile' && user.phoneVerifiedAt === null && user.addedByAgentAt !== null

export async function verify(ctx: RequestCtx, rawUsername: string, otp: string): Promise<VerifyOutcome> {
  const u = username(rawUsername)
  const checked = await checkCode(ctx, u, otp)
  if (!checked.ok) return checked
  const user = await q.findUserByIdentifier(ctx.db, u)
  // Only an identifier its account has verified signs in: an address someone merely typed into a
  // registration form never opens that account (account pre-hijacking).
  if (user && agentMadeFor(user, u)) await q.markPhoneVerified(ctx.db, user.id)
  if (user && (signsInWith(user, u) || agentMadeFor(user, u))) {
    const signedIn = await startSession(ctx, user.id)
    return { ok: true, signedIn, answer: { user: signedIn.user } }
  }
  await sessionService.saveData(ctx, { ...ctx.session?.data, verified: { username: u.value, at: Date.now() } })
  return { ok: true, signedIn: null, answer: { user: null, needsRegistration: true } }
}

/** The verified username must be the phone or the email given; the other one is kept unverified. */
export async function register(ctx: RequestCtx, input: { name: string; email?: string; phone: string }): Promise<SignedIn> {
  const verified = ctx.session?.data.verified
  const fresh = verified && Date.now() - verified.at < REGISTRATION_WINDOW_MS
  const email = input.email ? input.email.toLowerCase() : null
  const via: Username | null = !fresh
    ? null
    : verified.username === input.phone
      ? { kind: 'mobile', value: input.phone }
      : verified.username === email
        ? { kind: 'email', value: email }
        : null
  if (!via) throw new AppError('forbidden', 'Please verify your mobile number or email with a sign-in code first')
  const userId = await ctx.db.transaction(async (tx) => {
    const holder = await q.findUserByIdentifier(tx, via)
    if (holder && signsInWith(holder, via)) throw new AppError('conflict', 'This account already exists: please sign in')
    // Whoever only claimed this identifier loses it to the person who proved they own it.
    await q.releaseUnverifiedIdentifier(tx, via)
    const other: Username | null = via.kind === 'email' ? { kind: 'mobile', value: input.phone } : email ? { kind: 'email', value: email } : null
    if (other && (await q.findUserByIdentifier(tx, other))) {
      const field = other.kind === 'mobile' ? 'phone' : 'email'
      const message = other.kind === 'mobile' ? 'This mobile number belongs to another account' : 'This email belongs to another account'
      throw new AppError('conflict', message, { [field]: message })
    }
    const now = new Date()
    const row = await q.insertUser(tx, {
      name: input.name,
      email,
      phone: input.phone,
      phoneVerifiedAt: via.kind === 'mobile' ? now : null,
      emailVerifiedAt: via.kind === 'email' ? now : null,
    })
    return row.id
  })
  return startSession(ctx, userId)
}

/**
 * Sign-in gets a new session id (SECURITY AU-10): a new row and token, the old row deleted. The visitor's
 * pincode comes along and their cart joins the account's cart. Signing in here is the person bringing their account
 * to this website: it now knows their name, phone and email (decision 0034).
 */
export async function startSession(ctx: RequestCtx, userId: number): Promise<SignedIn> {
  const old = ctx.session
  const pincode = old?.data.pincode
  await broughtAccount(ctx.db, ctx.site.id, userId)
  const { token, row } = await sessionService.create(ctx, pincode ? { pincode } : {}, userId)
  if (old) {
    await mergeVisitorCart(ctx, old.idHash, userId)
    await sessionService.destroy(ctx)
  }
  ctx.session = row
  ctx.user = await q.findUserForSite(ctx.db, userId, ctx.site.id)
  if (!ctx.user) throw new Error('the user just signed in is gone')
  return { user: ctx.user, token, session: row }
}

/** Sign-out ends the session on the server (SECURITY AU-12); its cart stays with the account. */
export async function logout(ctx: RequestCtx) {
  await sessionService.destroy(ctx)
  ctx.session = null
  ctx.user = null
}

/** The person signed in on this website themselves: it now knows their account's name, phone and email (decision 0034). */
export const broughtAccount = (db: Db | Tx, websiteId: number, userId: number) => q.shareAccount(db, websiteId, userId)

/**
 * What this website knows of a person (docs/decisions/0034): its staff and agents read this, never the account's own
 * name, phone and email, which may have been given to another website only. Null: not a customer of this website.
 */
export const customerHere = (db: Db | Tx, websiteId: number, userId: number) => q.findProfile(db, websiteId, userId)

/** A person with a relationship with this website (the staff's customer list finds them), as it knows them; else null. */
export const customerOfWebsite = (db: Db | Tx, websiteId: number, userId: number) => q.findCustomer(db, websiteId, userId)

/** Keeps a business GSTIN and legal name for the person's next B2B order on this website (issue 34). */
export const saveBuyer = (db: Db | Tx, websiteId: number, userId: number, buyer: { gstin: string; name: string }) => q.saveBuyer(db, websiteId, userId, buyer)

/** The GSTIN and legal name the person saved here (nulls: none). */
export async function savedBuyer(db: Db | Tx, websiteId: number, userId: number) {
  const p = await q.findProfile(db, websiteId, userId)
  return { gstin: p?.gstin ?? null, name: p?.gstinName ?? null }
}

/** A customer of this website by the number this website was given; someone known only elsewhere is not found. */
export const customerHereByPhone = (db: Db | Tx, websiteId: number, phone: string) => q.findProfileByPhone(db, websiteId, phone)

/** Someone of this website (a sales agent, the counter) gave the person's name and number: this website's record of them. */
export const recordGivenHere = (db: Db | Tx, websiteId: number, userId: number, given: { name: string; phone: string | null }) =>
  q.recordGiven(db, websiteId, userId, given)

/**
 * A code to a person known to another website, which they give the sales agent to agree to be added here
 * (decision 0034), or the cashier to open a khata for them (`khata`, decision 0047): sign-in's codes and limits, with
 * their own purpose, so it never signs anyone in.
 */
export function sendConsentCode(ctx: RequestCtx, delivery: OtpDelivery, mobile: string, ip: string, agentName: string, khata = false): Promise<SendResult> {
  return sendCode(ctx, delivery, { kind: 'mobile', value: mobile }, ip, { purpose: 'agent_consent', agentName, khata })
}

/** The consent code the agent entered: the newest sent to this number from the agent's session, 5 tries, used once. */
export function checkConsentCode(ctx: RequestCtx, mobile: string, code: string): Promise<CheckResult> {
  return checkCode(ctx, { kind: 'mobile', value: mobile }, code, 'agent_consent')
}
