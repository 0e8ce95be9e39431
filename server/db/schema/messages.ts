import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { websites } from './sites'

/**
 * Messages sent to phones (issue #32): what the staff's message log shows (to whom, which template, status, cost
 * units), never the text; `vars` are kept only for messages whose failure falls back to SMS later (never a code), and
 * rows older than MESSAGES_RETENTION_DAYS are deleted by the scheduled job.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id').references(() => websites.id, { onDelete: 'cascade' }),
    toMobile: text('to_mobile').notNull(),
    /** whatsapp | sms */
    channel: text('channel').notNull(),
    /** common/rules/message-templates.ts */
    template: text('template').notNull(),
    /** the WhatsApp template name or the DLT template id it went out on */
    providerTemplate: text('provider_template').notNull(),
    /** whatsapp | msg91 */
    provider: text('provider').notNull(),
    /** WhatsApp's wamid, MSG91's request id */
    providerMessageId: text('provider_message_id'),
    /** accepted | sent | delivered | read | failed | limited */
    status: text('status').notNull(),
    errorCode: text('error_code'),
    /** the WhatsApp message this SMS stands in for */
    fallbackOf: integer('fallback_of'),
    costUnits: integer('cost_units').notNull().default(0),
    /** whose provider account it went out on: the website's own keys, or the install's (environment) */
    keys: text('keys').notNull().default('shop'),
    vars: jsonb('vars').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_website_created_idx').on(t.websiteId, t.createdAt),
    index('messages_to_created_idx').on(t.toMobile, t.createdAt),
    index('messages_provider_id_idx').on(t.provider, t.providerMessageId),
  ],
)

/** A shopper's choice per website and number: the channel they want, and whether order updates may be sent at all. */
export const messagePreferences = pgTable(
  'message_preferences',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    mobile: text('mobile').notNull(),
    /** whatsapp | sms */
    channel: text('channel').notNull().default('whatsapp'),
    /** true only once the shopper opted in to order updates (WhatsApp's rule); false: none (sign-in codes they ask for still come) */
    updates: boolean('updates').notNull().default(false),
    /** when and where the opt-in was given (checkout | account | backfill); kept after an opt-out as its record */
    optedInAt: timestamp('opted_in_at', { withTimezone: true }),
    optedInVia: text('opted_in_via'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.mobile] })],
)

/** What a template needs per website: its WhatsApp name and language, its DLT template id, and its variables in the
 * order the registered templates number them ({{1}}…, VAR1…). */
interface MessageTemplateSetting {
  whatsappName: string
  language: string
  dltTemplateId: string
  vars: string[]
}

/**
 * A website's messaging (issue #32, decision 0052): which channels are on, its own provider keys (secrets sealed like
 * payment keys, platform/secret-box.ts), the tokens its report addresses carry, and its templates. No row: the
 * install's keys (environment) and the demo templates.
 */
export const messageSettings = pgTable('message_settings', {
  websiteId: integer('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  whatsappEnabled: boolean('whatsapp_enabled').notNull().default(true),
  smsEnabled: boolean('sms_enabled').notNull().default(true),
  whatsappPhoneNumberId: text('whatsapp_phone_number_id'),
  /** sealed */
  whatsappAccessToken: text('whatsapp_access_token'),
  /** sealed: signs this website's webhooks */
  whatsappAppSecret: text('whatsapp_app_secret'),
  /** what Meta's hub.verify_token must be for this website's webhook (ours, shown to staff) */
  whatsappVerifyToken: text('whatsapp_verify_token').notNull(),
  /** sealed */
  msg91AuthKey: text('msg91_auth_key'),
  msg91SenderId: text('msg91_sender_id'),
  /** the secret this website's MSG91 report address carries (MSG91 does not sign reports) */
  msg91ReportToken: text('msg91_report_token').notNull(),
  templates: jsonb('templates').$type<Record<string, MessageTemplateSetting>>().notNull().default({}),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
