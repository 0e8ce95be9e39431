import * as z from 'zod/mini'
import { defineContract } from './http'
import { text } from './text'
import { MESSAGE_TEMPLATE_NAMES } from '../rules/message-templates'
import { INT_MAX } from './whole-numbers'

/** accepted by the provider → sent → delivered → read; failed; or not sent: opted_out, limited */
export const MESSAGE_STATUSES = ['accepted', 'sent', 'delivered', 'read', 'failed', 'opted_out', 'limited'] as const

/** Issue #32: a shopper's messaging choices on this website, and the staff's message log. */
export const MessagePreferences = z.object({
  mobile: z.string(),
  /** the channel order updates come on first (the other is the fallback) */
  channel: z.enum(['whatsapp', 'sms']),
  /** false: no order updates at all (sign-in codes still come when asked for) */
  updates: z.boolean(),
})

export const getMessagePreferences = defineContract({
  method: 'GET',
  path: '/api/account/messages',
  summary: 'The signed-in shopper’s messaging choices on this website: WhatsApp or SMS, and whether order updates are sent',
  response: MessagePreferences,
})

export const saveMessagePreferences = defineContract({
  method: 'PUT',
  path: '/api/account/messages',
  summary: 'Sets the signed-in shopper’s messaging choices on this website (opting out of updates stops them at once)',
  body: z.strictObject({
    channel: z.enum(['whatsapp', 'sms'], { error: 'Choose WhatsApp or SMS' }),
    updates: z.boolean({ error: 'Say whether order updates may be sent' }),
  }),
  response: MessagePreferences,
})

export const MessageLogRow = z.object({
  id: z.number(),
  to: z.string(),
  template: z.string(),
  channel: z.string(),
  /** the WhatsApp template name or DLT template id it went out on */
  provider_template: z.string(),
  status: z.string(),
  error_code: z.nullable(z.string()),
  /** the WhatsApp message this SMS stands in for */
  fallback_of: z.nullable(z.number()),
  cost_units: z.number(),
  created_at: z.string(),
  status_at: z.string(),
})

export const listMessageLog = defineContract({
  method: 'GET',
  path: '/api/admin/messages',
  summary:
    'Admin: messages sent to phones from this website, newest first, 100 a page (to whom, template, channel, status, cost units; never the text); filtered by number, message, channel or status',
  query: z.object({
    before: z.optional(
      z.coerce
        .number({ error: 'before must be a message id' })
        .check(z.int('before must be a message id'), z.gte(1, 'before must be a message id'), z.lte(INT_MAX, 'before must be a message id')),
    ),
    /** filters: the 10-digit number, the message, the channel, the status */
    mobile: z.optional(text('mobile', [z.regex(/^[6-9]\d{9}$/, 'mobile: a 10-digit mobile number')])),
    template: z.optional(z.enum(MESSAGE_TEMPLATE_NAMES, { error: 'template: one of the messages' })),
    channel: z.optional(z.enum(['whatsapp', 'sms', 'none'], { error: 'channel: whatsapp, sms or none' })),
    status: z.optional(z.enum(MESSAGE_STATUSES, { error: 'status: one of the message statuses' })),
  }),
  response: z.object({ data: z.array(MessageLogRow) }),
})
