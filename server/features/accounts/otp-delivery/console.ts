import type { FastifyBaseLogger } from 'fastify'
import { maskUsername } from '../../../../common/rules/username'
import type { Config } from '../../../config'
import type { OtpSender } from './message'

/**
 * Development's provider (CONTRACT): the code goes to the server log, so a demo needs no SMS account.
 * In production it never writes the code, only that a code could not be delivered.
 */
export function consoleSender(config: Pick<Config, 'NODE_ENV'>, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): OtpSender {
  const production = config.NODE_ENV === 'production'
  return {
    name: 'console',
    async send({ to, code, notice, consent }) {
      if (notice) return log.info(`message for ${maskUsername(to)}: ${notice.subject} (console provider)`)
      if (production) {
        log.warn({ to: maskUsername(to) }, 'sign-in code not delivered: no SMS or email provider is configured (OTP_SMS_PROVIDER, OTP_EMAIL_PROVIDER)')
        return
      }
      log.info(`${consent ? 'consent' : 'sign-in'} code for ${maskUsername(to)}: ${code} (console provider, development only)`)
    },
  }
}
