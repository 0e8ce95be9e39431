import type { FastifyBaseLogger } from 'fastify'
import type { Username } from '../../../../common/rules/username'
import type { Config } from '../../../config'
import type { Messenger } from '../../messages/service'
import { consoleSender } from './console'
import type { OtpMessage, OtpSender } from './message'
import { both, phoneMessageSender } from './phone-messages'
import { smtpSender } from './smtp'
import { twilioSender } from './twilio'

export type { OtpMessage }

export interface OtpDelivery {
  send(message: OtpMessage): Promise<void>
}

type Channels = Pick<Config, 'OTP_SMS_PROVIDER' | 'OTP_EMAIL_PROVIDER'>

/** A channel whose provider is `none` is not offered: no sign-in code goes that way (config.ts: production needs one). */
export const offersSignIn = (config: Channels, kind: Username['kind']) => (kind === 'mobile' ? config.OTP_SMS_PROVIDER : config.OTP_EMAIL_PROVIDER) !== 'none'

/** A channel not offered: notices (order updates) are not sent; sign-in refuses such a username before any code. */
const notOffered: OtpSender = { name: 'none', send: async () => {} }

/**
 * Mobile numbers get WhatsApp or an SMS, emails an email, each through the provider the configuration names. With the
 * console provider and the messages simulator (development, tests), a number's code is logged and also sent on the
 * simulator's WhatsApp, where the demo reads it (/sim/messages).
 */
export function createOtpDelivery(config: Config, log: FastifyBaseLogger, messenger?: Messenger): OtpDelivery {
  const fallback = consoleSender(config, log)
  const phones = messenger ? phoneMessageSender(messenger, log) : null
  const provider = config.OTP_SMS_PROVIDER
  const sms =
    provider === 'twilio'
      ? twilioSender(config)
      : provider === 'none'
        ? notOffered
        : (provider === 'whatsapp' || provider === 'msg91') && phones
          ? phones
          : phones && config.MESSAGES_MODE === 'simulator'
            ? both(fallback, phones, log)
            : fallback
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
