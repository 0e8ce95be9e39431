import type { FastifyInstance, FastifyReply } from 'fastify'
import * as z from 'zod/mini'
import { MESSAGE_TEMPLATES, type MessageTemplateName, renderTemplate, SIMULATOR_DLT_TEMPLATE_IDS } from '../../../common/rules/message-templates'
import type { MessagesSim } from './simulator'
import { msg91RequestId } from './store'

/**
 * MSG91's SMS APIs (docs: control.msg91.com/apidoc/textsms/send-sms-flow.php and the v5 OTP API): the `authkey` header,
 * `POST /api/v5/flow` with `template_id` (formerly `flow_id`), `sender`, `short_url` and `recipients: [{ mobiles:
 * "91…", VAR1, VAR2… }]`, answered `{ type: "success", message: <request id> }`; `POST /api/v5/otp?template_id=&mobile=&otp=`
 * answered `{ type: "success", request_id }`. Every commercial SMS in India goes out on a DLT-registered template and
 * sender id: a template id the simulator does not know is refused as MSG91 refuses one not linked to a DLT template.
 */
const Recipient = z.looseObject({ mobiles: z.string().check(z.regex(/^91[6-9]\d{9}$/)) })
const FlowBody = z.object({
  template_id: z.optional(z.string().check(z.regex(/^\d{10,25}$/))),
  flow_id: z.optional(z.string().check(z.regex(/^\d{10,25}$/))),
  sender: z.optional(z.string().check(z.regex(/^[A-Z]{6}$/))),
  short_url: z.optional(z.enum(['0', '1'])),
  recipients: z.array(Recipient).check(z.minLength(1), z.maxLength(100)),
})

const TEMPLATE_BY_DLT = new Map(Object.entries(SIMULATOR_DLT_TEMPLATE_IDS).map(([name, id]) => [id, name as MessageTemplateName]))
const error = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ type: 'error', message })

export async function msg91Api(app: FastifyInstance, { sim }: { sim: MessagesSim }) {
  const authorised = async (authkey: unknown) => typeof authkey === 'string' && (await sim.msg91Account(authkey)) !== null

  // the balance (GET /api/balance.php?authkey=&type=4): a number of SMS, what "Test connection" reads
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/balance.php', async (req, reply) => {
    if (!(await authorised(req.query.authkey))) return error(reply, 401, 'Authentication failure')
    return reply.type('text/plain').send('10000')
  })

  app.post('/api/v5/flow', async (req, reply) => {
    if (!(await authorised(req.headers.authkey))) return error(reply, 401, 'Authentication failure')
    const parsed = FlowBody.safeParse(req.body)
    if (!parsed.success) return error(reply, 400, `${parsed.error.issues[0].path.join('.') || 'body'}: ${parsed.error.issues[0].message}`)
    const body = parsed.data
    const templateId = body.template_id ?? body.flow_id
    const name = templateId ? TEMPLATE_BY_DLT.get(templateId) : undefined
    if (!templateId || !name) return error(reply, 400, 'Invalid template id: not linked to a DLT approved template')
    const account = (await sim.msg91Account(String(req.headers.authkey)))!
    const sender = body.sender ?? account.senderId
    const template = MESSAGE_TEMPLATES[name]
    const requestId = msg91RequestId()
    for (const recipient of body.recipients) {
      const values = Object.fromEntries(template.vars.map((v, i) => [v, String(recipient[`VAR${i + 1}`] ?? recipient[v] ?? '')]))
      const missing = template.vars.find((v) => !values[v])
      if (missing) return error(reply, 400, `recipients: VAR${template.vars.indexOf(missing) + 1} is missing`)
      const accepted = await sim.smsTo(account, {
        id: requestId,
        to: recipient.mobiles.slice(2),
        template: templateId,
        sender,
        text: renderTemplate(template.text, template.vars, values),
      })
      if (!accepted) return error(reply, 400, 'Number is in the DND or blocked list')
    }
    return { type: 'success', message: requestId }
  })

  app.post<{ Querystring: Record<string, string | undefined> }>('/api/v5/otp', async (req, reply) => {
    if (!(await authorised(req.headers.authkey))) return error(reply, 401, 'Authentication failure')
    const { template_id: templateId, mobile, otp } = req.query
    if (!templateId || TEMPLATE_BY_DLT.get(templateId) !== 'sign_in_code')
      return error(reply, 400, 'Invalid template id: not linked to a DLT approved template')
    if (!mobile || !/^91[6-9]\d{9}$/.test(mobile)) return error(reply, 400, 'Mobile number is invalid')
    if (!otp || !/^\d{4,9}$/.test(otp)) return error(reply, 400, 'OTP is invalid')
    const account = (await sim.msg91Account(String(req.headers.authkey)))!
    const requestId = msg91RequestId()
    const template = MESSAGE_TEMPLATES.sign_in_code
    const text = renderTemplate(template.text, template.vars, { code: otp })
    if (!(await sim.smsTo(account, { id: requestId, to: mobile.slice(2), template: templateId, sender: account.senderId, text })))
      return error(reply, 400, 'Number is in the DND or blocked list')
    return { type: 'success', request_id: requestId }
  })
}
