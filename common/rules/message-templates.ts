/**
 * The messages a shop sends to phones (issue #32), each a template registered with the providers before use: a
 * WhatsApp template (approved by Meta, positional body variables {{1}}, {{2}}…) and a DLT-registered SMS template
 * (MSG91 names its variables VAR1, VAR2… in the Flow API). The variables are listed in the order both sides number
 * them. The texts are what the demo registers; a website names its own approved templates in its settings, and the
 * variables a template needs are checked before those settings are saved.
 */
export const MESSAGE_TEMPLATE_NAMES = [
  'sign_in_code',
  'order_placed',
  'order_confirmed',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refund_processed',
  'payment_link',
  'khata_statement',
  'khata_reminder',
] as const
export type MessageTemplateName = (typeof MESSAGE_TEMPLATE_NAMES)[number]

export interface MessageTemplate {
  /** WhatsApp's category: authentication templates carry a copy-code button; utility ones are about a purchase */
  category: 'authentication' | 'utility'
  /** what the staff see in the message log and settings */
  label: string
  vars: readonly string[]
  /** the registered text, variables as {{name}} (WhatsApp numbers them in `vars` order) */
  text: string
}

export const MESSAGE_TEMPLATES: Record<MessageTemplateName, MessageTemplate> = {
  sign_in_code: {
    category: 'authentication',
    label: 'Sign-in code',
    vars: ['code'],
    // Meta's preset authentication text (with the security recommendation); the SMS says the same
    text: '{{code}} is your verification code. For your security, do not share this code.',
  },
  order_placed: {
    category: 'utility',
    label: 'Order placed',
    vars: ['shop', 'order', 'amount'],
    text: 'Thank you for your {{shop}} order {{order}} of {{amount}}. We will tell you when it is on its way.',
  },
  order_confirmed: {
    category: 'utility',
    label: 'Order confirmed',
    vars: ['shop', 'order', 'amount'],
    text: 'Your {{shop}} order {{order}} of {{amount}} is confirmed. Thank you for shopping with us.',
  },
  out_for_delivery: {
    category: 'utility',
    label: 'Out for delivery',
    vars: ['shop', 'order', 'rider', 'rider_phone'],
    text: 'Your {{shop}} order {{order}} is out for delivery with {{rider}} ({{rider_phone}}).',
  },
  delivered: {
    category: 'utility',
    label: 'Delivered',
    vars: ['shop', 'order'],
    text: 'Your {{shop}} order {{order}} was delivered. Thank you for shopping with us.',
  },
  cancelled: {
    category: 'utility',
    label: 'Cancelled',
    vars: ['shop', 'order'],
    text: 'Your {{shop}} order {{order}} was cancelled. Any payment made online is refunded to its source.',
  },
  refund_processed: {
    category: 'utility',
    label: 'Refund processed',
    vars: ['shop', 'order', 'amount'],
    text: 'A refund of {{amount}} for your {{shop}} order {{order}} has been processed.',
  },
  payment_link: {
    category: 'utility',
    label: 'Payment link',
    vars: ['shop', 'order', 'amount', 'link'],
    text: 'Pay {{amount}} for your {{shop}} order {{order}} here: {{link}}',
  },
  khata_statement: {
    category: 'utility',
    label: 'Khata statement',
    vars: ['shop', 'balance', 'date'],
    text: 'Your {{shop}} khata balance on {{date}} is {{balance}}.',
  },
  khata_reminder: {
    category: 'utility',
    label: 'Khata reminder',
    vars: ['shop', 'balance'],
    text: 'A reminder from {{shop}}: {{balance}} is due on your khata. Please pay at the shop or by UPI.',
  },
}

export const isMessageTemplateName = (name: string): name is MessageTemplateName => (MESSAGE_TEMPLATE_NAMES as readonly string[]).includes(name)

/** The names a template needs that `vars` leaves out or leaves empty. */
export const missingVariables = (name: MessageTemplateName, vars: Record<string, string>) => MESSAGE_TEMPLATES[name].vars.filter((v) => !vars[v]?.trim())

/** The text a phone shows: each {{name}} (or {{n}}, counted in `vars` order) replaced. */
export function renderTemplate(text: string, order: readonly string[], vars: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w]+)\s*\}\}/g, (whole, key: string) => {
    const named = /^\d+$/.test(key) ? order[Number(key) - 1] : key
    return named !== undefined && vars[named] !== undefined ? vars[named] : whole
  })
}

export const messageText = (name: MessageTemplateName, vars: Record<string, string>) =>
  renderTemplate(MESSAGE_TEMPLATES[name].text, MESSAGE_TEMPLATES[name].vars, vars)

/** Demo DLT template ids (19 digits, as the DLT platforms issue them): the simulator's registered templates. */
export const SIMULATOR_DLT_TEMPLATE_IDS: Record<MessageTemplateName, string> = Object.fromEntries(
  MESSAGE_TEMPLATE_NAMES.map((name, i) => [name, `11071600000000000${String(i + 10).padStart(2, '0')}`]),
) as Record<MessageTemplateName, string>

/** What a preview fills a message with (the staff's messaging settings): a made-up order of the shop. */
const SAMPLE_VARS = (shop: string): Record<string, string> => ({
  shop,
  code: '482913',
  order: 'KS-1042',
  amount: '₹1,249.00',
  rider: 'Ravi Kumar',
  rider_phone: '9876501234',
  link: 'https://pay.example/KS-1042',
  balance: '₹2,350.00',
  date: '30 Nov 2026',
})

const WHATSAPP_TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/
const TEMPLATE_LANGUAGE = /^[a-z]{2}(_[A-Z]{2})?$/
/** DLT template ids are 19 digits as the platforms issue them; some older ones are shorter */
const DLT_TEMPLATE_ID = /^\d{10,25}$/

/** A website's registration of one message: its WhatsApp name and language, DLT template id, variables in order. */
interface TemplateSetting {
  whatsapp_name: string
  language: string
  dlt_template_id: string
  vars: string[]
}

/**
 * Why a website's template setting cannot be saved, per field: the variables must be exactly the ones the message
 * needs (each once, in the order the registered templates number them), the name and id in the providers' formats.
 */
export function templateSettingProblems(name: MessageTemplateName, s: TemplateSetting): Record<string, string> {
  const problems: Record<string, string> = {}
  const needs = MESSAGE_TEMPLATES[name].vars
  const label = MESSAGE_TEMPLATES[name].label
  if (s.whatsapp_name && !WHATSAPP_TEMPLATE_NAME.test(s.whatsapp_name))
    problems.whatsapp_name = `${label}: a WhatsApp template name has lower-case letters, digits and _ only`
  if (!TEMPLATE_LANGUAGE.test(s.language)) problems.language = `${label}: the language is a code like en or en_US`
  if (s.dlt_template_id && !DLT_TEMPLATE_ID.test(s.dlt_template_id)) problems.dlt_template_id = `${label}: a DLT template id is 10 to 25 digits`
  const unknown = s.vars.filter((v) => !needs.includes(v))
  const missing = needs.filter((v) => !s.vars.includes(v))
  const twice = s.vars.filter((v, i) => s.vars.indexOf(v) !== i)
  if (unknown.length) problems.vars = `${label} has no variable ${unknown.join(', ')}: it uses ${needs.join(', ')}`
  else if (missing.length) problems.vars = `${label} needs ${missing.join(', ')} in its template`
  else if (twice.length) problems.vars = `${label}: each variable once (${twice.join(', ')} is listed twice)`
  return problems
}

/** The message as a phone would show it, with sample data, variables in the website's order. */
export const previewText = (name: MessageTemplateName, shop: string) => messageText(name, SAMPLE_VARS(shop))
