import * as z from 'zod/mini'
import { MESSAGE_TEMPLATE_NAMES } from '../rules/message-templates'
import { staleBody, Version } from './admin'
import { defineContract } from './http'
import { text } from './text'

/**
 * Staff calls of a website's messaging (issue #32, docs/decisions/0052-whatsapp-and-dlt-sms.md): which channels are on,
 * the website's own WhatsApp Business and MSG91 keys (secrets go in, never out: answers say only whether one is saved),
 * and each message's registered templates with a preview. With no keys of its own a website uses the install's.
 */

const int = () => z.number().check(z.int())

const MESSAGE_KEY_SOURCES = ['own', 'shop', 'none'] as const

const MessageTemplateRow = z.object({
  name: z.enum(MESSAGE_TEMPLATE_NAMES),
  label: z.string(),
  category: z.enum(['authentication', 'utility']),
  /** the variables this message fills, each of which the registered templates must have */
  needs: z.array(z.string()),
  whatsapp_name: z.string(),
  language: z.string(),
  /** empty: this message is not sent by SMS (no DLT template) */
  dlt_template_id: z.string(),
  /** the variables in the order the registered templates number them ({{1}}…, VAR1…) */
  vars: z.array(z.string()),
  /** the message with sample data, as a phone shows it */
  preview: z.string(),
})

export const MessageSettingsAnswer = z.object({
  mode: z.enum(['simulator', 'live', 'off']),
  whatsapp: z.object({
    enabled: z.boolean(),
    phone_number_id: z.nullable(z.string()),
    access_token_set: z.boolean(),
    app_secret_set: z.boolean(),
    keys: z.enum(MESSAGE_KEY_SOURCES),
    /** where to point this website's webhook in Meta's app dashboard, and the verify token to give there */
    webhook_url: z.string(),
    verify_token: z.string(),
  }),
  sms: z.object({
    enabled: z.boolean(),
    sender_id: z.nullable(z.string()),
    auth_key_set: z.boolean(),
    keys: z.enum(MESSAGE_KEY_SOURCES),
    /** the delivery-report address to give MSG91 (it carries this website's token) */
    report_url: z.string(),
  }),
  templates: z.array(MessageTemplateRow),
  version: int(),
})
export type MessageSettingsAnswer = z.infer<typeof MessageSettingsAnswer>

/** A secret as typed: empty (or absent) keeps the saved one. */
const Secret = (label: string) =>
  z.optional(
    text(label, [
      z.trim(),
      z.maxLength(500, `${label} is at most 500 characters`),
      z.refine((v) => v === '' || (v.length >= 8 && /^\S+$/.test(v)), `${label} looks wrong: at least 8 characters, no spaces`),
    ]),
  )

const PHONE_NUMBER_ID = /^\d{5,20}$/
const SENDER_ID = /^[A-Z]{6}$/

const PhoneNumberId = text('Phone number id', [
  z.trim(),
  z.maxLength(20, 'A phone number id is at most 20 digits'),
  z.refine((v) => v === '' || PHONE_NUMBER_ID.test(v), 'The phone number id is digits only (WhatsApp Manager → Phone numbers)'),
])
const SenderId = text('Sender id', [
  z.trim(),
  z.maxLength(6, 'A sender id is 6 capital letters'),
  z.refine((v) => v === '' || SENDER_ID.test(v), 'A DLT sender id is 6 capital letters, like KRNFSH'),
])

const TemplateInput = z.strictObject({
  whatsapp_name: text('WhatsApp template name', [z.trim(), z.maxLength(512, 'A WhatsApp template name is at most 512 characters')]),
  language: text('Language', [z.trim(), z.maxLength(5, 'The language is a code like en or en_US')]),
  dlt_template_id: text('DLT template id', [z.trim(), z.maxLength(25, 'A DLT template id is at most 25 digits')]),
  vars: z.array(text('Variable', [z.trim(), z.maxLength(30, 'A variable name is at most 30 characters')])).check(z.maxLength(10, 'At most 10 variables')),
})

export const MessageSettingsInput = z.strictObject({
  version: Version,
  whatsapp: z.strictObject({
    enabled: z.boolean(),
    /** empty removes the website's own WhatsApp keys (the install's are used again) */
    phone_number_id: PhoneNumberId,
    access_token: Secret('Access token'),
    app_secret: Secret('App secret'),
  }),
  sms: z.strictObject({
    enabled: z.boolean(),
    /** empty removes the website's own MSG91 keys */
    sender_id: SenderId,
    auth_key: Secret('Auth key'),
  }),
  /** the messages whose registration changes; the rest keep theirs */
  templates: z._default(z.partialRecord(z.enum(MESSAGE_TEMPLATE_NAMES), TemplateInput), {}),
})
export type MessageSettingsInput = z.infer<typeof MessageSettingsInput>

export const getMessageSettings = defineContract({
  method: 'GET',
  path: '/api/admin/message-settings',
  summary:
    'Admin: how this website messages phones (WhatsApp, SMS by MSG91), its keys (secrets never answered, only whether one is saved) and each message’s templates with a preview',
  response: MessageSettingsAnswer,
})

export const updateMessageSettings = defineContract({
  method: 'PUT',
  path: '/api/admin/message-settings',
  summary:
    'Admin: saves the messaging settings (send `version`; 409 `stale` when someone saved in between). An empty secret keeps the saved one; an empty phone number id or sender id removes the website’s own keys; templates are checked against the variables each message needs (422 per field).',
  body: MessageSettingsInput,
  response: MessageSettingsAnswer,
  stale: staleBody(MessageSettingsAnswer),
})

export const TestMessagingInput = z.discriminatedUnion('channel', [
  z.strictObject({ channel: z.literal('whatsapp'), phone_number_id: z.optional(PhoneNumberId), access_token: Secret('Access token') }),
  z.strictObject({ channel: z.literal('sms'), auth_key: Secret('Auth key') }),
])
export type TestMessagingInput = z.infer<typeof TestMessagingInput>

export const testMessagingConnection = defineContract({
  method: 'POST',
  path: '/api/admin/message-settings/test',
  summary:
    'Admin: asks the provider whether it accepts the keys typed (empty fields: the saved ones, else the install’s), without sending a message; answers its reason when not',
  body: TestMessagingInput,
  response: z.object({ ok: z.boolean(), message: z.string() }),
})
