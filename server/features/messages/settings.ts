import { randomBytes } from 'node:crypto'
import type { MessageSettingsAnswer, MessageSettingsInput, TestMessagingInput } from '../../../common/contracts/admin-messages'
import {
  MESSAGE_TEMPLATE_NAMES,
  MESSAGE_TEMPLATES,
  type MessageTemplateName,
  previewText,
  templateSettingProblems,
} from '../../../common/rules/message-templates'
import { MSG91_WEBHOOK_PATH, parseTemplateIds, WHATSAPP_WEBHOOK_PATH } from '../../platform/messages-config'
import { invalidFields, ok, type Result } from '../../platform/result'
import type { StaffCtx, StaffWriteCtx } from '../../platform/staff-write'
import { staffWrite } from '../../platform/staff-write'
import { expectVersion } from '../../platform/versioned'
import { openSealed, ownMsg91, ownWhatsApp, processAccounts, type SealedColumn, sealContext, secretBox } from './accounts'
import { MessageSendError, type MessagesHttp } from './providers/http'
import { checkMsg91 } from './providers/msg91'
import { checkWhatsApp } from './providers/whatsapp'
import { findSettings, insertSettings, type MessageSettingsRow, updateSettings } from './queries/settings'

/**
 * Staff calls of a website's messaging (decision 0052). Secrets are sealed before they reach the database (as payment
 * keys are) and are never answered or audited: the audit row keeps "set" or "not set" and the last digits of an id.
 */

const ENTITY = { entity: 'message_settings', label: 'Messaging' }

const tail = (v: string | null | undefined) => (v ? `…${v.slice(-4)}` : null)
const isSet = (v: string | null | undefined) => (v ? 'set' : 'not set')
const token = () => randomBytes(18).toString('base64url')

const auditRecord = (r: MessageSettingsRow) => ({
  whatsapp_enabled: r.whatsappEnabled,
  whatsapp_phone_number_id: tail(r.whatsappPhoneNumberId),
  whatsapp_access_token: isSet(r.whatsappAccessToken),
  whatsapp_app_secret: isSet(r.whatsappAppSecret),
  sms_enabled: r.smsEnabled,
  msg91_sender_id: r.msg91SenderId,
  msg91_auth_key: isSet(r.msg91AuthKey),
  templates: r.templates,
  version: r.version,
})

/** No row yet: both channels on, the install's keys and templates, as an unsaved row (its tokens made when saved). */
const implied = (websiteId: number): MessageSettingsRow => ({
  websiteId,
  whatsappEnabled: true,
  smsEnabled: true,
  whatsappPhoneNumberId: null,
  whatsappAccessToken: null,
  whatsappAppSecret: null,
  whatsappVerifyToken: '',
  msg91AuthKey: null,
  msg91SenderId: null,
  msg91ReportToken: '',
  templates: {},
  version: 1,
  updatedAt: new Date(0),
})

function answer(ctx: StaffCtx, r: MessageSettingsRow, origin: string): MessageSettingsAnswer {
  const shop = processAccounts(ctx.config)
  const source = (own: boolean, shopHas: boolean) => (own ? 'own' : shopHas ? 'shop' : 'none') as 'own' | 'shop' | 'none'
  const shopIds = parseTemplateIds(ctx.config.MSG91_TEMPLATE_IDS) ?? {}
  return {
    mode: ctx.config.MESSAGES_MODE,
    whatsapp: {
      enabled: r.whatsappEnabled,
      phone_number_id: r.whatsappPhoneNumberId,
      access_token_set: Boolean(r.whatsappAccessToken),
      app_secret_set: Boolean(r.whatsappAppSecret),
      keys: source(ownWhatsApp(r), Boolean(shop.whatsapp)),
      webhook_url: `${origin}${WHATSAPP_WEBHOOK_PATH}/${ctx.site.id}`,
      verify_token: r.whatsappVerifyToken,
    },
    sms: {
      enabled: r.smsEnabled,
      sender_id: r.msg91SenderId,
      auth_key_set: Boolean(r.msg91AuthKey),
      keys: source(ownMsg91(r), Boolean(shop.msg91)),
      report_url: r.msg91ReportToken ? `${origin}${MSG91_WEBHOOK_PATH}/${ctx.site.id}?token=${r.msg91ReportToken}` : '',
    },
    templates: MESSAGE_TEMPLATE_NAMES.map((name) => {
      const spec = MESSAGE_TEMPLATES[name]
      const own = r.templates[name]
      return {
        name,
        label: spec.label,
        category: spec.category,
        needs: [...spec.vars],
        whatsapp_name: own?.whatsappName || name,
        language: own?.language ?? ctx.config.WHATSAPP_TEMPLATE_LANGUAGE,
        dlt_template_id: own ? own.dltTemplateId : ownMsg91(r) ? '' : (shopIds[name] ?? ''),
        vars: own ? own.vars : [...spec.vars],
        preview: previewText(name, ctx.site.name),
      }
    }),
    version: r.version,
  }
}

export async function getMessageSettings(ctx: StaffCtx, origin: string): Promise<MessageSettingsAnswer> {
  return answer(ctx, (await findSettings(ctx.db, ctx.site.id)) ?? implied(ctx.site.id), origin)
}

export async function updateMessageSettings(ctx: StaffWriteCtx, input: MessageSettingsInput, origin: string): Promise<Result<MessageSettingsAnswer>> {
  const websiteId = ctx.site.id
  const existing = await findSettings(ctx.db, websiteId, true)
  const before = existing ?? implied(websiteId)
  await expectVersion(
    ctx,
    { entity: ENTITY.entity, id: websiteId, label: ENTITY.label },
    input.version,
    { version: before.version, record: auditRecord(before) },
    answer(ctx, before, origin),
  )
  const box = secretBox(ctx.config)
  const seal = (column: SealedColumn, plain: string) => box.seal(plain, sealContext(websiteId, column))
  const errors: Record<string, string> = {}
  const changedSecrets: string[] = []
  const shop = processAccounts(ctx.config)

  // WhatsApp: an empty phone number id removes the website's keys; a new id needs its own token.
  const wa = input.whatsapp
  let whatsapp = { id: null as string | null, token: null as string | null, secret: null as string | null }
  if (wa.phone_number_id) {
    const sameId = wa.phone_number_id === before.whatsappPhoneNumberId
    const accessToken = wa.access_token ? seal('whatsappAccessToken', wa.access_token) : sameId ? before.whatsappAccessToken : null
    const appSecret = wa.app_secret ? seal('whatsappAppSecret', wa.app_secret) : before.whatsappAppSecret
    if (!accessToken) errors['whatsapp.access_token'] = sameId ? 'Enter the access token' : 'Enter the access token of this phone number'
    if (!appSecret) errors['whatsapp.app_secret'] = 'Enter the app secret (Meta app dashboard → App settings → Basic): it signs the webhooks'
    if (wa.access_token) changedSecrets.push('whatsapp access token changed')
    if (wa.app_secret) changedSecrets.push('whatsapp app secret changed')
    whatsapp = { id: wa.phone_number_id, token: accessToken, secret: appSecret }
  } else if (wa.enabled && !shop.whatsapp) errors['whatsapp.phone_number_id'] = 'Enter the phone number id and keys to turn WhatsApp on'
  if (before.whatsappPhoneNumberId && !wa.phone_number_id) changedSecrets.push('whatsapp keys removed')

  const sms = input.sms
  let msg91 = { sender: null as string | null, key: null as string | null }
  if (sms.sender_id) {
    const authKey = sms.auth_key ? seal('msg91AuthKey', sms.auth_key) : before.msg91AuthKey
    if (!authKey) errors['sms.auth_key'] = 'Enter the MSG91 auth key'
    if (sms.auth_key) changedSecrets.push('msg91 auth key changed')
    msg91 = { sender: sms.sender_id, key: authKey }
  } else if (sms.enabled && !shop.msg91) errors['sms.sender_id'] = 'Enter the sender id and auth key to turn SMS on'
  if (before.msg91SenderId && !sms.sender_id) changedSecrets.push('msg91 keys removed')

  const templates = { ...before.templates }
  for (const [name, t] of Object.entries(input.templates) as [MessageTemplateName, NonNullable<MessageSettingsInput['templates'][MessageTemplateName]>][]) {
    for (const [field, message] of Object.entries(templateSettingProblems(name, t))) errors[`templates.${name}.${field}`] = message
    templates[name] = { whatsappName: t.whatsapp_name, language: t.language, dltTemplateId: t.dlt_template_id, vars: t.vars }
  }
  // a sign-in code must be able to go out on SMS when SMS is the only channel on its own account
  if (sms.enabled && msg91.sender && !wa.enabled && !templates.sign_in_code?.dltTemplateId)
    errors['templates.sign_in_code.dlt_template_id'] = 'Enter the DLT template id of the sign-in code: with WhatsApp off, codes go by SMS'
  if (Object.keys(errors).length) return invalidFields(errors)

  const values = {
    whatsappEnabled: wa.enabled,
    smsEnabled: sms.enabled,
    whatsappPhoneNumberId: whatsapp.id,
    whatsappAccessToken: whatsapp.token,
    whatsappAppSecret: whatsapp.secret,
    whatsappVerifyToken: before.whatsappVerifyToken || token(),
    msg91SenderId: msg91.sender,
    msg91AuthKey: msg91.key,
    msg91ReportToken: before.msg91ReportToken || token(),
    templates,
    updatedAt: new Date(),
  }
  const saved = await staffWrite(ctx, { action: 'message_settings.update', entity: ENTITY.entity, data: { secrets: changedSecrets } }, async (tx) => {
    const row = existing ? await updateSettings(tx, websiteId, values) : await insertSettings(tx, websiteId, values)
    return { result: row, id: websiteId, before: existing ? auditRecord(existing) : null, after: auditRecord(row) }
  })
  return ok(answer(ctx, saved, origin))
}

/**
 * Asks the provider whether it takes the keys given, else the saved ones, else the install's, without sending a
 * message (WhatsApp: reads the phone number; MSG91: reads the balance), through the same client and addresses as sends.
 */
export async function testMessagingConnection(ctx: StaffCtx, http: MessagesHttp, input: TestMessagingInput): Promise<{ ok: boolean; message: string }> {
  const c = ctx.config
  if (c.MESSAGES_MODE === 'off') return { ok: false, message: 'Messaging is off for this installation (MESSAGES_MODE=off)' }
  const row = await findSettings(ctx.db, ctx.site.id)
  const saved = (column: SealedColumn) => (row ? openSealed(c, row, column) : null)
  const timeout = c.MESSAGES_HTTP_TIMEOUT_MS
  const apiBase = { whatsapp: c.WHATSAPP_API_BASE ?? 'https://graph.facebook.com', msg91: c.MSG91_API_BASE ?? 'https://control.msg91.com' }
  try {
    if (input.channel === 'whatsapp') {
      const id = input.phone_number_id || row?.whatsappPhoneNumberId || c.WHATSAPP_PHONE_NUMBER_ID || ''
      const accessToken =
        input.access_token ||
        (id === row?.whatsappPhoneNumberId ? saved('whatsappAccessToken') : null) ||
        (id === c.WHATSAPP_PHONE_NUMBER_ID ? c.WHATSAPP_ACCESS_TOKEN : null)
      if (!id || !accessToken) return { ok: false, message: 'Enter the phone number id and access token to test them' }
      const number = await checkWhatsApp(http, { apiBase: apiBase.whatsapp, version: c.WHATSAPP_API_VERSION, phoneNumberId: id, accessToken }, timeout)
      return { ok: true, message: `WhatsApp accepted the keys: ${number.name ? `${number.name}, ` : ''}${number.number}` }
    }
    const authKey = input.auth_key || saved('msg91AuthKey') || c.MSG91_AUTH_KEY
    if (!authKey) return { ok: false, message: 'Enter the auth key to test it' }
    const { balance } = await checkMsg91(http, { apiBase: apiBase.msg91, authKey }, timeout)
    return { ok: true, message: `MSG91 accepted the auth key (balance: ${balance} SMS)` }
  } catch (err) {
    if (!(err instanceof MessageSendError)) throw err
    const name = err.provider === 'whatsapp' ? 'WhatsApp' : 'MSG91'
    if (err.code === 'timeout' || err.code === 'network') return { ok: false, message: `${name} did not answer (${err.code}): try again in a moment` }
    return { ok: false, message: `${name} refused the keys: ${err.message.replace(/^\w+: /, '')}` }
  }
}
