import { EMAIL_PATTERN } from './form-field'
import { MOBILE_PATTERN } from './mobile'

/** Sign-in names (CONTRACT "Sign-in"): a 10-digit Indian mobile number (spec §5) or an email address. */
export type Username = { kind: 'mobile'; value: string } | { kind: 'email'; value: string }

export const USERNAME_MESSAGE = 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9, or an email address'
export const USERNAME_MAX_LENGTH = 254

/**
 * One canonical form per person (SECURITY AU-16), so limits and accounts cannot be split by spelling:
 * spaces, dashes and a +91 / 91 / 0 prefix are dropped from numbers, emails are lower-cased.
 * Only ASCII digits count: other scripts' digits are refused rather than mapped.
 */
export function parseUsername(raw: string): Username | null {
  const text = raw.trim()
  if (!text || text.length > USERNAME_MAX_LENGTH) return null
  if (text.includes('@')) {
    const email = text.toLowerCase()
    return EMAIL_PATTERN.test(email) ? { kind: 'email', value: email } : null
  }
  if (!/^[+\d\s()-]+$/.test(text)) return null
  let digits = text.replace(/[\s()-]/g, '')
  if (digits.startsWith('+')) {
    if (!digits.startsWith('+91')) return null
    digits = digits.slice(3)
  } else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2)
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1)
  return MOBILE_PATTERN.test(digits) ? { kind: 'mobile', value: digits } : null
}

/** How a username is shown back to its owner without spelling it out in full (SECURITY PR-01). */
export function maskUsername(u: Username): string {
  if (u.kind === 'mobile') return `${u.value.slice(0, 2)}xxxxxx${u.value.slice(-2)}`
  const [name, domain] = u.value.split('@')
  return `${name.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(name.length - 1, 6)))}@${domain}`
}
