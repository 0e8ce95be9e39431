import { createRequire } from 'node:module'
import type * as Nodemailer from 'nodemailer'
import type { Config } from '../../../config'
import { lazyModule } from '../../../platform/lazy-module'
import { OtpDeliveryError, otpSubject, otpText, type OtpSender } from './message'

// loaded only by a process that sends email (lazy-module.ts)
const nodemailer = lazyModule<typeof Nodemailer>(() => createRequire(import.meta.url)('nodemailer'))

/** Email over SMTP with nodemailer; SMTP_URL is smtp(s)://user:password@host:port. */
export function smtpSender(config: Pick<Config, 'SMTP_URL' | 'SMTP_FROM'>): OtpSender {
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    name: 'smtp',
    async send(message) {
      if (message.to.kind !== 'email') throw new OtpDeliveryError('smtp', 'only email addresses get an email')
      try {
        await transport.sendMail({
          from: config.SMTP_FROM,
          to: message.to.value,
          subject: otpSubject(message),
          text: otpText(message),
        })
      } catch (err) {
        // nodemailer errors can quote the SMTP dialogue (addresses, the message): keep the code and response status only.
        const e = err as { code?: unknown; responseCode?: unknown }
        throw new OtpDeliveryError(
          'smtp',
          `failed${typeof e.code === 'string' ? ` (${e.code})` : ''}${typeof e.responseCode === 'number' ? ` ${e.responseCode}` : ''}`,
        )
      }
    },
  }
}
