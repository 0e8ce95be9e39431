import { MESSAGE_TEMPLATES, type MessageTemplateName } from '../../../../common/rules/message-templates'
import { call, MessageSendError, type MessagesHttp } from './http'

export interface WhatsAppAccount {
  apiBase: string
  version: string
  phoneNumberId: string
  accessToken: string
  language: string
  /** per message, the website's registration: the template's name, language and variables in its order */
  templates?: Partial<Record<MessageTemplateName, { name: string; language: string; vars: readonly string[] }>>
}

/**
 * WhatsApp Business Cloud API (Meta's "Messages" reference): POST {base}/{version}/{phone-number-id}/messages with
 * `Authorization: Bearer <token>` and a template message. Body variables are positional text parameters in the
 * template's `vars` order; an authentication template (copy code) repeats the code as the URL button's parameter
 * (sub_type "url", index "0"), which is what the copy-code button copies. Answers the message id (wamid.…).
 */
export function whatsappPayload(
  to: string,
  templateName: string,
  template: MessageTemplateName,
  vars: Record<string, string>,
  language: string,
  order: readonly string[] = MESSAGE_TEMPLATES[template].vars,
) {
  const spec = MESSAGE_TEMPLATES[template]
  const parameters = order.map((v) => ({ type: 'text', text: vars[v] }))
  const components: object[] = [{ type: 'body', parameters }]
  if (spec.category === 'authentication') components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: vars.code }] })
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: `91${to}`,
    type: 'template',
    template: { name: templateName, language: { code: language }, components },
  }
}

export async function sendWhatsApp(
  http: MessagesHttp,
  account: WhatsAppAccount,
  timeoutMs: number,
  message: { to: string; templateName: string; template: MessageTemplateName; vars: Record<string, string> },
): Promise<{ id: string }> {
  const own = account.templates?.[message.template]
  const url = `${account.apiBase.replace(/\/$/, '')}/${account.version}/${encodeURIComponent(account.phoneNumberId)}/messages`
  const res = await call(http, 'whatsapp', url, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(whatsappPayload(message.to, message.templateName, message.template, message.vars, own?.language ?? account.language, own?.vars)),
    timeoutMs,
  })
  const body = res.body as { messages?: { id?: unknown }[]; error?: { code?: unknown } } | null
  const id = body?.messages?.[0]?.id
  if (res.status === 200 && typeof id === 'string') return { id }
  const code = typeof body?.error?.code === 'number' ? String(body.error.code) : `http_${res.status}`
  throw new MessageSendError('whatsapp', code, `answered ${res.status}${body?.error?.code !== undefined ? ` (error ${code})` : ''}`)
}

/**
 * "Test connection": reads the phone number with the token (Graph API GET /{version}/{phone-number-id}?fields=…),
 * which sends nothing. Answers the number's display name, or throws MessageSendError (190: the token; 100: the id).
 */
export async function checkWhatsApp(
  http: MessagesHttp,
  account: Pick<WhatsAppAccount, 'apiBase' | 'version' | 'phoneNumberId' | 'accessToken'>,
  timeoutMs: number,
) {
  const fields = 'display_phone_number,verified_name'
  const url = `${account.apiBase.replace(/\/$/, '')}/${account.version}/${encodeURIComponent(account.phoneNumberId)}?fields=${fields}`
  const res = await call(http, 'whatsapp', url, {
    method: 'GET',
    headers: { authorization: `Bearer ${account.accessToken}`, accept: 'application/json' },
    timeoutMs,
  })
  const body = res.body as { display_phone_number?: unknown; verified_name?: unknown; error?: { code?: unknown; message?: unknown } } | null
  if (res.status === 200 && typeof body?.display_phone_number === 'string')
    return { number: body.display_phone_number, name: typeof body.verified_name === 'string' ? body.verified_name : '' }
  const code = typeof body?.error?.code === 'number' ? String(body.error.code) : `http_${res.status}`
  throw new MessageSendError('whatsapp', code, typeof body?.error?.message === 'string' ? body.error.message.slice(0, 200) : `answered ${res.status}`)
}
