import type { MessageTemplateName } from '../../../common/rules/message-templates'
import type { Config } from '../../config'
import type { Db, Tx } from '../../db/client'
import { parseTemplateIds } from '../../platform/messages-config'
import { createSecretBox, type SecretBox, settingsKey } from '../../platform/secret-box'
import type { Msg91Account } from './providers/msg91'
import type { WhatsAppAccount } from './providers/whatsapp'
import { findSettings, type MessageSettingsRow } from './queries/settings'

/** whose provider account a message goes out on: the website's own keys, or the install's (environment) */
type KeySource = 'own' | 'shop'

export interface MessageAccounts {
  whatsapp: (WhatsAppAccount & { templateNames: Partial<Record<MessageTemplateName, string>>; keys: KeySource }) | null
  msg91: (Msg91Account & { keys: KeySource }) | null
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
          keys: 'shop' as const,
        }
      : null
  const templateIds = parseTemplateIds(config.MSG91_TEMPLATE_IDS) ?? {}
  const msg91 =
    config.MSG91_AUTH_KEY && config.MSG91_SENDER_ID
      ? {
          apiBase: config.MSG91_API_BASE ?? 'https://control.msg91.com',
          authKey: config.MSG91_AUTH_KEY,
          senderId: config.MSG91_SENDER_ID,
          templateIds,
          keys: 'shop' as const,
        }
      : null
  return { whatsapp, msg91 }
}

/** The sealed columns of message_settings (platform/secret-box.ts, as payment keys are sealed). */
export type SealedColumn = 'whatsappAccessToken' | 'whatsappAppSecret' | 'msg91AuthKey'

const boxes = new WeakMap<Config, SecretBox>()
export function secretBox(config: Config): SecretBox {
  let box = boxes.get(config)
  if (!box) {
    box = createSecretBox(settingsKey(config))
    boxes.set(config, box)
  }
  return box
}

/** What a sealed value is bound to: the same bytes in another website's row or another column do not open. */
export const sealContext = (websiteId: number, column: SealedColumn) => `message_settings:${websiteId}:${column}`

export const ownWhatsApp = (row: MessageSettingsRow | null) => Boolean(row?.whatsappPhoneNumberId && row.whatsappAccessToken && row.whatsappAppSecret)
export const ownMsg91 = (row: MessageSettingsRow | null) => Boolean(row?.msg91SenderId && row.msg91AuthKey)

export function openSealed(config: Config, row: MessageSettingsRow, column: SealedColumn): string | null {
  const sealed = row[column]
  return sealed ? secretBox(config).open(sealed, sealContext(row.websiteId, column)) : null
}

/**
 * A website's accounts: none on a channel it turned off; its own keys where saved, else the install's; its templates'
 * names, languages, DLT ids and variable order where it registered them, else the install's.
 */
export function websiteAccounts(config: Config, base: MessageAccounts, row: MessageSettingsRow | null): MessageAccounts {
  if (!row || config.MESSAGES_MODE === 'off') return base
  const templates = Object.entries(row.templates) as [MessageTemplateName, MessageSettingsRow['templates'][string]][]
  let whatsapp: MessageAccounts['whatsapp'] = null
  const shopWa = base.whatsapp
  if (row.whatsappEnabled && (ownWhatsApp(row) || shopWa)) {
    const own = ownWhatsApp(row)
    const named = templates.filter(([, t]) => t.whatsappName)
    whatsapp = {
      apiBase: config.WHATSAPP_API_BASE ?? 'https://graph.facebook.com',
      version: config.WHATSAPP_API_VERSION,
      language: config.WHATSAPP_TEMPLATE_LANGUAGE,
      ...(own
        ? { phoneNumberId: row.whatsappPhoneNumberId!, accessToken: openSealed(config, row, 'whatsappAccessToken')!, keys: 'own' as const }
        : { phoneNumberId: shopWa!.phoneNumberId, accessToken: shopWa!.accessToken, keys: 'shop' as const }),
      templateNames: Object.fromEntries(named.map(([name, t]) => [name, t.whatsappName])),
      templates: Object.fromEntries(named.map(([name, t]) => [name, { name: t.whatsappName, language: t.language, vars: t.vars }])),
    }
  }
  let msg91: MessageAccounts['msg91'] = null
  const shopSms = base.msg91
  if (row.smsEnabled && (ownMsg91(row) || shopSms)) {
    const own = ownMsg91(row)
    const ids = templates.filter(([, t]) => t.dltTemplateId)
    msg91 = {
      apiBase: config.MSG91_API_BASE ?? 'https://control.msg91.com',
      ...(own
        ? { authKey: openSealed(config, row, 'msg91AuthKey')!, senderId: row.msg91SenderId!, keys: 'own' as const }
        : { authKey: shopSms!.authKey, senderId: shopSms!.senderId, keys: 'shop' as const }),
      // a website with its own MSG91 account has only its own DLT templates; on the install's, the install's apply where it set none
      templateIds: { ...(own ? {} : shopSms!.templateIds), ...Object.fromEntries(ids.map(([name, t]) => [name, t.dltTemplateId])) },
      templateVars: Object.fromEntries(ids.map(([name, t]) => [name, t.vars])),
    }
  }
  return { whatsapp, msg91 }
}

/** The accounts a website's messages go out on, read for each send (a save applies at once in every process). */
export const accountsFor = (db: Db | Tx, config: Config, base: MessageAccounts) => async (websiteId: number | null) =>
  websiteId === null ? base : websiteAccounts(config, base, await findSettings(db, websiteId))
