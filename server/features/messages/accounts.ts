import type { MessageTemplateName } from '../../../common/rules/message-templates'
import type { Config } from '../../config'
import { parseTemplateIds } from '../../platform/messages-config'
import type { Msg91Account } from './providers/msg91'
import type { WhatsAppAccount } from './providers/whatsapp'

export interface MessageAccounts {
  whatsapp: (WhatsAppAccount & { templateNames: Partial<Record<MessageTemplateName, string>> }) | null
  msg91: Msg91Account | null
}

/** The process's own provider accounts (the environment's keys, or the simulator's demo ones); none with MESSAGES_MODE=off. */
export function processAccounts(config: Config): MessageAccounts {
  if (config.MESSAGES_MODE === 'off') return { whatsapp: null, msg91: null }
  const whatsapp =
    config.WHATSAPP_ACCESS_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID && config.WHATSAPP_APP_SECRET
      ? {
          apiBase: config.WHATSAPP_API_BASE ?? 'https://graph.facebook.com',
          version: config.WHATSAPP_API_VERSION,
          phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
          accessToken: config.WHATSAPP_ACCESS_TOKEN,
          language: config.WHATSAPP_TEMPLATE_LANGUAGE,
          templateNames: {},
        }
      : null
  const templateIds = parseTemplateIds(config.MSG91_TEMPLATE_IDS) ?? {}
  const msg91 =
    config.MSG91_AUTH_KEY && config.MSG91_SENDER_ID
      ? { apiBase: config.MSG91_API_BASE ?? 'https://control.msg91.com', authKey: config.MSG91_AUTH_KEY, senderId: config.MSG91_SENDER_ID, templateIds }
      : null
  return { whatsapp, msg91 }
}
