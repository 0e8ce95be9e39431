import type { FastifyBaseLogger } from 'fastify'
import type { Username } from '../../../../common/rules/username'
import type { Config } from '../../../config'
import { consoleSender } from './console'
import type { OtpMessage, OtpSender } from './message'
import { smtpSender } from './smtp'
import { twilioSender } from './twilio'

export interface OtpDelivery {
  send(message: OtpMessage): Promise<void>
}

type Channels = Pick<Config, 'OTP_SMS_PROVIDER' | 'OTP_EMAIL_PROVIDER'>

/** A channel whose provider is `none` is not offered: no sign-in code goes that way (config.ts: production needs one). */
export const offersSignIn = (config: Channels, kind: Username['kind']) => (kind === 'mobile' ? config.OTP_SMS_PROVIDER : config.OTP_EMAIL_PROVIDER) !== 'none'

/** A channel not offered: notices (order updates) are not sent; sign-in refuses such a username before any code. */
const notOffered: OtpSender = { name: 'none', send: async () => {} }

/** Mobile numbers get an SMS, emails an email, each through the provider the configuration names. */
export function createOtpDelivery(config: Config, log: FastifyBaseLogger): OtpDelivery {
  const fallback = consoleSender(config, log)
  const sms = config.OTP_SMS_PROVIDER === 'twilio' ? twilioSender(config) : config.OTP_SMS_PROVIDER === 'none' ? notOffered : fallback
  const email = config.OTP_EMAIL_PROVIDER === 'smtp' ? smtpSender(config) : config.OTP_EMAIL_PROVIDER === 'none' ? notOffered : fallback
  return { send: (m) => (m.to.kind === 'mobile' ? sms : email).send(m) }
}

/** Counts each code handed to a provider (never a notice), by channel, sent or failed (the provider threw). */
export function countedDelivery(delivery: OtpDelivery, counted: (channel: 'sms' | 'email', outcome: 'sent' | 'failed') => void): OtpDelivery {
  return {
    async send(m) {
      if (m.notice) return delivery.send(m)
      const channel = m.to.kind === 'mobile' ? 'sms' : 'email'
      try {
        await delivery.send(m)
      } catch (err) {
        counted(channel, 'failed')
        throw err
      }
      counted(channel, 'sent')
    },
  }
}
