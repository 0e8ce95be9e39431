import { MESSAGE_TEMPLATES, type MessageTemplateName } from '../../../../common/rules/message-templates'
import { call, MessageSendError, type MessagesHttp } from './http'

export interface Msg91Account {
  apiBase: string
  authKey: string
  /** the 6-letter DLT sender id */
  senderId: string
  /** template → DLT template id */
  templateIds: Partial<Record<MessageTemplateName, string>>
  /** per message, the website's order of the DLT template's variables (VAR1…); else the demo's */
  templateVars?: Partial<Record<MessageTemplateName, readonly string[]>>
}

/**
 * MSG91 (control.msg91.com/apidoc/textsms/send-sms-flow.php; the v5 OTP API): the `authkey` header; sign-in codes
 * through POST /api/v5/otp?template_id=&mobile=91…&otp=, every other message through POST /api/v5/flow with
 * `template_id`, `sender` and `recipients: [{ mobiles: "91…", VAR1… }]` (the DLT template's variables in order).
 * Answers MSG91's request id, which its delivery reports name.
 */
export function msg91FlowPayload(account: Msg91Account, to: string, template: MessageTemplateName, vars: Record<string, string>) {
  const recipient: Record<string, string> = { mobiles: `91${to}` }
  const order = account.templateVars?.[template] ?? MESSAGE_TEMPLATES[template].vars
  order.forEach((v, i) => {
    recipient[`VAR${i + 1}`] = vars[v]
  })
  return { template_id: account.templateIds[template], sender: account.senderId, short_url: '0', recipients: [recipient] }
}

export async function sendMsg91(
  http: MessagesHttp,
  account: Msg91Account,
  timeoutMs: number,
  message: { to: string; template: MessageTemplateName; vars: Record<string, string> },
): Promise<{ id: string; templateId: string }> {
  const templateId = account.templateIds[message.template]
  if (!templateId) throw new MessageSendError('msg91', 'no_template', `no DLT template id for ${message.template}`)
  const base = account.apiBase.replace(/\/$/, '')
  const headers = { authkey: account.authKey, 'content-type': 'application/json', accept: 'application/json' }
  const res =
    message.template === 'sign_in_code'
      ? await call(http, 'msg91', `${base}/api/v5/otp?${new URLSearchParams({ template_id: templateId, mobile: `91${message.to}`, otp: message.vars.code })}`, {
          method: 'POST',
          headers,
          body: '{}',
          timeoutMs,
        })
      : await call(http, 'msg91', `${base}/api/v5/flow`, {
          method: 'POST',
          headers,
          body: JSON.stringify(msg91FlowPayload(account, message.to, message.template, message.vars)),
          timeoutMs,
        })
  const body = res.body as { type?: unknown; message?: unknown; request_id?: unknown } | null
  const id = typeof body?.request_id === 'string' ? body.request_id : body?.message
  if (res.status === 200 && body?.type === 'success' && typeof id === 'string') return { id, templateId }
  throw new MessageSendError('msg91', `http_${res.status}`, `answered ${res.status}`)
}

/**
 * "Test connection": MSG91's balance (GET /api/balance.php?authkey=…&type=4, the transactional route), which sends
 * nothing; a number when the auth key is accepted.
 */
export async function checkMsg91(http: MessagesHttp, account: Pick<Msg91Account, 'apiBase' | 'authKey'>, timeoutMs: number) {
  const url = `${account.apiBase.replace(/\/$/, '')}/api/balance.php?${new URLSearchParams({ authkey: account.authKey, type: '4' })}`
  const res = await call(http, 'msg91', url, { method: 'GET', headers: { accept: 'application/json' }, timeoutMs })
  const balance = typeof res.body === 'number' ? res.body : typeof res.body === 'string' && /^\d+(\.\d+)?$/.test(res.body) ? Number(res.body) : null
  if (res.status === 200 && balance !== null) return { balance }
  const body = res.body as { msg?: unknown; message?: unknown } | null
  const why = typeof body?.msg === 'string' ? body.msg : typeof body?.message === 'string' ? body.message : `answered ${res.status}`
  throw new MessageSendError('msg91', `http_${res.status}`, why.slice(0, 200))
}
