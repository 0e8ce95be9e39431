import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../../config'
import { consoleSender } from './console'
import type { OtpMessage } from './message'
import { smtpSender } from './smtp'
import { twilioSender } from './twilio'

export interface OtpDelivery {
  send(message: OtpMessage): Promise<void>
}

/** Mobile numbers get an SMS, emails an email, each through the provider the configuration names. */
export function createOtpDelivery(config: Config, log: FastifyBaseLogger): OtpDelivery {
  const fallback = consoleSender(config, log)
  const sms = config.OTP_SMS_PROVIDER === 'twilio' ? twilioSender(config) : fallback
  const email = config.OTP_EMAIL_PROVIDER === 'smtp' ? smtpSender(config) : fallback
  return { send: (m) => (m.to.kind === 'mobile' ? sms : email).send(m) }
}
