import type { Config } from './config'
import type { Db } from './db/client'
import { demoAccountsIn, demoAddresses } from './db/seed/index'

/**
 * What a newcomer needs once `npm start` answers (development's readable log only): where the shops, the staff
 * screens and the API description are, whom to sign in as, and where the sign-in code turns up.
 */
export async function startBanner(config: Config, db: Db, database: string): Promise<string> {
  const home = `http://localhost:${config.PORT}`
  const accounts = await demoAccountsIn(db)
  const lines = [
    '',
    `  Storefront is ready at ${home}  (${database})`,
    '',
    `  Shops     ${accounts.length ? demoAddresses(config.PORT).join('   ') : home}`,
    `  Staff     ${home}/bos/admin   the shop counter: ${home}/pos`,
    `  API       ${home}/s/api/docs`,
  ]
  if (accounts.length) {
    lines.push('', '  Demo accounts: sign in with the number (each shop gives them its own roles)')
    for (const a of accounts) lines.push(`    ${a.phone}  ${a.name.padEnd(16)} ${roleOf(a)}`)
  }
  lines.push('', `  ${codes(config)}`, '')
  return `${lines.join('\n')}\n`
}

const roleOf = (a: { superadmin: boolean; isSalesAgent: boolean }) =>
  a.superadmin ? 'superadmin, admin of every demo shop: /bos/admin' : a.isSalesAgent ? 'sales agent: /account/dashboard' : 'shopper'

function codes(config: Config) {
  if (config.AUTH_FIXED_OTP) return `Sign-in codes: every code is ${config.AUTH_FIXED_OTP} (AUTH_FIXED_OTP).`
  const by = {
    console: 'printed in this log ("sign-in code for …: 123456")',
    twilio: 'sent by SMS (Twilio)',
    whatsapp: 'sent on WhatsApp (SMS through MSG91 when WhatsApp fails)',
    msg91: 'sent by SMS (MSG91, DLT template)',
    smtp: 'sent by email (SMTP)',
    none: 'not offered',
  }
  if (config.OTP_SMS_PROVIDER === 'console' && config.OTP_EMAIL_PROVIDER === 'console')
    return config.MESSAGES_MODE === 'simulator'
      ? `Sign-in codes are ${by.console}, and numbers get them on the messages simulator's WhatsApp: /sim/messages.`
      : `Sign-in codes are ${by.console}: no SMS or email is sent in development.`
  return `Sign-in codes: to a mobile number ${by[config.OTP_SMS_PROVIDER]}; to an email ${by[config.OTP_EMAIL_PROVIDER]}.`
}
