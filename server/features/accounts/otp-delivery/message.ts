import type { MessageTemplateName } from '../../../../common/rules/message-templates'
import type { Username } from '../../../../common/rules/username'

/** What a provider is asked to deliver; `code` must never reach a log line or an error (SECURITY AU-09). */
export interface OtpMessage {
  to: Username
  code: string
  siteName: string
  minutes: number
  /** a code the person gives a sales agent to agree that the agent adds them as a customer (docs/decisions/0034) */
  consent?: { agentName: string; khata?: boolean }
  /** another message through the same providers (order confirmations, issue #5); `code` is then empty */
  notice?: { subject: string; text: string }
  /** the website it is sent for (its message settings, limits, the shopper's preferences) */
  websiteId?: number
  /** a notice's registered template (WhatsApp and DLT SMS send only registered templates; issue #32) */
  template?: { name: MessageTemplateName; vars: Record<string, string> }
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
  m.notice?.text ??
  (m.consent?.khata
    ? `${m.code} is your code to let ${m.siteName} open a khata (credit account) for you at the counter with ${m.consent.agentName}. Give it to them only if you agree. It expires in ${m.minutes} minutes. It does not sign anyone in to your account.`
    : m.consent
      ? `${m.code} is your code to let ${m.consent.agentName} of ${m.siteName} add you as a customer and order for you. Give it to them only if you agree. It expires in ${m.minutes} minutes. It does not sign anyone in to your account.`
      : `${m.code} is your ${m.siteName} sign-in code. It expires in ${m.minutes} minutes. Never share it with anyone, not even our staff.`)

export const otpSubject = (m: OtpMessage) =>
  m.notice?.subject ??
  (m.consent
    ? `${m.siteName}: ${m.consent.khata ? 'a khata for you' : `${m.consent.agentName} asks to add you as a customer`}`
    : `Your ${m.siteName} sign-in code`)
