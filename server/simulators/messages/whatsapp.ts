import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import * as z from 'zod/mini'
import { isMessageTemplateName, MESSAGE_TEMPLATES, renderTemplate } from '../../../common/rules/message-templates'
import type { MessagesSim } from './simulator'
import { wamid } from './store'

/**
 * WhatsApp Business Cloud API, POST /{Version}/{Phone-Number-ID}/messages (Meta's "Send messages" reference):
 * Bearer access token; `messaging_product: "whatsapp"`, `to`, `type: "template"`, `template: { name, language: { code },
 * components }`. Body parameters fill {{1}}…; an authentication template also needs its copy-code button, sent as
 * `{ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: <code> }] }`.
 */
const TextParam = z.object({ type: z.literal('text'), text: z.string().check(z.minLength(1), z.maxLength(1024)) })
const Component = z.union([
  z.object({ type: z.literal('body'), parameters: z.array(TextParam) }),
  z.object({ type: z.literal('header'), parameters: z.array(TextParam) }),
  z.object({
    type: z.literal('button'),
    sub_type: z.enum(['url', 'quick_reply', 'copy_code']),
    index: z.union([z.string().check(z.regex(/^\d$/)), z.number()]),
    parameters: z.array(TextParam),
  }),
])
const SendBody = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.optional(z.literal('individual')),
  to: z.string().check(z.regex(/^\+?\d{8,15}$/)),
  type: z.literal('template'),
  template: z.object({
    name: z.string().check(z.regex(/^[a-z0-9_]{1,512}$/)),
    language: z.object({ code: z.string().check(z.regex(/^[a-z]{2}(_[A-Z]{2})?$/)) }),
    components: z._default(z.array(Component), []),
  }),
})

/** Graph API errors: `{ error: { message, type, code, error_data?, fbtrace_id } }`. */
export function graphError(reply: FastifyReply, status: number, code: number, message: string, details?: string) {
  return reply.code(status).send({
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  })
}

function bearer(header: string | undefined) {
  const m = /^Bearer (\S+)$/.exec(header ?? '')
  return m?.[1] ?? null
}

export async function whatsappApi(app: FastifyInstance, { sim }: { sim: MessagesSim }) {
  // Meta's phone number node (GET /{version}/{phone-number-id}?fields=…): what "Test connection" reads
  app.get<{ Params: { version: string; phoneNumberId: string } }>('/:version/:phoneNumberId', async (req, reply) => {
    const token = bearer(req.headers.authorization)
    if (!token || !(await sim.knowsWhatsAppToken(token))) return graphError(reply, 401, 190, 'Invalid OAuth access token - Cannot parse access token')
    const account = await sim.whatsappAccount(req.params.phoneNumberId)
    if (!account || account.accessToken !== token)
      return graphError(
        reply,
        400,
        100,
        `Unsupported get request. Object with ID '${req.params.phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      )
    return {
      verified_name: 'Simulator shop',
      display_phone_number: `+91 ${req.params.phoneNumberId.slice(-10)}`,
      quality_rating: 'GREEN',
      id: req.params.phoneNumberId,
    }
  })

  app.post<{ Params: { version: string; phoneNumberId: string } }>('/:version/:phoneNumberId/messages', async (req, reply) => {
    const account = await sim.whatsappAccount(req.params.phoneNumberId)
    const token = bearer(req.headers.authorization)
    if (!token || !account || token !== account.accessToken) return graphError(reply, 401, 190, 'Invalid OAuth access token - Cannot parse access token')
    if (!/^v\d+\.\d+$/.test(req.params.version)) return graphError(reply, 400, 2500, 'Unknown path components')
    const parsed = SendBody.safeParse(req.body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return graphError(reply, 400, 100, `(#100) Invalid parameter: ${issue.path.join('.') || 'body'}`, issue.message)
    }
    const body = parsed.data
    const digits = body.to.replace(/^\+/, '')
    if (!/^91[6-9]\d{9}$/.test(digits)) return graphError(reply, 400, 131030, '(#131030) Recipient phone number not in allowed list')
    const check = checkTemplate(body.template)
    if (typeof check === 'object') return graphError(reply, 400, check.code, check.message, check.details)
    const to = digits.slice(2)
    if (await sim.store.takeFailure(to, 'whatsapp', ['reject']))
      return graphError(reply, 400, 131026, '(#131026) Message undeliverable', 'The recipient is not on WhatsApp or cannot receive this message.')
    const message = await sim.store.record({ id: wamid(), channel: 'whatsapp', to, template: body.template.name, text: check })
    await sim.statuses.whatsapp(account, message)
    return reply
      .code(200)
      .send({ messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: digits }], messages: [{ id: message.id, message_status: 'accepted' }] })
  })
}

/** The simulator's "approved" templates are the demo's (common/rules/message-templates.ts): the text the phone shows, or why not. */
function checkTemplate(t: z.infer<typeof SendBody>['template']): string | { code: number; message: string; details: string } {
  if (!isMessageTemplateName(t.name))
    return {
      code: 132001,
      message: '(#132001) Template name does not exist in the translation',
      details: `template name (${t.name}) does not exist in ${t.language.code}`,
    }
  const template = MESSAGE_TEMPLATES[t.name]
  const body = t.components.find((c) => c.type === 'body')?.parameters ?? []
  if (body.length !== template.vars.length)
    return {
      code: 132000,
      message: '(#132000) Number of parameters does not match the expected number of params',
      details: `body: number of localizable_params (${body.length}) does not match the expected number of params (${template.vars.length})`,
    }
  if (template.category === 'authentication') {
    const button = t.components.find((c) => c.type === 'button')
    if (button?.type !== 'button' || button.sub_type !== 'url' || String(button.index) !== '0' || button.parameters[0]?.text !== body[0].text)
      return {
        code: 131008,
        message: '(#131008) Required parameter is missing',
        details: 'buttons: the copy-code button (sub_type url, index 0) needs the code',
      }
  }
  const values = Object.fromEntries(template.vars.map((name, i) => [name, body[i].text]))
  return renderTemplate(template.text, template.vars, values)
}
