import { RESEND_SECONDS } from '../../../common/contracts/accounts'

/**
 * What the sign-in steps hand each other in session storage (never in the address: a number or email in a
 * URL ends up in history and logs): the username a code went to, when it went, and whether it was verified
 * for a new account.
 */
const USERNAME = 'auth.username'
const SENT_AT = 'auth.sentAt'
const VERIFIED = 'auth.verified'

export function codeSent(username: string) {
  sessionStorage.setItem(USERNAME, username)
  sessionStorage.setItem(SENT_AT, String(Date.now()))
  sessionStorage.removeItem(VERIFIED)
}

export const pendingUsername = () => sessionStorage.getItem(USERNAME)

export function secondsUntilResend(): number {
  const at = Number(sessionStorage.getItem(SENT_AT) ?? 0)
  return Math.max(0, Math.ceil(RESEND_SECONDS - (Date.now() - at) / 1000))
}

export const markVerifiedForRegistration = (username: string) => sessionStorage.setItem(VERIFIED, username)
export const verifiedForRegistration = () => sessionStorage.getItem(VERIFIED)

export function clearPendingSignIn() {
  for (const key of [USERNAME, SENT_AT, VERIFIED]) sessionStorage.removeItem(key)
}
