import * as z from 'zod/mini'
import { SIMULATOR_DLT_TEMPLATE_IDS } from '../../common/rules/message-templates'
import { isLoopbackUrl } from './payments-config'

/**
 * The messaging variables (issue #32; docs/decisions/0052-whatsapp-and-dlt-sms.md): WhatsApp Business (Cloud API)
 * and MSG91 SMS with DLT templates. server/config.ts parses them with the rest of the environment and runs the
 * guards below. `simulator` (the default outside production) sends to the app's own stand-in for both providers.
 */
/** Where the app receives the providers' reports (server/features/messages/webhook-routes.ts). */
export const WHATSAPP_WEBHOOK_PATH = '/s/api/messages/webhooks/whatsapp'
export const MSG91_WEBHOOK_PATH = '/s/api/messages/webhooks/msg91'

export const MESSAGES_MODES = ['simulator', 'live', 'off'] as const
export type MessagesMode = (typeof MESSAGES_MODES)[number]

const text = () => z.optional(z.string().check(z.minLength(1)))

export const MessagesEnv = {
  MESSAGES_MODE: z.optional(z.enum(MESSAGES_MODES)),
  /** Graph API host and version: POST {base}/{version}/{phone-number-id}/messages */
  WHATSAPP_API_BASE: z.optional(z.url()),
  WHATSAPP_API_VERSION: z._default(z.string().check(z.regex(/^v\d+\.\d+$/)), 'v21.0'),
  WHATSAPP_ACCESS_TOKEN: text(),
  WHATSAPP_PHONE_NUMBER_ID: z.optional(z.string().check(z.regex(/^\d{5,20}$/))),
  /** signs the webhooks (X-Hub-Signature-256) */
  WHATSAPP_APP_SECRET: text(),
  /** what Meta's hub.verify_token must be when the webhook is set up */
  WHATSAPP_VERIFY_TOKEN: text(),
  WHATSAPP_TEMPLATE_LANGUAGE: z._default(z.string().check(z.regex(/^[a-z]{2}(_[A-Z]{2})?$/)), 'en'),
  MSG91_API_BASE: z.optional(z.url()),
  MSG91_AUTH_KEY: text(),
  /** the 6-letter sender id registered on DLT */
  MSG91_SENDER_ID: z.optional(z.string().check(z.regex(/^[A-Z]{6}$/))),
  /** the DLT template ids: `sign_in_code:1107…,order_confirmed:1107…` */
  MSG91_TEMPLATE_IDS: text(),
  /** the secret MSG91's delivery-report address carries (MSG91 does not sign its reports) */
  MSG91_WEBHOOK_TOKEN: text(),
  /** the longest a provider call may take */
  MESSAGES_HTTP_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gt(0)), 8000),
  /** per number: messages an hour (sign-in codes have their own limits besides) */
  MESSAGES_PER_NUMBER_HOUR: z._default(z.coerce.number().check(z.int(), z.gt(0)), 20),
  /** per website: messages an hour */
  MESSAGES_PER_WEBSITE_HOUR: z._default(z.coerce.number().check(z.int(), z.gt(0)), 5000),
  /** how long the staff's message log keeps a message */
  MESSAGES_RETENTION_DAYS: z._default(z.coerce.number().check(z.int(), z.gt(0)), 90),
}

type MessagesValues = z.infer<z.ZodMiniObject<typeof MessagesEnv>>
type MessagesConfig = Omit<MessagesValues, 'MESSAGES_MODE'> & { MESSAGES_MODE: MessagesMode; NODE_ENV: string; PORT: number; OTP_SMS_PROVIDER: string }

/** The simulator's demo credentials: published, and refused in production like the payment simulator's. */
export const MESSAGES_SIMULATOR_DEFAULTS = {
  WHATSAPP_ACCESS_TOKEN: 'EAAsim0demo0whatsapp0access0token',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  WHATSAPP_APP_SECRET: 'sim_whatsapp_app_secret_demo',
  WHATSAPP_VERIFY_TOKEN: 'sim_whatsapp_verify_token_demo',
  MSG91_AUTH_KEY: 'sim0msg91authkey0demo',
  MSG91_SENDER_ID: 'KRNFSH',
  MSG91_WEBHOOK_TOKEN: 'sim_msg91_webhook_token_demo',
}

const SIM_SECRETS = ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'MSG91_AUTH_KEY'] as const

/** `kind:id,kind:id` → { kind: id }; null when malformed. */
export function parseTemplateIds(value: string | undefined): Record<string, string> | null {
  if (!value) return {}
  const pairs = value.split(',').map((p) => p.trim().split(':'))
  if (pairs.some((p) => p.length !== 2 || !/^[a-z_]+$/.test(p[0]) || !/^\d{10,25}$/.test(p[1]))) return null
  return Object.fromEntries(pairs)
}

export const whatsappConfigured = (c: MessagesConfig) => Boolean(c.WHATSAPP_ACCESS_TOKEN && c.WHATSAPP_PHONE_NUMBER_ID && c.WHATSAPP_APP_SECRET)
export const msg91Configured = (c: MessagesConfig) => Boolean(c.MSG91_AUTH_KEY && c.MSG91_SENDER_ID && parseTemplateIds(c.MSG91_TEMPLATE_IDS)?.sign_in_code)

/** Problems in any environment: the providers the sign-in setting names need their keys; addresses fit the mode. */
export function messagesSetupProblems(c: MessagesConfig): string[] {
  const problems: string[] = []
  if (parseTemplateIds(c.MSG91_TEMPLATE_IDS) === null) problems.push('MSG91_TEMPLATE_IDS must be name:id pairs separated by commas (sign_in_code:1107…)')
  if (c.MESSAGES_MODE === 'simulator') {
    for (const name of ['WHATSAPP_API_BASE', 'MSG91_API_BASE'] as const)
      if (c[name] && !isLoopbackUrl(c[name])) problems.push(`${name} must be a loopback URL (127.0.0.1 or [::1]) with MESSAGES_MODE=simulator`)
    return problems
  }
  if (c.OTP_SMS_PROVIDER === 'whatsapp' && !whatsappConfigured(c))
    problems.push('OTP_SMS_PROVIDER=whatsapp needs WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET')
  if (c.OTP_SMS_PROVIDER === 'msg91' && !msg91Configured(c))
    problems.push('OTP_SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_SENDER_ID and MSG91_TEMPLATE_IDS with sign_in_code')
  if ((c.OTP_SMS_PROVIDER === 'whatsapp' || c.OTP_SMS_PROVIDER === 'msg91') && c.MESSAGES_MODE === 'off')
    problems.push(`OTP_SMS_PROVIDER=${c.OTP_SMS_PROVIDER} needs MESSAGES_MODE=live`)
  return problems
}

/** Problems that stop a production start. */
export function messagesProductionProblems(c: MessagesConfig): string[] {
  const problems: string[] = []
  if (c.MESSAGES_MODE === 'simulator') problems.push('MESSAGES_MODE=simulator is not allowed in production')
  for (const name of SIM_SECRETS) if (c[name] && c[name] === MESSAGES_SIMULATOR_DEFAULTS[name]) problems.push(`${name} is the simulator's demo value`)
  return problems
}

/** What the mode implies: the simulator works with no configuration at all, at this app's own address. */
export function messagesDefaults(c: MessagesConfig): Partial<MessagesValues> {
  if (c.MESSAGES_MODE !== 'simulator')
    return { WHATSAPP_API_BASE: c.WHATSAPP_API_BASE ?? 'https://graph.facebook.com', MSG91_API_BASE: c.MSG91_API_BASE ?? 'https://control.msg91.com' }
  const self = `http://127.0.0.1:${c.PORT}`
  return {
    ...MESSAGES_SIMULATOR_DEFAULTS,
    ...Object.fromEntries(Object.entries(c).filter(([k, v]) => k in MESSAGES_SIMULATOR_DEFAULTS && v)),
    WHATSAPP_API_BASE: c.WHATSAPP_API_BASE ?? `${self}/sim/whatsapp`,
    MSG91_API_BASE: c.MSG91_API_BASE ?? `${self}/sim/msg91`,
    MSG91_TEMPLATE_IDS:
      c.MSG91_TEMPLATE_IDS ??
      Object.entries(SIMULATOR_DLT_TEMPLATE_IDS)
        .map(([name, id]) => `${name}:${id}`)
        .join(','),
  }
}
