import type { Username } from '../../../../common/rules/username'

/** What a provider is asked to deliver; `code` must never reach a log line or an error (SECURITY AU-09). */
export interface OtpMessage {
  to: Username
  code: string
  siteName: string
  minutes: number
  /** another message through the same providers (order confirmations, issue #5); `code` is then empty */
  notice?: { subject: string; text: string }
}

/** One provider, one file (STYLE rule 9): sign-in never names Twilio or SMTP. */
export interface OtpSender {
  readonly name: string
  send(message: OtpMessage): Promise<void>
}

/** A failure a provider reports, reduced to what is safe to log: no credentials, no code, no number. */
export class OtpDeliveryError extends Error {
  constructor(provider: string, detail: string) {
    super(`${provider}: ${detail}`)
    this.name = 'OtpDeliveryError'
  }
}

export const otpText = (m: OtpMessage) =>
  m.notice?.text ?? `${m.code} is your ${m.siteName} sign-in code. It expires in ${m.minutes} minutes. Never share it with anyone, not even our staff.`
