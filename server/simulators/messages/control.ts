import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { parseUsername } from '../../../common/rules/username'
import { escapeHtml } from '../payments/format'
import type { MessagesSim } from './simulator'
import type { SimMessage } from './store'

const Failure = z.object({
  to: z.string(),
  channel: z.enum(['whatsapp', 'sms']),
  /** reject: the API call answers an error; undelivered: accepted, then a failed status */
  mode: z._default(z.enum(['reject', 'undelivered']), 'reject'),
  count: z._default(z.number().check(z.int(), z.gte(1), z.lte(100)), 1),
})

/** a report address: a path of this app, or a loopback URL */
const ReportUrl = z.string().check(z.regex(/^(\/|http:\/\/(127\.0\.0\.1|\[::1\]|localhost)[:/])/))
const Account = z.object({
  whatsapp: z.optional(
    z.object({
      phone_number_id: z.string().check(z.regex(/^\d{5,20}$/)),
      access_token: z.string().check(z.minLength(8)),
      app_secret: z.string().check(z.minLength(8)),
      webhook_url: ReportUrl,
    }),
  ),
  msg91: z.optional(z.object({ auth_key: z.string().check(z.minLength(8)), sender_id: z.string().check(z.regex(/^[A-Z]{6}$/)), webhook_url: ReportUrl })),
})

const mobileOf = (raw: unknown) => {
  const u = typeof raw === 'string' ? parseUsername(raw) : null
  return u?.kind === 'mobile' ? u.value : null
}

/**
 * The messages simulator's control plane (never in production): CONTRACT "GET /__sim/messages?to={mobile}", failures
 * on demand, and the page a demo reads codes from (/sim/messages).
 */
export async function messagesControl(app: FastifyInstance, { sim }: { sim: MessagesSim }) {
  app.get<{ Querystring: { to?: string } }>('/__sim/messages', async (req, reply) => {
    const to = mobileOf(req.query.to)
    if (!to) return reply.code(400).send({ message: 'to: a 10-digit mobile number' })
    return (await sim.store.to(to)).map((m) => ({ channel: m.channel, template: m.template, text: m.text, status: m.status, sent_at: m.sent_at }))
  })

  app.post('/__sim/messages/failures', async (req, reply) => {
    const parsed = Failure.safeParse(req.body ?? {})
    const to = parsed.success ? mobileOf(parsed.data.to) : null
    if (!parsed.success || !to) return reply.code(400).send({ message: parsed.success ? 'to: a 10-digit mobile number' : parsed.error.issues[0].message })
    await sim.store.planFailure(to, { channel: parsed.data.channel, mode: parsed.data.mode, remaining: parsed.data.count })
    return { planned: true }
  })

  // an account "made" at a provider for a website's own keys (tests, demos): its reports go to the website's address
  app.post('/__sim/messages/accounts', async (req, reply) => {
    const parsed = Account.safeParse(req.body ?? {})
    if (!parsed.success) return reply.code(400).send({ message: parsed.error.issues[0].message })
    const { whatsapp, msg91 } = parsed.data
    if (whatsapp)
      await sim.addWhatsApp({
        phoneNumberId: whatsapp.phone_number_id,
        accessToken: whatsapp.access_token,
        appSecret: whatsapp.app_secret,
        webhookUrl: whatsapp.webhook_url,
      })
    if (msg91) await sim.addMsg91({ authKey: msg91.auth_key, senderId: msg91.sender_id, webhookUrl: msg91.webhook_url })
    return { added: true }
  })

  app.delete('/__sim/messages', async () => {
    await sim.store.clear()
    return { cleared: true }
  })

  app.get('/sim/messages', async (_req, reply) => {
    const byPhone = new Map<string, SimMessage[]>()
    for (const m of await sim.store.all()) byPhone.set(m.to, [...(byPhone.get(m.to) ?? []), m])
    const sections = [...byPhone]
      .map(
        ([phone, list]) =>
          `<section class="sim-phone"><h2>+91 ${escapeHtml(phone)}</h2><ol>${list
            .map(
              (m) =>
                `<li><p><strong>${m.channel === 'whatsapp' ? 'WhatsApp' : `SMS from ${escapeHtml(m.sender ?? '')}`}</strong> · ${escapeHtml(m.template)} · ${escapeHtml(m.status)} · <time datetime="${m.sent_at}">${escapeHtml(m.sent_at.replace('T', ' ').slice(0, 19))} UTC</time></p><p class="sim-text">${escapeHtml(m.text)}</p></li>`,
            )
            .join('')}</ol></section>`,
      )
      .join('\n')
    const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<link rel="icon" href="data:,"><title>Phones · Messages simulator</title><link rel="stylesheet" href="/sim/sim.css"></head>
<body class="sim-page"><p class="sim-banner">Messages simulator — nothing reaches a real phone</p>
<main><h1 class="sim-title">What each phone received</h1>
<p class="sim-muted">WhatsApp messages and SMS the shop sent through the simulator, newest first. Reload to see new ones.</p>
${sections || '<p>No messages yet. Ask for a sign-in code on the shop and reload.</p>'}
</main></body></html>
`
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
  })
}
